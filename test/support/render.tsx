/**
 * Screen tests render through these helpers: a real store (setupStore), react-router's memory
 * router (the `router` returned is the one the sagas navigate with), react-intl with the English
 * catalog, and the theme.
 */
import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import type { Locale } from '../../src/shared/locales';
import { AppProviders } from '../../src/web/app/App';
import { appRoutes, type PageRoute } from '../../src/web/app/router';
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

/** react-router's memory router over these routes at a URL: what the sagas navigate with. */
export function testRouter(routes: RouteObject[], route: string) {
  return createMemoryRouter(routes, { initialEntries: [route] });
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
  // react-router ranks the patterns; the extra routes (more specific than '*') win as before.
  const router = testRouter(
    [...routes, { path, element: ui }].map(({ path: pattern, element }) => ({
      path: pattern,
      element,
    })),
    route,
  );
  const store = setupStore({ i18n: { locale }, ...preloadedState }, { router });
  const user = userEvent.setup();
  const result = render(
    <Providers store={store} locale={locale}>
      <RouterProvider router={router} />
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
  const router = testRouter(appRoutes({ pages, messages: enMessages }), route);
  const first = route.split('/').filter(Boolean)[0];
  const locale = (['lv', 'en', 'ru', 'tr', 'et', 'lt'] as const).find((l) => l === first) ?? 'en';
  const store = setupStore({ i18n: { locale }, ...preloadedState }, { router });
  const user = userEvent.setup();
  const result = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { store, user, router, ...result };
}
