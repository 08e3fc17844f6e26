/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { screen, waitFor, within } from '@testing-library/react';
import { apiLog } from '../../../../src/web/api/log';
import { renderApp } from '../../../support/render';
import { json } from '../../../support/webFetch';
import { page, routeFetch, summary, TREE } from '../taskList/fetchRoutes';

beforeEach(() => {
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
  routeFetch({
    '/me': () => json(401, { message: 'Unauthenticated.' }),
    '/categories': () => json(200, { data: TREE }),
    '/tasks': () => json(200, page([summary()])),
  });
});
afterEach(() => jest.restoreAllMocks());

describe('the layout’s category sidebar', () => {
  it('is on the task list: a panel with id app-sidebar and a small-screen button', async () => {
    const { user, router } = renderApp({ route: '/en/tasks' });
    await screen.findByRole('heading', { name: 'Tasks', level: 1 });
    expect(document.getElementById('app-sidebar')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Browse categories' }));
    const dialog = await screen.findByRole('dialog', { name: 'Categories' });
    await user.click(await within(dialog).findByRole('link', { name: 'Courier' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The create page with the category; a visitor is sent on to log in, coming back to it after.
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        `/en/login?next=${encodeURIComponent('/en/create-task?category_id=1')}`,
      ),
    );
  });

  it('is not on the login page', async () => {
    renderApp({ route: '/en/login' });
    await screen.findByRole('heading', { name: 'Log in' });
    expect(document.getElementById('app-sidebar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Browse categories' })).not.toBeInTheDocument();
  });
});
