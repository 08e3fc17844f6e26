/**
 * Screen tests render through these helpers: a real store (setupStore), the app's router over a
 * memory history (the `router` returned is the one the sagas navigate with), react-intl with the
 * English catalog, and the theme.
 */
import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import type { Locale } from '../../src/shared/locales';
import { createMemoryHistory, historyNavigation } from '../../src/web/app/history';
import { AppRoutes, type PageRoute } from '../../src/web/app/router';
import { HistoryRouter, RouteParams, useLocation } from '../../src/web/ui/routing';
import { setupStore, type AppStore, type RootState } from '../../src/web/app/store';
import { theme } from '../../src/web/app/theme';
import { onIntlError } from '../../src/web/i18n/I18nProvider';
import en from '../../translations/en.json';

export const enMessages: Record<string, string> = en;

/** A route of a screen test: a pattern ('/en/tasks/:slug') and what it shows. */
export interface TestRoute {
  path: string;
  element: ReactNode;
}

/** The parameters of a path matched by a pattern ('*', '/en/tasks/:slug'), or null. */
function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  if (pattern === '*') return {};
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(have[i]);
    else if (segment !== have[i]) return null;
  }
  return params;
}

/** The first route whose pattern matches the current path, with its parameters. */
function TestRoutes({ routes }: { routes: TestRoute[] }) {
  const { pathname } = useLocation();
  for (const route of routes) {
    const params = matchPattern(route.path, pathname);
    if (params) return <RouteParams params={params}>{route.element}</RouteParams>;
  }
  return null;
}

/** The app's router at a URL in memory: history, saga router, and the element to render. */
function memoryRouter(route: string) {
  const history = createMemoryHistory([route]);
  return { history, router: historyNavigation(history) };
}

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'queries' | 'wrapper'> {
  /** The initial URL, default '/{locale}'. */
  route?: string;
  /** Route pattern the ui is mounted at (for useParams), default '*'. */
  path?: string;
  /** Extra routes beside the ui, e.g. a target page to assert navigation; matched before it. */
  routes?: TestRoute[];
  preloadedState?: Partial<RootState>;
  /** The UI locale in the store and IntlProvider (messages stay English), default 'en'. */
  locale?: Locale;
}

function Providers({
  store,
  locale,
  children,
}: {
  store: AppStore;
  locale: Locale;
  children: ReactNode;
}) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <IntlProvider
          locale={locale}
          messages={enMessages}
          defaultLocale="en"
          onError={onIntlError}
        >
          {children}
        </IntlProvider>
      </ThemeProvider>
    </Provider>
  );
}

/** Renders one component inside all providers; returns { store, user, router, ...rtl }. */
export function renderWithProviders(
  ui: ReactElement,
  {
    locale = 'en',
    route = `/${locale}`,
    path = '*',
    routes = [],
    preloadedState,
    ...renderOptions
  }: RenderWithProvidersOptions = {},
) {
  const { history, router } = memoryRouter(route);
  const store = setupStore({ i18n: { locale }, ...preloadedState }, { router });
  const user = userEvent.setup();
  const result = render(
    <Providers store={store} locale={locale}>
      <HistoryRouter history={history}>
        <TestRoutes routes={[...routes, { path, element: ui }]} />
      </HistoryRouter>
    </Providers>,
    renderOptions,
  );
  return { store, user, router, ...result };
}

export interface RenderAppOptions {
  route?: string;
  pages?: PageRoute[];
  preloadedState?: Partial<RootState>;
}

/** Renders the whole app (all localised routes, layout, notices) at a URL. */
export function renderApp({ route = '/en', pages, preloadedState }: RenderAppOptions = {}) {
  const { history, router } = memoryRouter(route);
  const first = route.split('/').filter(Boolean)[0];
  const locale = (['lv', 'en', 'ru', 'tr', 'et', 'lt'] as const).find((l) => l === first) ?? 'en';
  const store = setupStore({ i18n: { locale }, ...preloadedState }, { router });
  const user = userEvent.setup();
  const result = render(
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <HistoryRouter history={history}>
          <AppRoutes pages={pages} messages={enMessages} />
        </HistoryRouter>
      </ThemeProvider>
    </Provider>,
  );
  return { store, user, router, ...result };
}
