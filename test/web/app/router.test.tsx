/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiLog } from '../../../src/web/api/log';
import { showErrorPage } from '../../../src/web/features/errors/errorPageSlice';
import { sessionExpired } from '../../../src/web/features/session/sessionActions';
import { HeaderButton } from '../../../src/web/ui/HeaderButton';
import { renderApp } from '../../support/render';
import { json, mockFetch } from '../../support/webFetch';

let languages: jest.SpyInstance<readonly string[], []>;

beforeEach(() => {
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
  mockFetch(json(401, { message: 'Unauthenticated.' }));
  languages = jest.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['en-US', 'en']);
});
afterEach(() => jest.restoreAllMocks());

describe('app routes', () => {
  it('redirects / to the best browser locale', async () => {
    languages.mockReturnValue(['ru-RU', 'en']);
    const { router } = renderApp({ route: '/' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/ru'));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement.lang).toBe('ru'));
  });

  it('redirects to lv when no browser language is supported, keeping the path', async () => {
    languages.mockReturnValue(['de-DE']);
    const { router } = renderApp({ route: '/login?next=%2Flv' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/lv/pieslegties'));
    expect(router.state.location.search).toBe('?next=%2Flv');
  });

  it('renders the home hero with links to the localised create route', async () => {
    renderApp({ route: '/lv' });
    await screen.findByRole('heading', { level: 1 });
    const post = within(screen.getByRole('main')).getByRole('link', { name: 'Post a task' });
    expect(post).toHaveAttribute('href', '/lv/izveidot-uzdevumu');
  });

  it('has a footer on every page whose links open help, contact, terms and privacy', async () => {
    const { user, router } = renderApp({ route: '/lv/tasks' });
    const footer = await screen.findByRole('contentinfo');
    const links = within(within(footer).getByRole('navigation', { name: 'About Talka' }))
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Help', '/lv/palidziba'],
      ['Contact', '/lv/kontakti'],
      ['Terms of use', '/lv/noteikumi'],
      ['Privacy policy', '/lv/privatums'],
    ]);
    await user.click(within(footer).getByRole('link', { name: 'Terms of use' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms of use' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/lv/noteikumi');
    expect(screen.getByRole('heading', { name: 'Governing law' })).toBeInTheDocument();
    // The 404 page has it too.
    await act(() => router.navigate('/en/no/such/page'));
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(
      within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Help' }),
    ).toHaveAttribute('href', '/en/help');
  });

  it('renders the 404 page for unknown paths', async () => {
    renderApp({ route: '/en/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('shows a visitor the log-in link and the language switcher keeps the page', async () => {
    const { user, router } = renderApp({ route: '/en/login' });
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    // jsdom has no media queries: the header is the phone's, languages behind the menu button.
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const switcher = screen.getByRole('navigation', { name: 'Language' });
    await user.click(within(switcher).getByRole('link', { name: 'LV Latviešu' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lv/pieslegties'));
  });

  it('shows the error page asked for by a failed call and clears it on navigation', async () => {
    const { store, router } = renderApp({ route: '/en' });
    await screen.findByRole('heading', { name: 'Get it done by a local freelancer' });
    act(() => {
      store.dispatch(showErrorPage(500));
    });
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong on our side' }),
    ).toBeInTheDocument();
    await act(() => router.navigate('/en/login'));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(store.getState().errorPage).toBeNull();
  });

  it("renders the page a saga navigates to through the store's router", async () => {
    const { store, router } = renderApp({ route: '/en/no/such/page' });
    await screen.findByRole('heading', { name: 'Page not found' });
    act(() => {
      store.dispatch(sessionExpired({ status: 401 }));
    });
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en/login');
    expect(router.state.location.search).toBe('?next=%2Fen%2Fno%2Fsuch%2Fpage');
  });

  it('shows a new page from its top and restores the position on back', async () => {
    const scrollTo = jest.spyOn(window, 'scrollTo');
    // jsdom does not scroll: the page is left 640 px down, as the browser would report it.
    let y = 640;
    Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
    const { router } = renderApp({ route: '/en' });
    await screen.findByRole('heading', { name: 'Get it done by a local freelancer' });

    await act(() => router.navigate('/en/login'));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    await waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith(0, 0));

    y = 0;
    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { name: 'Get it done by a local freelancer' });
    await waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith(0, 640));
  });

  it("opens the account's links from the name on wide screens; Escape or a click elsewhere closes them", async () => {
    const alice = {
      uuid: 'u1',
      email: 'a@b.c',
      full_name: 'Alice Example',
      display_name: 'Alice E.',
      is_freelancer: true,
      is_legal: false,
      photo: null,
    };
    globalThis.fetch = jest.fn(async (input: Request | string) => {
      const url = typeof input === 'string' ? input : input.url;
      return new URL(url, 'http://localhost').pathname === '/api/me'
        ? json(200, { data: alice })
        : json(200, { data: [] });
    }) as unknown as typeof fetch;
    renderApp({ route: '/en/login' });
    // jsdom applies the phone's styles: the name's button is for wide screens, hence `hidden`.
    const name = await screen.findByText('Alice E.', { selector: 'button span' });
    const toggle = name.closest('button') as HTMLButtonElement;
    const links = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(links).toContainElement(screen.getByRole('link', { name: 'Task alerts', hidden: true }));
    expect(links).toContainElement(screen.getByRole('button', { name: 'Log out', hidden: true }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(links as HTMLElement, { key: 'Escape' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    fireEvent.click(toggle);
    fireEvent.pointerDown(screen.getByRole('main'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // One look for the header's buttons: the name's (wide screens) and the phone's Menu.
    expect(toggle).toHaveClass(HeaderButton.styledComponentId);
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveClass(
      HeaderButton.styledComponentId,
    );
  });

  it('shows the user name and logs out from the header', async () => {
    mockFetch(
      json(200, {
        data: {
          uuid: 'u1',
          email: 'a@b.c',
          full_name: 'Alice Example',
          display_name: 'Alice E.',
          is_freelancer: false,
          is_legal: false,
          photo: null,
        },
      }),
      new Response(null, { status: 204 }),
      json(401, { message: 'Unauthenticated.' }),
    );
    const { user } = renderApp({ route: '/en' });
    // The name shows on a phone (in the menu) and, on wide screens, as the account panel's button.
    expect(await screen.findAllByText('Alice E.')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('You have logged out.')).toBeInTheDocument();
    // The menu stays open where the account was, now with the log-in link.
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeVisible();
  });
});
