/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Offer } from '../../../../src/shared/types';
import { apiLog } from '../../../../src/web/api/log';
import { resetConfigCache } from '../../../../src/web/app/config';
import {
  CHOSEN_UUID,
  chosenFreelancer,
  makeTask,
  offer,
  otherFreelancer,
  OTHER_UUID,
  owner,
  TASK_UUID,
  user,
} from '../tasks/fixtures';
import { json } from '../../../support/webFetch';
import { taskPageOpened } from '../../../../src/web/features/push/pushActions';
import { calls, meAnswer, renderSlots, route } from './fixtures';

const OFFERS = `/api/tasks/${TASK_UUID}/offers`;
const customer = user('55555555-5555-4555-8555-555555555555');
const noticeTexts = (state: { notices: Array<{ message: { defaultMessage?: unknown } }> }) =>
  state.notices.map((n) => n.message.defaultMessage);

function withOffers(offers: Offer[], status = 'open') {
  return makeTask({ offers, offers_count: offers.length, status });
}

beforeEach(() => {
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  resetConfigCache();
});

describe('make-offer control by role', () => {
  it('links a visitor to login with ?next and the login tooltip', async () => {
    route({ 'GET /api/me': meAnswer(null) });
    renderSlots(makeTask(), null);
    const link = screen.getByRole('link', { name: 'Make an offer' });
    expect(link).toHaveAttribute('href', '/en/login?next=%2Fen%2Ftasks%2FTK7Q2XYZ');
    expect(link).toHaveAccessibleDescription('Log in to make an offer');
  });

  it('links a logged-in non-freelancer to become-freelancer with its tooltip', async () => {
    route({ 'GET /api/me': meAnswer(customer) });
    renderSlots(makeTask(), customer);
    const link = screen.getByRole('link', { name: 'Make an offer' });
    expect(link).toHaveAttribute('href', '/en/become-freelancer?next=%2Fen%2Ftasks%2FTK7Q2XYZ');
    expect(link).toHaveAccessibleDescription('Become a freelancer to make an offer');
  });

  it('shows no link on an expired task', () => {
    route({ 'GET /api/me': meAnswer(null) });
    renderSlots(makeTask({ due_end: '2020-01-01T10:00:00' }), null);
    expect(screen.queryByRole('link', { name: 'Make an offer' })).not.toBeInTheDocument();
  });

  it('offers nothing on a task whose author deleted their account, to anyone', async () => {
    const freelancer = otherFreelancer;
    for (const viewer of [null, customer, freelancer]) {
      route({ 'GET /api/me': meAnswer(viewer) });
      const { unmount } = renderSlots(makeTask({ author: null }), viewer);
      expect(screen.queryByRole('link', { name: 'Make an offer' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Make an offer' })).not.toBeInTheDocument();
      unmount();
    }
    // The same freelancer gets the button while the author's account exists.
    route({ 'GET /api/me': meAnswer(freelancer) });
    renderSlots(makeTask(), freelancer);
    expect(screen.getByRole('button', { name: 'Make an offer' })).toBeInTheDocument();
  });

  it('gives the owner without offers the find-freelancers link with the exact query', async () => {
    route({ 'GET /api/me': meAnswer(owner) });
    renderSlots(makeTask(), owner);
    expect(screen.getByRole('link', { name: 'No offers yet. Find freelancers' })).toHaveAttribute(
      'href',
      '/en/freelancers?categories=house-cleaning&languages=lv&languages=en&sort_by=freelancer_rating&sort_dir=desc&page=1',
    );
    expect(screen.queryByRole('button', { name: 'Make an offer' })).not.toBeInTheDocument();
  });

  it('asks the owner of an expired task without offers to change the deadline', async () => {
    // Issue 16: nobody can offer any more, so 'find freelancers and invite them' promised nothing.
    route({
      'GET /api/me': meAnswer(owner),
      'GET /api/categories': [json(200, { data: [] })],
    });
    const { user: u } = renderSlots(makeTask({ due_end: '2020-01-01T10:00:00' }), owner);
    expect(screen.queryByRole('link', { name: /Find freelancers/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/invite/i)).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'The deadline has passed without offers, so freelancers can no longer make one. Change the deadline to get offers.',
      ),
    ).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Change the deadline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the task' }, { timeout: 5000 });
    // The edit modal opens at the deadline: its date input has the focus, with the old date.
    const deadline = within(dialog).getByLabelText('End: date');
    await waitFor(() => expect(deadline).toHaveFocus());
    expect(deadline).toHaveValue('2020-01-01');
  });

  it('shows a freelancer with an offer their card instead of the button', async () => {
    const own = offer(OTHER_UUID, false);
    const fetch = route({
      'GET /api/me': meAnswer(otherFreelancer),
      [`GET ${OFFERS}`]: [json(200, { data: [own] })],
    });
    renderSlots(withOffers([own]), otherFreelancer);
    expect(screen.queryByRole('button', { name: 'Make an offer' })).not.toBeInTheDocument();
    const card = await screen.findByTestId('offer-card');
    expect(within(card).getByRole('link', { name: 'Free L.' })).toHaveAttribute(
      'href',
      `/en/user/profile/${OTHER_UUID}`,
    );
    expect(within(card).getByText('€120')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Assign' })).not.toBeInTheDocument();
    await waitFor(() => expect(calls(fetch, 'GET', OFFERS)).toHaveLength(1));
  });
});

describe('offer form', () => {
  it('validates with the shared schema, applies 422 errors, then creates', async () => {
    const fetch = route({
      'GET /api/me': meAnswer(otherFreelancer),
      [`POST ${OFFERS}`]: [
        json(422, { message: 'Invalid', errors: { price: ['The price is too high.'] } }),
        json(201, { data: [offer(OTHER_UUID, false)] }),
      ],
    });
    const { user: u, store } = renderSlots(makeTask(), otherFreelancer);
    await u.click(screen.getByRole('button', { name: 'Make an offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make an offer' });

    await u.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await within(dialog).findAllByText('This field is required.')).toHaveLength(2);
    await waitFor(() => expect(within(dialog).getByLabelText('Description')).toHaveFocus());
    expect(calls(fetch, 'POST', OFFERS)).toHaveLength(0);

    await u.type(within(dialog).getByLabelText('Description'), 'abc');
    await u.type(within(dialog).getByLabelText('Price, EUR'), '900000');
    await u.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(within(dialog).getByText('Use at least 5 characters.')).toBeInTheDocument();
    expect(within(dialog).getByText('The amount cannot be above 500,000.')).toBeInTheDocument();

    await u.type(within(dialog).getByLabelText('Description'), ' and more');
    await u.clear(within(dialog).getByLabelText('Price, EUR'));
    await u.type(within(dialog).getByLabelText('Price, EUR'), '150');
    await u.click(within(dialog).getByLabelText('Notify me if another offer is chosen'));
    await u.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await within(dialog).findByText('The price is too high.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('Price, EUR')).toHaveFocus());
    const body = (await calls(fetch, 'POST', OFFERS)[0].json()) as unknown;
    expect(body).toEqual({ description: 'abc and more', price: 150, notify_if_not_chosen: true });

    await u.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(noticeTexts(store.getState())).toContain('Offer created');
    // Many keystrokes: slower than the default 5 s on a busy machine.
  }, 20_000);

  it('asks before leaving the task with a half-typed offer', async () => {
    route({ 'GET /api/me': meAnswer(otherFreelancer) });
    const { user: u, router } = renderSlots(makeTask(), otherFreelancer);
    await u.click(screen.getByRole('button', { name: 'Make an offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make an offer' });
    await u.type(within(dialog).getByLabelText('Description'), 'I can come on Monday');

    await act(() => router.navigate('/en/tasks'));
    const ask = await screen.findByRole('dialog', { name: 'Leave this page?' });
    await u.click(within(ask).getByRole('button', { name: 'Stay on the page' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).not.toBeInTheDocument(),
    );
    expect(router.state.location.pathname).toBe(`/en/tasks/${makeTask().identifier}`);
    expect(within(dialog).getByLabelText('Description')).toHaveValue('I can come on Monday');

    await act(() => router.navigate('/en/tasks'));
    await u.click(
      within(await screen.findByRole('dialog', { name: 'Leave this page?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Task list' })).toBeInTheDocument();
  }, 20_000);

  it('updates the own offer and says so', async () => {
    const own = offer(OTHER_UUID, false);
    const fetch = route({
      'GET /api/me': meAnswer(otherFreelancer),
      [`GET ${OFFERS}`]: [json(200, { data: [own] })],
      [`PUT ${OFFERS}/${own.uuid}`]: [json(200, { data: { ...own, price: 99 } })],
    });
    const { user: u, store } = renderSlots(withOffers([own]), otherFreelancer);
    await u.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit your offer' });
    expect(within(dialog).getByLabelText('Description')).toHaveValue('I can do it');
    await u.clear(within(dialog).getByLabelText('Price, EUR'));
    await u.type(within(dialog).getByLabelText('Price, EUR'), '99');
    await u.click(within(dialog).getByRole('button', { name: 'Save offer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(noticeTexts(store.getState())).toContain('Offer updated');
    expect(await calls(fetch, 'PUT', `${OFFERS}/${own.uuid}`)[0].json()).toEqual({
      description: 'I can do it',
      price: 99,
      notify_if_not_chosen: false,
    });
  });

  it('closes on 403 (locked) without a notice and refetches the offers', async () => {
    const own = offer(OTHER_UUID, false);
    const fetch = route({
      'GET /api/me': meAnswer(otherFreelancer),
      [`GET ${OFFERS}`]: [json(200, { data: [own] })],
      [`PUT ${OFFERS}/${own.uuid}`]: [json(403, { message: 'Locked.' })],
    });
    const { user: u, store } = renderSlots(withOffers([own]), otherFreelancer);
    await u.click(await screen.findByRole('button', { name: 'Edit' }));
    await u.click(screen.getByRole('button', { name: 'Save offer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(calls(fetch, 'GET', OFFERS)).toHaveLength(2));
    expect(store.getState().notices).toHaveLength(0);
  });
});

describe('offer card actions', () => {
  it('deletes the own offer after confirmation', async () => {
    const own = offer(OTHER_UUID, false);
    const fetch = route({
      'GET /api/me': meAnswer(otherFreelancer),
      [`GET ${OFFERS}`]: [json(200, { data: [own] }), json(200, { data: [] })],
      [`DELETE ${OFFERS}/${own.uuid}`]: [new Response(null, { status: 204 })],
    });
    const { user: u, store } = renderSlots(withOffers([own]), otherFreelancer);
    await u.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete the offer?' });
    await u.click(within(dialog).getByRole('button', { name: 'Delete offer' }));
    await waitFor(() => expect(calls(fetch, 'DELETE', `${OFFERS}/${own.uuid}`)).toHaveLength(1));
    await waitFor(() => expect(noticeTexts(store.getState())).toContain('Offer deleted'));
    await waitFor(() => expect(screen.queryByTestId('offer-card')).not.toBeInTheDocument());
  });

  it('assigns with the hash after confirmation and refetches', async () => {
    const a = offer(CHOSEN_UUID, false);
    const b = { ...offer(OTHER_UUID, false), hash: 'other-hash' };
    const fetch = route({
      'GET /api/me': meAnswer(owner),
      [`GET ${OFFERS}`]: [
        json(200, { data: [a, b] }),
        json(200, { data: [a, { ...b, chosen_at: '2025-01-03T10:00:00.000Z' }] }),
      ],
      [`POST ${OFFERS}/${b.uuid}/choose`]: [json(200, { data: makeTask() })],
    });
    const { user: u, store } = renderSlots(withOffers([a, b]), owner);
    const cards = await screen.findAllByTestId('offer-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByRole('button', { name: 'Chat' })).toBeInTheDocument();
    await u.click(within(cards[1]).getByRole('button', { name: 'Assign' }));
    const dialog = screen.getByRole('dialog', { name: 'Assign this offer?' });
    expect(dialog).toHaveTextContent('Free L. will do the task for €120.');
    await u.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(noticeTexts(store.getState())).toContain('Offer assigned'));
    expect(await calls(fetch, 'POST', `${OFFERS}/${b.uuid}/choose`)[0].json()).toEqual({
      hash: 'other-hash',
      not_chosen_reason: null,
    });
    // The list refetches: the chosen offer first, with its badge, and no assign buttons.
    await waitFor(() => expect(screen.getAllByTestId('offer-card')[0]).toHaveTextContent('Chosen'));
    expect(screen.getAllByTestId('offer-card')[0]).toHaveAttribute('data-offer', b.uuid);
    expect(screen.queryByRole('button', { name: 'Assign' })).not.toBeInTheDocument();
  });

  it('sends the reason the owner picked for the other offers (issue 19)', async () => {
    const a = offer(CHOSEN_UUID, false);
    const b = { ...offer(OTHER_UUID, false), hash: 'other-hash' };
    const fetch = route({
      'GET /api/me': meAnswer(owner),
      [`GET ${OFFERS}`]: [json(200, { data: [a, b] })],
      [`POST ${OFFERS}/${b.uuid}/choose`]: [json(200, { data: makeTask() })],
    });
    const { user: u, store } = renderSlots(withOffers([a, b]), owner);
    const cards = await screen.findAllByTestId('offer-card');
    await u.click(within(cards[1]).getByRole('button', { name: 'Assign' }));
    const dialog = screen.getByRole('dialog', { name: 'Assign this offer?' });
    const select = within(dialog).getByRole('combobox', {
      name: 'Why not the other offers? (optional)',
    });
    expect(select).toHaveValue('');
    expect(select).toHaveAccessibleDescription(
      'Each of the other freelancers sees it on their own offer, and nobody else.',
    );
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'No reason given',
      'Price',
      'Timing',
      'Experience',
      'I chose someone I know',
      'Other',
    ]);
    await u.selectOptions(select, 'Price');
    await u.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(noticeTexts(store.getState())).toContain('Offer assigned'));
    expect(await calls(fetch, 'POST', `${OFFERS}/${b.uuid}/choose`)[0].json()).toEqual({
      hash: 'other-hash',
      not_chosen_reason: 'price',
    });
  });

  it('asks no reason when the offer is the only one', async () => {
    const a = offer(CHOSEN_UUID, false);
    route({
      'GET /api/me': meAnswer(owner),
      [`GET ${OFFERS}`]: [json(200, { data: [a] })],
    });
    const { user: u } = renderSlots(withOffers([a]), owner);
    const card = await screen.findByTestId('offer-card');
    await u.click(within(card).getByRole('button', { name: 'Assign' }));
    const dialog = screen.getByRole('dialog', { name: 'Assign this offer?' });
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('shows the "offer was updated" popup on 409 and refetches the list', async () => {
    const a = offer(CHOSEN_UUID, false);
    const fetch = route({
      'GET /api/me': meAnswer(owner),
      [`GET ${OFFERS}`]: [json(200, { data: [a] })],
      [`POST ${OFFERS}/${a.uuid}/choose`]: [json(409, { message: 'Changed.' })],
    });
    const { user: u, store } = renderSlots(withOffers([a]), owner);
    await u.click(await screen.findByRole('button', { name: 'Assign' }));
    await u.click(
      within(screen.getByRole('dialog', { name: 'Assign this offer?' })).getByRole('button', {
        name: 'Assign',
      }),
    );
    const popup = await screen.findByRole('dialog', { name: 'The offer could not be assigned' });
    expect(popup).toHaveTextContent('The offer was updated. Please review it and try again.');
    await waitFor(() => expect(calls(fetch, 'GET', OFFERS)).toHaveLength(2));
    expect(noticeTexts(store.getState())).not.toContain('Offer assigned');
    await u.click(within(popup).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the "offer not found" popup on 404, even after the offer left the list', async () => {
    const a = offer(CHOSEN_UUID, false);
    route({
      'GET /api/me': meAnswer(owner),
      [`GET ${OFFERS}`]: [json(200, { data: [a] }), json(200, { data: [] })],
      [`POST ${OFFERS}/${a.uuid}/choose`]: [json(404, { message: 'Not found.' })],
    });
    const { user: u } = renderSlots(withOffers([a]), owner);
    await u.click(await screen.findByRole('button', { name: 'Assign' }));
    await u.click(
      within(screen.getByRole('dialog', { name: 'Assign this offer?' })).getByRole('button', {
        name: 'Assign',
      }),
    );
    const popup = await screen.findByRole('dialog', { name: 'The offer could not be assigned' });
    expect(popup).toHaveTextContent('The offer was not found.');
    await waitFor(() => expect(screen.queryByTestId('offer-card')).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'The offer could not be assigned' })).toBeVisible();
  });

  it('redirects to the task list when the offers fetch fails', async () => {
    route({
      'GET /api/me': meAnswer(owner),
      [`GET ${OFFERS}`]: [json(500, { message: 'Boom' })],
    });
    const task = withOffers([offer(CHOSEN_UUID, false)]);
    const { store } = renderSlots(task, owner);
    // The task page around the slots says it is on screen (TaskDetailPage): the sagas start.
    store.dispatch(taskPageOpened({ uuid: task.uuid, slug: task.identifier }));
    expect(await screen.findByRole('heading', { name: 'Task list' })).toBeInTheDocument();
  });
});

describe('lists by role after a choice', () => {
  const chosen = offer(CHOSEN_UUID, true);
  const other = offer(OTHER_UUID, false);

  it('owner: the chosen offer first with its badge, then the others, no assign', async () => {
    route({
      'GET /api/me': meAnswer(owner),
      [`GET ${OFFERS}`]: [json(200, { data: [other, chosen] })],
    });
    renderSlots(withOffers([other, chosen], 'in_progress'), owner);
    await waitFor(() =>
      expect(screen.getAllByTestId('offer-card')[0]).toHaveAttribute('data-offer', chosen.uuid),
    );
    const [first, second] = screen.getAllByTestId('offer-card');
    expect(within(first).getByText('Chosen')).toBeInTheDocument();
    expect(within(second).queryByText(/Chosen/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign' })).not.toBeInTheDocument();
  });

  it('a freelancer who was not chosen sees only their own offer with "Chosen other"', async () => {
    route({
      'GET /api/me': meAnswer(otherFreelancer),
      [`GET ${OFFERS}`]: [json(200, { data: [other] })],
    });
    renderSlots(withOffers([other], 'in_progress'), otherFreelancer);
    const card = await screen.findByTestId('offer-card');
    expect(screen.getAllByTestId('offer-card')).toHaveLength(1);
    expect(within(card).getByText('Chosen other')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it("a freelancer who was not chosen sees the owner's reason on their offer", async () => {
    const lost = { ...other, not_chosen_reason: 'price' as const };
    route({
      'GET /api/me': meAnswer(otherFreelancer),
      [`GET ${OFFERS}`]: [json(200, { data: [lost] })],
    });
    renderSlots(withOffers([lost], 'in_progress'), otherFreelancer);
    const card = await screen.findByTestId('offer-card');
    expect(within(card).getByText('Chosen other')).toBeInTheDocument();
    expect(within(card).getByText('Not chosen: price')).toBeInTheDocument();
  });

  it('the chosen freelancer sees their own offer with "Chosen"', async () => {
    route({
      'GET /api/me': meAnswer(chosenFreelancer),
      [`GET ${OFFERS}`]: [json(200, { data: [chosen] })],
    });
    renderSlots(withOffers([chosen], 'in_progress'), chosenFreelancer);
    const card = await screen.findByTestId('offer-card');
    expect(within(card).getByText('Chosen')).toBeInTheDocument();
    expect(within(card).queryByText('Chosen other')).not.toBeInTheDocument();
  });

  it('a deleted freelancer shows the deleted-user avatar and label', async () => {
    const gone = { ...offer(OTHER_UUID, false), freelancer: null };
    route({
      'GET /api/me': meAnswer(owner),
      [`GET ${OFFERS}`]: [json(200, { data: [gone] })],
    });
    renderSlots(withOffers([gone]), owner);
    const card = await screen.findByTestId('offer-card');
    expect(within(card).getByRole('img', { name: 'Deleted user' })).toBeInTheDocument();
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Chat' })).not.toBeInTheDocument();
  });

  it('the owner cannot assign a deleted freelancer’s offer, only the others', async () => {
    const gone = { ...offer(OTHER_UUID, false), freelancer: null };
    const alive = offer(CHOSEN_UUID, false);
    route({
      'GET /api/me': meAnswer(owner),
      [`GET ${OFFERS}`]: [json(200, { data: [alive, gone] })],
    });
    renderSlots(withOffers([alive, gone]), owner);
    const cards = await screen.findAllByTestId('offer-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByRole('button', { name: 'Assign' })).toBeInTheDocument();
    expect(within(cards[1]).queryByRole('button', { name: 'Assign' })).not.toBeInTheDocument();
  });
});
