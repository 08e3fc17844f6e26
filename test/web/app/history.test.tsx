/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { act, render, screen } from '@testing-library/react';
import {
  createAppHistory,
  createMemoryHistory,
  historyNavigation,
  type AppLocation,
} from '../../../src/web/app/history';
import { syncLocaleWithRouter } from '../../../src/web/app/router';
import { HistoryRouter, Link, useLocation, useSearchParams } from '../../../src/web/ui/routing';
import { setupStore } from '../../../src/web/app/store';

const urlOf = ({ pathname, search, hash }: AppLocation) => `${pathname}${search}${hash}`;

describe('the browser history', () => {
  beforeEach(() => window.history.replaceState(null, '', '/en'));

  it('pushes and replaces entries of the real history and tells every listener in order', async () => {
    const history = createAppHistory();
    const seen: string[] = [];
    history.listen((location) => seen.push(`first ${urlOf(location)}`));
    const stop = history.listen((location) => seen.push(`second ${urlOf(location)}`));
    const before = window.history.length;

    history.push('/en/tasks?page=2');
    expect(window.location.pathname).toBe('/en/tasks');
    expect(history.location).toEqual({ pathname: '/en/tasks', search: '?page=2', hash: '' });
    history.replace('/en/tasks?page=3#top');
    expect(window.history.length).toBe(before + 1);
    stop();
    history.push('/lv');

    expect(seen).toEqual([
      'first /en/tasks?page=2',
      'second /en/tasks?page=2',
      'first /en/tasks?page=3#top',
      'second /en/tasks?page=3#top',
      'first /lv',
    ]);
  });

  it('follows the back button (popstate)', async () => {
    const history = createAppHistory();
    history.push('/en/login');
    const back = new Promise<AppLocation>((resolve) => history.listen(resolve));
    window.history.back();
    await expect(back).resolves.toEqual({ pathname: '/en', search: '', hash: '' });
    expect(history.location.pathname).toBe('/en');
  });

  it('keeps the store locale equal to the URL before React renders, for sagas too', () => {
    const history = createAppHistory();
    const router = historyNavigation(history);
    const store = setupStore({ i18n: { locale: 'lv' } }, { router });
    syncLocaleWithRouter(store, router);
    // The URL is /en: synced at once.
    expect(store.getState().i18n.locale).toBe('en');

    router.navigate('/ru/vhod?next=%2Fru');
    expect(store.getState().i18n.locale).toBe('ru');
    expect(router.state.location).toEqual({
      pathname: '/ru/vhod',
      search: '?next=%2Fru',
      hash: '',
    });

    router.navigate('/tr', { replace: true });
    expect(store.getState().i18n.locale).toBe('tr');
    expect(window.location.pathname).toBe('/tr');
  });
});

describe('the memory history (tests)', () => {
  it('pushes, replaces and goes back and forward like the browser', () => {
    const router = historyNavigation(createMemoryHistory(['/en']));
    router.navigate('/en/tasks?q=a');
    router.navigate('?q=b', { replace: true });
    expect(router.state.location).toEqual({ pathname: '/en/tasks', search: '?q=b', hash: '' });
    router.navigate(-1);
    expect(router.state.location.pathname).toBe('/en');
    router.navigate(1);
    expect(router.state.location.search).toBe('?q=b');
    router.navigate('/en/login');
    router.navigate(1); // nothing ahead
    expect(router.state.location.pathname).toBe('/en/login');
  });
});

function Probe() {
  const { pathname, search } = useLocation();
  const [params, setParams] = useSearchParams();
  return (
    <>
      <p data-testid="here">{`${pathname}${search}`}</p>
      <Link to="/en/tasks?page=2">Page 2</Link>
      <Link to="/en/tasks?page=3" target="_blank">
        New tab
      </Link>
      <button
        type="button"
        onClick={() => {
          const next = new URLSearchParams(params);
          next.set('q', 'a b');
          setParams(next, { replace: true });
        }}
      >
        Filter
      </button>
    </>
  );
}

describe('HistoryRouter, Link and useSearchParams', () => {
  it('renders the location, follows links and writes the query', async () => {
    const history = createMemoryHistory(['/en/tasks']);
    const router = historyNavigation(history);
    const entries: string[] = [];
    history.listen((location) => entries.push(urlOf(location)));
    render(
      <HistoryRouter history={history}>
        <Probe />
      </HistoryRouter>,
    );
    const here = () => screen.getByTestId('here').textContent;
    expect(here()).toBe('/en/tasks');

    const link = screen.getByRole('link', { name: 'Page 2' });
    expect(link).toHaveAttribute('href', '/en/tasks?page=2');
    act(() => link.click());
    expect(here()).toBe('/en/tasks?page=2');
    // A link to the URL already shown replaces it (no duplicate entry for back).
    act(() => link.click());
    act(() => screen.getByRole('button', { name: 'Filter' }).click());
    expect(here()).toBe('/en/tasks?page=2&q=a+b');
    expect(entries).toEqual(['/en/tasks?page=2', '/en/tasks?page=2', '/en/tasks?page=2&q=a+b']);
    act(() => router.navigate(-1));
    expect(here()).toBe('/en/tasks');

    // A link for another tab is the browser's: the app does not navigate.
    let prevented: boolean | undefined;
    const leave = (event: Event) => {
      prevented = event.defaultPrevented;
      event.preventDefault(); // jsdom cannot open tabs
    };
    document.addEventListener('click', leave);
    act(() => screen.getByRole('link', { name: 'New tab' }).click());
    document.removeEventListener('click', leave);
    expect(prevented).toBe(false);
    expect(here()).toBe('/en/tasks');
  });
});

describe('HistoryRouter scroll', () => {
  it('shows a pushed page from its top; a replaced entry or back/forward keeps the scroll', async () => {
    const history = createMemoryHistory(['/en/tasks']);
    const scrolledTo: number[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    Object.defineProperty(root, 'scrollTop', {
      configurable: true,
      get: () => 0,
      set: (value: number) => scrolledTo.push(value),
    });
    function Where() {
      const { pathname, search } = useLocation();
      return <p>at {`${pathname}${search}`}</p>;
    }
    try {
      render(
        <HistoryRouter history={history}>
          <Where />
        </HistoryRouter>,
      );
      expect(scrolledTo).toEqual([]);

      await act(async () => history.replace('/en/tasks?q=logo'));
      expect(await screen.findByText('at /en/tasks?q=logo')).toBeInTheDocument();
      expect(scrolledTo).toEqual([]);

      await act(async () => history.push('/en/tasks/TKOPEN01'));
      expect(await screen.findByText('at /en/tasks/TKOPEN01')).toBeInTheDocument();
      expect(scrolledTo).toEqual([0]);

      await act(async () => history.go(-1));
      expect(await screen.findByText('at /en/tasks?q=logo')).toBeInTheDocument();
      expect(scrolledTo).toEqual([0]);

      await act(async () => history.push('/en/tasks?q=logo&page=2'));
      expect(await screen.findByText('at /en/tasks?q=logo&page=2')).toBeInTheDocument();
      expect(scrolledTo).toEqual([0, 0]);
    } finally {
      delete (root as unknown as Record<string, unknown>).scrollTop;
    }
  });
});
