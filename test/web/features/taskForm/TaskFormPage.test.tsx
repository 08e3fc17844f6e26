/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Task } from '../../../../src/shared/types';
import { apiLog } from '../../../../src/web/api/log';
import { DRAFT_KEY } from '../../../../src/web/features/taskForm/draft';
import TaskFormPage from '../../../../src/web/features/taskForm/TaskFormPage';
import TaskViewPage from '../../../../src/web/features/taskForm/TaskViewPage';
import { renderWithProviders } from '../../../support/render';
import { json } from '../../../support/webFetch';
import { anna, CATEGORIES, FakeXhr, routeFetch, validValues } from './support';

jest.setTimeout(20_000);

const ROUTE = '/en/create-task?category_id=12';

function renderPage(route = ROUTE) {
  return renderWithProviders(<TaskFormPage />, {
    route,
    path: '/en/create-task',
    routes: [
      { path: '/en/login', element: <p>login page</p> },
      { path: '/en/tasks/view/:uuid', element: <p>task view page</p> },
    ],
  });
}

beforeEach(() => {
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
  sessionStorage.clear();
  FakeXhr.install();
  routeFetch({
    '/me': () => json(200, { data: anna }),
    '/categories': () => json(200, { data: CATEGORIES }),
  });
});
afterEach(() => jest.restoreAllMocks());

describe('TaskFormPage', () => {
  it('sends visitors to the login page with ?next back to the form', async () => {
    routeFetch({ '/me': () => json(401, { message: 'Unauthenticated.' }) });
    const { router } = renderPage();
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en/login');
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent(ROUTE)}`);
  });

  it('prefills the category from ?category_id', async () => {
    renderPage();
    await waitFor(() => expect(screen.getByLabelText('Subcategory')).toHaveValue('12'));
    expect(screen.getByLabelText('Category')).toHaveValue('11');
    expect(screen.getByRole('heading', { name: 'Post a task' })).toBeInTheDocument();
  });

  it('keeps a draft of what was typed and restores it after a remount', async () => {
    const { user, unmount } = renderPage();
    await user.type(await screen.findByLabelText('Title'), 'Paint my fence');
    await user.click(screen.getByRole('checkbox', { name: 'Estonian' }));
    const saved = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? '{}');
    expect(saved).toMatchObject({ title: 'Paint my fence', languages: ['et'] });
    unmount();

    renderPage();
    expect(await screen.findByLabelText('Title')).toHaveValue('Paint my fence');
    expect(screen.getByRole('checkbox', { name: 'Estonian' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('We restored what you typed earlier.');
  });

  it("the link's category wins over an older draft's; the draft keeps the rest and says so", async () => {
    // Typed on another visit, under no category link, with Courier chosen.
    sessionStorage.setItem(
      DRAFT_KEY,
      JSON.stringify(validValues({ category_id: 1, title: 'Old draft title' })),
    );
    renderPage('/en/create-task?category_id=11');
    expect(await screen.findByLabelText('Title')).toHaveValue('Old draft title');
    expect(screen.getByRole('checkbox', { name: 'Latvian' })).toBeChecked();
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue('11'));
    // Home repair has subcategories: one is asked for, as when the link opens an empty form.
    expect(screen.getByLabelText('Subcategory')).toHaveValue('');
    expect(screen.getByRole('status')).toHaveTextContent('We restored what you typed earlier.');
    expect(screen.getByRole('button', { name: 'Start over' })).toBeInTheDocument();
  });

  it('a subcategory chosen under the same link is kept when the form opens again', async () => {
    const { user, unmount } = renderPage('/en/create-task?category_id=11');
    const subcategory = await screen.findByLabelText('Subcategory');
    await user.selectOptions(subcategory, '13');
    await user.type(screen.getByLabelText('Title'), 'Paint my fence');
    unmount();

    renderPage('/en/create-task?category_id=11');
    expect(await screen.findByLabelText('Title')).toHaveValue('Paint my fence');
    await waitFor(() => expect(screen.getByLabelText('Subcategory')).toHaveValue('13'));
  });

  it('a form only opened leaves no draft: the next visit restores nothing', async () => {
    const { unmount } = renderPage();
    await screen.findByLabelText('Title');
    await waitFor(() => expect(screen.getByLabelText('Subcategory')).toHaveValue('12'));
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
    unmount();

    renderPage('/en/create-task?category_id=1');
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue('1'));
    expect(screen.queryByText(/We restored/)).toBeNull();
  });

  it('"Start over" drops the draft', async () => {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(validValues({ title: 'Old draft title' })));
    const { user } = renderPage();
    expect(await screen.findByLabelText('Title')).toHaveValue('Old draft title');
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('a 419 on submit logs out to login with ?next; the draft restores everything after login', async () => {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(validValues({ title: 'Typed before 419' })));
    const { user, router, unmount } = renderPage();
    expect(await screen.findByLabelText('Title')).toHaveValue('Typed before 419');
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    act(() => FakeXhr.last().respond(419, { message: 'Session expired.' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent(ROUTE)}`);
    unmount();

    // Logged in again, back at ?next.
    renderPage();
    expect(await screen.findByLabelText('Title')).toHaveValue('Typed before 419');
    expect(screen.getByLabelText('Description')).toHaveValue('The tap drips day and night.');
  });

  it('after a successful create: draft cleared, notice, and on to /tasks/view/{uuid}', async () => {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(validValues()));
    const { user, router, store } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add task' }));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    act(() => FakeXhr.last().respond(201, { data: { uuid: 'u-123', identifier: 'TK123' } }));
    expect(await screen.findByText('task view page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en/tasks/view/u-123');
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
    expect(store.getState().notices.map((n) => n.message.id)).toContain('taskForm.success.created');
  });
});

describe('TaskViewPage', () => {
  it('loads the created task and opens its detail page', async () => {
    routeFetch({
      '/tasks/u-123': () => json(200, { data: { uuid: 'u-123', identifier: 'TK123' } as Task }),
    });
    const { router } = renderWithProviders(<TaskViewPage />, {
      route: '/en/tasks/view/u-123',
      path: '/en/tasks/view/:uuid',
      routes: [{ path: '/en/tasks/:slug', element: <p>detail page</p> }],
    });
    expect(await screen.findByText('detail page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en/tasks/TK123');
  });
});

describe('TaskFormPage: leaving with unsaved input', () => {
  it('asks before leaving with typed input: "Stay" keeps it, "Leave" goes on', async () => {
    const { user, router } = renderPage();
    const title = await screen.findByLabelText('Title');
    await user.type(title, 'Paint my fence');

    await act(() => router.navigate('/en/login'));
    const ask = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(ask).toHaveTextContent('What you have typed here is not saved yet and will be lost.');
    await user.click(within(ask).getByRole('button', { name: 'Stay on the page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/en/create-task');
    expect(screen.getByLabelText('Title')).toHaveValue('Paint my fence');

    await act(() => router.navigate('/en/login'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave this page?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en/login');
  });

  it('leaves an untouched form without asking', async () => {
    const { router } = renderPage();
    await screen.findByLabelText('Title');
    await act(() => router.navigate('/en/login'));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
