/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { act } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import moment from 'moment';
import type { PageRoute } from '../../../../src/web/app/router';
import { apiLog } from '../../../../src/web/api/log';
import { resetConfigCache } from '../../../../src/web/app/config';
import TaskDetailPage from '../../../../src/web/features/tasks/TaskDetailPage';
import { sessionApi } from '../../../../src/web/features/session/sessionApi';
import { taskApi } from '../../../../src/web/features/tasks/taskApi';
import { embedHydration, embedStore, serverStore } from '../../../support/hydration';
import { renderApp } from '../../../support/render';
import { json } from '../../../support/webFetch';
import {
  assignedTask,
  CHOSEN_UUID,
  chosenFreelancer,
  localDateTime,
  makeTask,
  offer,
  otherFreelancer,
  owner,
  OTHER_UUID,
  serve,
  TASK_UUID,
  taskRequests,
} from './fixtures';

// OpenLayers needs a canvas; the map's own tests cover the lazy boundary and its helpers.
jest.mock('../../../../src/web/ui/MapView.ol', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  return {
    __esModule: true,
    default: (props: { label: string; points: Array<{ label: string }> }) =>
      createElement('div', {
        role: 'region',
        'aria-label': props.label,
        'data-markers': props.points.map((p) => p.label).join(','),
      }),
  };
});

const pages: PageRoute[] = [
  { name: 'task', load: async () => ({ default: TaskDetailPage }) },
  { name: 'tasks', load: async () => ({ default: () => <h1>Task list</h1> }) },
];

const open = (slug = 'TK7Q2XYZ') => renderApp({ route: `/en/tasks/${slug}`, pages });

const title = () => screen.findByRole('heading', { level: 1, name: 'Fix the kitchen sink' });

beforeEach(() => {
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  document.getElementById('talka-data')?.remove();
  resetConfigCache();
});

describe('TaskDetailPage for a visitor', () => {
  it('shows the header, meta and details, share links and no owner controls or contacts', async () => {
    serve({ me: null, task: makeTask() });
    open();
    await title();

    const author = screen.getByTestId('task-author');
    expect(within(author).getByRole('link', { name: 'Anna K.' })).toHaveAttribute(
      'href',
      `/en/user/profile/${makeTask().author?.uuid}`,
    );
    expect(within(author).getByText('Business')).toBeInTheDocument();
    expect(within(author).getByRole('img', { name: 'Online' })).toBeInTheDocument();
    expect(within(author).getByRole('img', { name: 'Customer rating 4.8 of 5' })).toBeVisible();

    expect(screen.getByText('Open')).toHaveAttribute('data-status', 'open');
    expect(screen.getByText('Posted 3 hours ago')).toBeInTheDocument();
    expect(screen.getByText('12 views')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Category: House cleaning' })).toHaveAttribute(
      'href',
      '/en/tasks?categories=house-cleaning',
    );
    expect(screen.getByText('TK7Q2XYZ')).toBeInTheDocument();

    expect(screen.queryByRole('button', { name: 'Edit task' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete task' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('task-contacts')).not.toBeInTheDocument();

    const facebook = screen.getByRole('link', { name: /Share on Facebook/ });
    const pageUrl = encodeURIComponent('http://localhost/en/tasks/TK7Q2XYZ');
    expect(facebook).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${pageUrl}`,
    );
    expect(facebook).toHaveAttribute('target', '_blank');
    expect(facebook).toHaveAttribute('rel', expect.stringContaining('noopener'));
    const x = screen.getByRole('link', { name: /Share on X/ });
    expect(x).toHaveAttribute(
      'href',
      `https://twitter.com/intent/tweet?url=${pageUrl}&text=${encodeURIComponent('Fix the kitchen sink')}`,
    );

    expect(screen.getByTestId('task-languages')).toHaveTextContent('LV, EN');
    await waitFor(() =>
      expect(document.title).toBe('Fix the kitchen sink · House cleaning · Talka'),
    );
  });

  it('offers "Make an offer" near the top, beside the budget, before the description (issue 16)', async () => {
    serve({ me: null, task: makeTask() });
    open();
    await title();
    const action = screen.getByRole('link', { name: 'Make an offer' });
    // The page's main action: its bar (fixed at the bottom of a phone's screen) sits with the budget.
    const bar = screen.getByTestId('make-offer');
    expect(bar).toContainElement(action);
    expect(bar.parentElement).toContainElement(screen.getByTestId('budget-badge'));
    const description = screen.getByTestId('task-description');
    expect(
      action.compareDocumentPosition(description) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('sends the locale with the request', async () => {
    const fetchMock = serve({ me: null, task: makeTask() });
    open();
    await title();
    const [request] = taskRequests(fetchMock);
    expect(new URL(request.url).pathname).toBe('/api/tasks/TK7Q2XYZ');
    expect(new URL(request.url).searchParams.get('locale')).toBe('en');
  });

  it('renders the description as literal text with its line breaks kept', async () => {
    serve({ me: null, task: makeTask({ description: '<b>x</b>\nsecond line' }) });
    open();
    await title();
    const description = screen.getByTestId('task-description');
    expect(description.textContent).toBe('<b>x</b>\nsecond line');
    expect(description.querySelector('b')).toBeNull();
    expect(description).toHaveStyle({ whiteSpace: 'pre-line' });
  });

  it.each([
    [100, 100, '€100'],
    [100, 250, '€100 – €250'],
    [1500, 1500, '€1,500'],
  ])('shows the budget %i..%i as %s', async (from, to, text) => {
    serve({ me: null, task: makeTask({ budget_from: from, budget_to: to }) });
    open();
    await title();
    expect(screen.getByTestId('budget-badge')).toHaveTextContent(`Budget: ${text}`);
  });

  it('shows a deleted author as the deleted user, without a profile link', async () => {
    serve({ me: null, task: makeTask({ author: null }) });
    open();
    await title();
    const author = screen.getByTestId('task-author');
    expect(author).toHaveAttribute('data-deleted', 'true');
    expect(within(author).getAllByText('Deleted user').length).toBeGreaterThan(0);
    expect(within(author).getByRole('img', { name: 'Deleted user' })).toBeInTheDocument();
    expect(within(author).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows an expired task as expired', async () => {
    serve({ me: null, task: makeTask({ due_end: localDateTime(moment().subtract(1, 'day')) }) });
    open();
    await title();
    expect(screen.getByText('Expired')).toHaveAttribute('data-status', 'expired');
  });

  it('marks a deadline that expires soon in the warning colour', async () => {
    const dueEnd = moment().add(1, 'day');
    serve({ me: null, task: makeTask({ due_end: localDateTime(dueEnd) }) });
    open();
    await title();
    const deadline = screen.getByTestId('task-deadline');
    expect(deadline).toHaveAttribute('data-expiring-soon', 'true');
    expect(deadline).toHaveTextContent(`${dueEnd.format('DD.MM.YYYY HH:mm')} (Expiring soon)`);
    expect(deadline).toHaveStyle({ color: '#8a5300' });
  });

  it('does not mark a far deadline', async () => {
    serve({ me: null, task: makeTask() });
    open();
    await title();
    expect(screen.getByTestId('task-deadline')).not.toHaveAttribute('data-expiring-soon');
    expect(screen.getByTestId('task-time')).toHaveTextContent(
      /^Deadline: \d\d\.\d\d\.\d{4} \d\d:\d\d$/,
    );
  });

  it('shows "anywhere" and no map for a task without specific locations', async () => {
    serve({ me: null, task: makeTask() });
    open();
    await title();
    expect(within(screen.getByTestId('task-location')).getByText('Anywhere')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Map of the task locations' })).toBeNull();
  });

  it('shows the map with lettered markers and the lettered addresses for specific locations', async () => {
    const location = (address: string, lat: number) => ({
      lat,
      lng: 24.1,
      city: 'Rīga',
      address,
      approximate_address: address,
      distance: 2,
    });
    serve({
      me: null,
      task: makeTask({
        location_type: 'specific',
        locations: [location('Rīga, LV-1010', 56.95), location('Jūrmala, LV-2015', 56.97)],
      }),
    });
    open();
    await title();
    const map = await screen.findByRole('region', { name: 'Map of the task locations' });
    expect(map).toHaveAttribute('data-markers', 'a,b');
    const items = within(screen.getByRole('list', { name: 'Location' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['aRīga, LV-1010', 'bJūrmala, LV-2015']);
    expect(screen.getByText(/Approximate area/)).toBeInTheDocument();
    expect(screen.queryByText('Anywhere')).toBeNull();
  });

  it('has no gallery without images and a tile per image with them', async () => {
    serve({ me: null, task: makeTask() });
    const first = open();
    await title();
    expect(screen.queryByTestId('gallery-tile')).toBeNull();
    first.unmount();

    const images = [1, 2].map((n) => ({
      uuid: `img-${n}`,
      thumbnail: `/uploads/t${n}.jpg`,
      original: `/uploads/o${n}.jpg`,
    }));
    serve({ me: null, task: makeTask({ images }) });
    open();
    await title();
    // The gallery is in the task's media chunk (lazy): it comes in after the page.
    const tiles = await screen.findAllByTestId('gallery-tile');
    expect(tiles).toHaveLength(2);
    expect(
      within(tiles[1]).getByRole('img', { name: 'Photo 2 of 2: Fix the kitchen sink' }),
    ).toHaveAttribute('src', '/uploads/t2.jpg');
  });

  it('copies the task id with a success notice', async () => {
    serve({ me: null, task: makeTask() });
    const { user } = open();
    await title();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy task id' }));
    expect(writeText).toHaveBeenCalledWith('TK7Q2XYZ');
    expect(await screen.findByText('Task id copied')).toBeInTheDocument();
  });

  it('only logs a clipboard failure', async () => {
    serve({ me: null, task: makeTask() });
    const { user, store } = open();
    await title();
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Copy task id' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('[tasks] could not copy the task id', expect.any(Error)),
    );
    expect(store.getState().notices).toEqual([]);
  });

  it('shows the error page with the status when the task cannot be loaded', async () => {
    serve({ me: null, task: 404 });
    const { container, store } = open('TKMISSING');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(container.querySelector('[data-status="404"]')).not.toBeNull();
    // The page renders it itself (handle404), not the global error page.
    expect(store.getState().errorPage).toBeNull();
  });

  it.each([404, 410])(
    'logs a task gone (%i) as an answer, not as a warning; a 500 stays an error',
    async (status) => {
      jest.mocked(apiLog.response).mockRestore();
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const debug = jest.spyOn(console, 'debug').mockImplementation(() => undefined);
      const taskLines = (spy: jest.SpyInstance) =>
        spy.mock.calls.map(([text]) => String(text)).filter((text) => text.includes('/tasks/'));
      serve({ me: null, task: status });
      const { container, unmount } = open('TKGONE');
      await waitFor(() =>
        expect(container.querySelector(`[data-status="${status}"]`)).not.toBeNull(),
      );
      expect(taskLines(debug)).toEqual([expect.stringMatching(`-> ${status}$`)]);
      expect(taskLines(warn)).toEqual([]);
      expect(taskLines(error)).toEqual([]);
      unmount();

      serve({ me: null, task: 500 });
      const broken = open('TKBROKEN').container;
      await waitFor(() => expect(broken.querySelector('[data-status="500"]')).not.toBeNull());
      expect(taskLines(error)).toEqual([expect.stringMatching(/TKBROKEN.* -> 500$/)]);
    },
  );

  it.each([500, 403])('shows the error page for a %i', async (status) => {
    serve({ me: null, task: status });
    const { container } = open('TKBROKEN');
    await waitFor(() =>
      expect(container.querySelector(`[data-status="${status}"]`)).not.toBeNull(),
    );
  });
});

describe('TaskDetailPage when the server process is down (issue 14 item 9)', () => {
  it('shows the outage banner, not a 500, and recovers without a reload once the server is back', async () => {
    const up = serve({ me: null, task: makeTask() });
    let serverUp = false;
    globalThis.fetch = jest.fn(async (input: Request | string) => {
      if (!serverUp) throw new TypeError('Failed to fetch');
      const url = typeof input === 'string' ? input : input.url;
      if (new URL(url).pathname === '/api/health') return json(200, { data: { db: true } });
      return up(input);
    }) as unknown as typeof fetch;
    const { container, store, user } = open();

    const banner = await screen.findByTestId('outage');
    expect(banner).toHaveTextContent('We can’t reach Talka right now.');
    expect(banner).toHaveTextContent('Retrying automatically…');
    expect(screen.queryByRole('heading', { name: 'Something went wrong on our side' })).toBeNull();
    expect(container.querySelector('[data-status="500"]')).toBeNull();
    expect(store.getState().notices).toEqual([]);
    expect(store.getState().errorPage).toBeNull();

    serverUp = true;
    const retry = within(banner).getByRole('button', { name: 'Retry now' });
    await waitFor(() => expect(retry).toBeEnabled());
    await user.click(retry);
    await waitFor(() => expect(screen.queryByTestId('outage')).toBeNull());
    expect(await title()).toBeVisible();
    expect(screen.queryByText('We can’t reach Talka right now.')).toBeNull();
    expect(store.getState().outage).toEqual({ active: false });
  });
});

describe('TaskDetailPage for the owner', () => {
  it('before an offer is chosen: edit opens a modal; delete confirms, deletes and goes to the list', async () => {
    const fetchMock = serve({ me: owner, task: makeTask() });
    const { user, router } = open();
    await title();
    expect(await screen.findByRole('button', { name: 'Edit task' })).toBeVisible();
    expect(screen.getByRole('link', { name: /Share on Facebook/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit task' }));
    // The edit form is its own chunk: the dialog appears once it has loaded.
    const edit = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    await user.click(within(edit).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Delete task' }));
    // The dialog's module loads when a dialog first opens (ui/LazyModal.tsx).
    const confirm = await screen.findByRole('dialog', { name: 'Delete this task?' });
    expect(confirm).toHaveTextContent('“Fix the kitchen sink” will be removed');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/en/tasks'));
    const [request] = taskRequests(fetchMock, 'DELETE');
    expect(new URL(request.url).pathname).toBe(`/api/tasks/${TASK_UUID}`);
    expect(await screen.findByRole('heading', { name: 'Task list' })).toBeInTheDocument();
    expect(screen.getByText('Task deleted').closest('[aria-live]')).toHaveAttribute(
      'aria-live',
      'polite',
    );
  });

  it('keeps the page and refreshes the task when the delete is refused', async () => {
    const fetchMock = serve({ me: owner, task: makeTask(), deleteStatus: 403 });
    const { user, router } = open();
    await title();
    await user.click(await screen.findByRole('button', { name: 'Delete task' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/could not be deleted/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en/tasks/TK7Q2XYZ');
    await waitFor(() => expect(taskRequests(fetchMock)).toHaveLength(2));
  });

  it('after choosing: no edit, delete or share; the contacts with copy and "not specified"', async () => {
    serve({ me: owner, task: assignedTask() });
    const { user } = open();
    await title();
    const contacts = await screen.findByTestId('task-contacts');
    expect(screen.queryByRole('button', { name: 'Edit task' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete task' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Share on/ })).toBeNull();
    expect(screen.getByText('In progress')).toHaveAttribute('data-status', 'in_progress');

    expect(within(contacts).getByText('Not specified')).toBeVisible();
    expect(within(contacts).queryByRole('link', { name: /^\+/ })).toBeNull();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(contacts).getByRole('button', { name: 'free@example.com' }));
    expect(writeText).toHaveBeenCalledWith('free@example.com');
    expect(await screen.findByText('Email copied')).toBeInTheDocument();
  });
});

describe('TaskDetailPage after assignment (issue 16)', () => {
  it('tells the owner who the task went to and the agreed price', async () => {
    serve({
      me: owner,
      task: assignedTask({ offers: [{ ...offer(CHOSEN_UUID, true), price: 75 }] }),
    });
    open();
    await title();
    const agreement = await screen.findByRole('region', { name: 'Agreement' });
    const assignee = within(agreement).getByRole('link', { name: 'Free L.' });
    expect(assignee).toHaveAttribute('href', `/en/user/profile/${CHOSEN_UUID}`);
    expect(within(agreement).getByText('Assigned to')).toBeVisible();
    expect(within(agreement).getByText('Agreed price')).toBeVisible();
    expect(within(agreement).getByTestId('task-agreed-price')).toHaveTextContent('€75');
  });

  it('tells the chosen freelancer the task is theirs, at the agreed price', async () => {
    serve({ me: chosenFreelancer, task: assignedTask() });
    open();
    await title();
    const agreement = await screen.findByRole('region', { name: 'Agreement' });
    expect(within(agreement).getByTestId('task-assignee')).toHaveTextContent('You');
    expect(within(agreement).getByTestId('task-agreed-price')).toHaveTextContent('€120');
  });

  it('shows a visitor neither who the task went to nor the price', async () => {
    serve({ me: null, task: makeTask({ status: 'in_progress', offers_count: 2 }) });
    open();
    await title();
    expect(screen.queryByRole('region', { name: 'Agreement' })).toBeNull();
    expect(screen.queryByText('Agreed price')).toBeNull();
  });
});

describe('TaskDetailPage for freelancers', () => {
  it('the chosen freelancer sees the owner’s contacts and copies the phone', async () => {
    serve({
      me: chosenFreelancer,
      task: assignedTask({
        second_party_contacts: { phone_number: '+371 2000 0000', email: 'anna@example.com' },
      }),
    });
    const { user } = open();
    await title();
    const contacts = await screen.findByTestId('task-contacts');
    expect(within(contacts).queryByText('Not specified')).toBeNull();
    // The number is a tel: link (a phone calls it) beside its copy button.
    expect(within(contacts).getByRole('link', { name: '+371 2000 0000' })).toHaveAttribute(
      'href',
      'tel:+37120000000',
    );
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(contacts).getByRole('button', { name: 'Copy phone number' }));
    expect(writeText).toHaveBeenCalledWith('+371 2000 0000');
    expect(await screen.findByText('Phone number copied')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit task' })).toBeNull();
  });

  it('a freelancer who was not chosen sees no contacts (the machine says no)', async () => {
    serve({
      me: otherFreelancer,
      task: assignedTask({
        offers: [offer(OTHER_UUID, false)],
        // Even if contacts came along, the page only shows what the lifecycle allows.
        second_party_contacts: { phone_number: '+371 2000 0000', email: 'anna@example.com' },
      }),
    });
    open();
    await title();
    await waitFor(() =>
      expect(screen.getByRole('article')).toHaveAttribute('data-role', 'offerer'),
    );
    expect(screen.queryByTestId('task-contacts')).toBeNull();
    expect(screen.queryByRole('link', { name: /Share on/ })).toBeNull();
  });
});

describe('TaskDetailPage loading', () => {
  it("needs no request when the server's render handed the task over", async () => {
    embedHydration((dispatch) =>
      dispatch(
        taskApi.util.upsertQueryEntries([
          { endpointName: 'getTask', arg: { slug: 'TK7Q2XYZ', locale: 'en' }, value: makeTask() },
        ]),
      ),
    );
    const fetchMock = serve({ me: null, task: 500 });
    open();
    await title();
    expect(screen.queryByTestId('task-skeleton')).toBeNull();
    expect(taskRequests(fetchMock)).toHaveLength(0);
  });

  it.each([404, 410])(
    "asks no more when the server's render got a %i (a task gone stays gone)",
    async (status) => {
      const server = serverStore();
      serve({ me: null, task: status });
      await server.dispatch(
        taskApi.endpoints.getTask.initiate({ slug: 'TKMISSING', locale: 'en' }),
      );
      embedStore(server);
      const fetchMock = serve({ me: null, task: status });
      const { container } = open('TKMISSING');
      await waitFor(() =>
        expect(container.querySelector(`[data-status="${status}"]`)).not.toBeNull(),
      );
      // Let any request the first render would start go out.
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
      expect(taskRequests(fetchMock)).toHaveLength(0);
    },
  );

  it('asks again once the visitor who was shown a 410 logs in (the owner sees the task)', async () => {
    const server = serverStore();
    serve({ me: null, task: 410 });
    await server.dispatch(taskApi.endpoints.getTask.initiate({ slug: 'TK7Q2XYZ', locale: 'en' }));
    embedStore(server);
    serve({ me: null, task: 410 });
    const { container, store } = open();
    await waitFor(() => expect(container.querySelector('[data-status="410"]')).not.toBeNull());

    // The owner logs in (in another part of the app); the server now answers with the task.
    const fetchMock = serve({ me: owner, task: makeTask() });
    const login = jest.fn(async () => json(200, { data: owner }));
    const served = globalThis.fetch;
    globalThis.fetch = (async (input: Request | string) => {
      const request = typeof input === 'string' ? new Request(input) : input;
      return new URL(request.url).pathname === '/api/login' ? login() : served(request);
    }) as typeof fetch;
    await act(async () => {
      await store.dispatch(
        sessionApi.endpoints.login.initiate({ email: 'anna@example.com', password: 'secret' }),
      );
    });
    await title();
    expect(login).toHaveBeenCalledTimes(1);
    expect(taskRequests(fetchMock)).toHaveLength(1);
  });

  it('shows a skeleton while the task loads on client navigation', async () => {
    serve({ me: null, task: makeTask(), delayMs: 50 });
    open();
    expect(await screen.findByTestId('task-skeleton')).toBeInTheDocument();
    await title();
    expect(screen.queryByTestId('task-skeleton')).toBeNull();
  });
});
