/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
/**
 * Issue 16, flows 1 and 3: an offer typed before the session ends is there again after logging in;
 * closing the form with typed input asks first; an offer deleted under the owner's assign confirm
 * says it was not found instead of taking the question away silently.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Offer } from '../../../../src/shared/types';
import { apiLog } from '../../../../src/web/api/log';
import { resetConfigCache } from '../../../../src/web/app/config';
import { refetchTask } from '../../../../src/web/features/push/pushActions';
import { json } from '../../../support/webFetch';
import {
  CHOSEN_UUID,
  makeTask,
  offer,
  otherFreelancer,
  OTHER_UUID,
  owner,
  TASK_UUID,
} from '../tasks/fixtures';
import { calls, meAnswer, renderSlots, route } from './fixtures';

const OFFERS = `/api/tasks/${TASK_UUID}/offers`;

beforeEach(() => {
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  resetConfigCache();
});

async function openOfferForm(u: ReturnType<typeof renderSlots>['user']) {
  await u.click(screen.getByRole('button', { name: 'Make an offer' }));
  return screen.findByRole('dialog', { name: 'Make an offer' });
}

describe('offer form: typed input is not lost', () => {
  it('keeps the offer through a 419 and shows it again after logging in; sent, it is gone', async () => {
    const fetch = route({
      'GET /api/me': meAnswer(otherFreelancer),
      [`POST ${OFFERS}`]: [
        json(419, { message: 'Session expired.' }),
        json(201, { data: [offer(OTHER_UUID, false)] }),
      ],
    });
    const first = renderSlots(makeTask(), otherFreelancer);
    let dialog = await openOfferForm(first.user);
    await first.user.type(within(dialog).getByLabelText('Description'), 'I can come on Monday');
    await first.user.type(within(dialog).getByLabelText('Price, EUR'), '80');
    await first.user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    // The session saga logs out and goes to login, as on any 419.
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/en/login'));
    first.unmount();

    // Logged in again, back on the task: a new page with a new store.
    const second = renderSlots(makeTask(), otherFreelancer);
    dialog = await openOfferForm(second.user);
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Description')).toHaveValue('I can come on Monday'),
    );
    expect(within(dialog).getByLabelText('Price, EUR')).toHaveValue('80');
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'We restored what you typed earlier.',
    );
    await second.user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await calls(fetch, 'POST', OFFERS)[1].json()).toEqual({
      description: 'I can come on Monday',
      price: 80,
      notify_if_not_chosen: false,
    });

    // Sent: the form starts empty again.
    dialog = await openOfferForm(second.user);
    expect(within(dialog).getByLabelText('Description')).toHaveValue('');
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
  }, 20_000);

  it('Escape with typed input asks first: "Keep editing" keeps it, "Discard" drops it', async () => {
    route({ 'GET /api/me': meAnswer(otherFreelancer) });
    const { user: u } = renderSlots(makeTask(), otherFreelancer);
    let dialog = await openOfferForm(u);
    await u.type(within(dialog).getByLabelText('Description'), 'I can come on Monday');

    await u.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Close without saving?' });
    await u.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('dialog', { name: 'Close without saving?' })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Description')).toHaveValue('I can come on Monday');

    // The close button asks the same; "Discard" closes and forgets the draft.
    await u.click(within(dialog).getByRole('button', { name: 'Close' }));
    await u.click(
      within(await screen.findByRole('dialog', { name: 'Close without saving?' })).getByRole(
        'button',
        { name: 'Discard' },
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openOfferForm(u);
    expect(within(dialog).getByLabelText('Description')).toHaveValue('');

    // Nothing typed: Escape closes at once.
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 20_000);
});

describe('assign confirm', () => {
  it('says "offer was not found" when the offer is deleted while its confirm is open', async () => {
    const a: Offer = offer(CHOSEN_UUID, false);
    const fetch = route({
      'GET /api/me': meAnswer(owner),
      [`GET ${OFFERS}`]: [json(200, { data: [a] }), json(200, { data: [] })],
    });
    const { user: u, store } = renderSlots(
      makeTask({ offers: [a], offers_count: 1, status: 'open' }),
      owner,
    );
    await u.click(await screen.findByRole('button', { name: 'Assign' }));
    expect(screen.getByRole('dialog', { name: 'Assign this offer?' })).toBeVisible();

    // Its freelancer deletes it: the push event refetches the task's offers.
    act(() => {
      store.dispatch(refetchTask(TASK_UUID));
    });
    const popup = await screen.findByRole('dialog', { name: 'The offer could not be assigned' });
    expect(popup).toHaveTextContent('The offer was not found.');
    expect(screen.queryByRole('dialog', { name: 'Assign this offer?' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('offer-card')).not.toBeInTheDocument();
    expect(calls(fetch, 'POST', `${OFFERS}/${a.uuid}/choose`)).toHaveLength(0);
    await u.click(within(popup).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
