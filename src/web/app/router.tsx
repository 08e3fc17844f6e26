import type { ComponentType } from 'react';
import {
  Navigate,
  Outlet,
  isRouteErrorResponse,
  matchRoutes,
  useLocation,
  useRouteError,
  type NonIndexRouteObject,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router-dom';
import { isLocale, type Locale } from '../../shared/locales';
import { ErrorPage, NotFoundPage } from '../features/errors/ErrorPage';
import { localeChanged } from '../i18n/i18nSlice';
import { messagePartsLoaded, type Messages } from '../i18n/loadMessages';
import { pageMessageParts } from '../i18n/pageMessages';
import {
  ROUTE_TREE,
  localiseUnprefixedPath,
  matchRoute,
  routeIds,
  type RouteName,
  type RouteNode,
} from '../i18n/routes';
import { LocaleRoot } from './LocaleRoot';
import type { AppStore } from './store';

export interface PageRoute {
  name: RouteName;
  /** Loads the page's module; its default export is the page component (its own chunk). */
  load: () => Promise<{ default: ComponentType }>;
}

/**
 * Routed pages, one entry per localised route name (src/web/i18n/routes.ts). Each is mounted
 * under every /{locale} with that locale's path segments.
 */
export const PAGES: PageRoute[] = [
  {
    name: 'home',
    load: () => import(/* webpackChunkName: "page-home" */ '../features/home/HomePage'),
  },
  {
    name: 'login',
    load: () => import(/* webpackChunkName: "page-login" */ '../features/session/LoginPage'),
  },
  {
    name: 'tasks',
    load: () => import(/* webpackChunkName: "page-tasks" */ '../features/taskList/TaskListPage'),
  },
  {
    name: 'freelancers',
    load: () =>
      import(/* webpackChunkName: "page-freelancers" */ '../features/freelancers/FreelancersPage'),
  },
  {
    name: 'profile',
    load: () => import(/* webpackChunkName: "page-profile" */ '../features/profile/ProfilePage'),
  },
  {
    name: 'register',
    load: () =>
      import(/* webpackChunkName: "page-register" */ '../features/registration/RegisterPage'),
  },
  {
    name: 'confirmEmail',
    load: () =>
      import(
        /* webpackChunkName: "page-confirm-email" */ '../features/registration/ConfirmEmailPage'
      ),
  },
  {
    name: 'becomeFreelancer',
    load: () =>
      import(
        /* webpackChunkName: "page-become-freelancer" */ '../features/registration/BecomeFreelancerPage'
      ),
  },
  {
    name: 'task',
    load: () => import(/* webpackChunkName: "page-task" */ '../features/tasks/TaskDetailPage'),
  },
  {
    name: 'tasksCreate',
    load: () =>
      import(/* webpackChunkName: "page-task-form" */ '../features/taskForm/TaskFormPage'),
  },
  {
    name: 'taskView',
    load: () =>
      import(/* webpackChunkName: "page-task-view" */ '../features/taskForm/TaskViewPage'),
  },
  // Task alerts (issue 20): one chunk for the two pages.
  {
    name: 'alerts',
    load: () => import(/* webpackChunkName: "page-alerts" */ '../features/alerts/AlertsPage'),
  },
  {
    name: 'alertMatches',
    load: () => import(/* webpackChunkName: "page-alerts" */ '../features/alerts/TasksForYouPage'),
  },
  // The footer's pages: one chunk for the four (src/web/features/info).
  {
    name: 'moderation',
    load: () =>
      import(/* webpackChunkName: "page-moderation" */ '../features/moderation/ModerationPage'),
  },
  {
    name: 'myReports',
    load: () =>
      import(/* webpackChunkName: "page-my-reports" */ '../features/moderation/MyReportsPage'),
  },
  ...(['terms', 'privacy', 'help', 'contact'] as const).map((name): PageRoute => ({
    name,
    load: () =>
      import(/* webpackChunkName: "page-info" */ '../features/info/InfoPages').then((m) => ({
        default: m.INFO_PAGES[name],
      })),
  })),
  // routes added by features: add { name, load } here, e.g.
  // { name: 'task', load: () => import(/* webpackChunkName: "page-task" */ '../features/tasks/TaskDetailPage') },
];

const loads = new WeakMap<PageRoute, Promise<{ default: ComponentType }>>();

/** Loads a page's chunk once; a failed load is forgotten so the next visit tries again. */
function loadPage(page: PageRoute): Promise<{ default: ComponentType }> {
  let loading = loads.get(page);
  if (!loading) {
    loading = Promise.all([page.load(), messagePartsLoaded(pageMessageParts(page.name))]).then(
      ([module]) => module,
    );
    loads.set(page, loading);
    // A failed load (the error page shows) is tried again on the next visit.
    loading.catch(() => loads.delete(page));
  }
  return loading;
}

/**
 * Starts loading the chunk of the page at this path before React renders (main.tsx), so it comes
 * in parallel with the locale's catalog instead of after it. Resolves when it is in (or failed).
 */
export function preloadPage(pathname: string, pages: PageRoute[] = PAGES): Promise<void> {
  const name = matchRoute(pathname)?.name;
  const page = name && pages.find((p) => p.name === name);
  if (!page) return Promise.resolve();
  // A failed load shows later, where the page renders (its error element).
  return loadPage(page).then(
    () => undefined,
    () => undefined,
  );
}

/** The HTTP status an error stands for: a thrown Response, a failed call's status, or 500. */
export const statusOfError = (error: unknown): number => {
  if (isRouteErrorResponse(error)) return error.status;
  return error && typeof error === 'object' && 'status' in error && typeof error.status === 'number'
    ? error.status
    : 500;
};

/**
 * A page whose chunk failed to load or that threw while rendering: the error page inside the
 * locale's layout, until the next navigation.
 */
function RouteErrorPage() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status >= 500) console.error('[router]', error);
  return <ErrorPage status={statusOfError(error)} />;
}

/**
 * The page's place while its chunk loads on a first render (tests; the browser and the server
 * resolve the page first: loadRouteModules): the layout shows around nothing.
 */
function NoPageYet() {
  return null;
}

/** No (or an unknown) locale prefix: the browser's best locale, the rest of the path kept. */
function LocaleRedirect() {
  const { pathname, search, hash } = useLocation();
  const preferred = typeof navigator !== 'undefined' ? navigator.languages : undefined;
  return <Navigate replace to={localiseUnprefixedPath(`${pathname}${search}${hash}`, preferred)} />;
}

export interface AppRoutesOptions {
  pages?: PageRoute[];
  /** Preloaded messages (tests, the server); otherwise each locale's catalog loads on demand. */
  messages?: Messages | ((locale: Locale) => Messages | undefined);
}

/**
 * The app's route objects: src/web/i18n/routes.ts ROUTE_TREE (the one matcher's tree) with what
 * each node renders. /{locale} is the locale's layout (LocaleRoot), its pathless child the error
 * element, each page a lazy route (its own chunk, resolved with its catalog parts), '*' the 404;
 * a path without one of our locales redirects (LocaleRedirect; the server answers it with a
 * redirect before rendering). Used by createBrowserRouter (main.tsx), createMemoryRouter (tests)
 * and createStaticHandler (src/server/render/).
 */
export function appRoutes({ pages = PAGES, messages }: AppRoutesOptions = {}): RouteObject[] {
  const messagesOf = (locale: Locale) =>
    typeof messages === 'function' ? messages(locale) : messages;
  const decorate = (node: RouteNode, locale: Locale | undefined): RouteObject => {
    const { id, path, caseSensitive } = node;
    if (node.index) {
      return { ...pageRoute(id, pages), id, index: true, caseSensitive };
    }
    const children = node.children?.map((child) => decorate(child, locale));
    if (id === routeIds.unprefixed) return { id, path, Component: LocaleRedirect };
    if (locale && id === routeIds.locale(locale)) {
      return {
        id,
        path,
        caseSensitive,
        element: (
          <LocaleRoot locale={locale} messages={messagesOf(locale)}>
            <Outlet />
          </LocaleRoot>
        ),
        children,
      };
    }
    if (locale && id === routeIds.pages(locale)) {
      return { id, errorElement: <RouteErrorPage />, HydrateFallback: NoPageYet, children };
    }
    if (locale && id === routeIds.notFound(locale)) {
      return { id, path, Component: NotFoundPage, handle: { status: 404 } };
    }
    return { ...pageRoute(id, pages), id, path, caseSensitive };
  };
  return ROUTE_TREE.map((node) => decorate(node, isLocale(node.id) ? node.id : undefined));
}

type PageFields = Pick<NonIndexRouteObject, 'lazy' | 'handle' | 'Component'>;

/** A page's lazy route: its component once its chunk and catalog parts are in. */
function pageRoute(id: string, pages: PageRoute[]): PageFields {
  const name = id.slice(id.indexOf(':') + 1) as RouteName;
  const page = pages.find((p) => p.name === name);
  // A page left out of `pages` (tests) is a 404, as an unknown path.
  if (!page) return { Component: NotFoundPage, handle: { status: 404 } };
  return {
    handle: { name },
    lazy: async () => ({ Component: (await loadPage(page)).default }),
  };
}

/**
 * Resolves the lazy routes (page chunks with their catalog parts) that match this path, in place,
 * so a router created over `routes` afterwards renders the page at once: the first client render
 * then equals the server's (hydration) and no fallback shows. A failed load stays lazy: the router
 * tries again and shows the error element.
 */
export async function loadRouteModules(routes: RouteObject[], pathname: string): Promise<void> {
  // Only the path's locale branch when it has one (as i18n/routes.ts matchRoute): matching ranks
  // and compiles every route it is given, and the other locales' routes cannot match.
  const branch = localeBranchOf(routes, pathname);
  const matches = matchRoutes(branch ? [branch] : routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      const { lazy } = route;
      if (typeof lazy !== 'function') return;
      try {
        Object.assign(route, await lazy(), { lazy: undefined });
      } catch {
        // The router loads it again and renders the error element if it fails once more.
      }
    }),
  );
}

/** The top-level route of the path's locale (/{locale} and everything under it), if any. */
const localeBranchOf = (routes: RouteObject[], pathname: string): RouteObject | undefined => {
  const first = `/${pathname.split('/')[1] ?? ''}`;
  return routes.find((route) => route.path === first && route.children);
};

/**
 * What the browser's router starts with (issue 15, Total Blocking Time): the branch of the page's
 * locale and the routes that are not a locale's (the redirect of paths without one). The other
 * five locales' branches (five sixths of the routes, each ranked and compiled when the router
 * starts) are added the first time a navigation goes there (the language switcher), by
 * `patchRoutesOnNavigation`: react-router asks it for a path no route matches, or that only the
 * redirect's `*` matches. The server and the tests keep every route (appRoutes).
 */
export function browserRoutes(
  routes: RouteObject[],
  pathname: string,
): { initial: RouteObject[]; patchRoutesOnNavigation: PatchRoutesOnNavigationFunction } {
  const start = localeBranchOf(routes, pathname);
  const added = new Set<RouteObject>();
  const initial = routes.filter((route) => route === start || !route.children);
  for (const route of initial) added.add(route);
  return {
    initial,
    patchRoutesOnNavigation: ({ path, patch }) => {
      const branch = localeBranchOf(routes, path);
      if (!branch || added.has(branch)) return;
      added.add(branch);
      patch(null, [branch]);
    },
  };
}

/** The locale from the first path segment, if it is one of ours. */
export function localeOfPath(pathname: string): Locale | undefined {
  const first = pathname.split('/').filter(Boolean)[0];
  return isLocale(first) ? first : undefined;
}

/** What syncLocaleWithRouter needs of a data router. */
export interface LocationSource {
  state: { location: { pathname: string } };
  subscribe(fn: (state: { location: { pathname: string } }) => void): () => void;
}

/**
 * Keeps the store's locale equal to the URL's before React renders the new page, so the first
 * requests of a page already carry the right Accept-Language.
 */
export function syncLocaleWithRouter(store: AppStore, router: LocationSource): () => void {
  const sync = (pathname: string) => {
    const locale = localeOfPath(pathname);
    if (locale && store.getState().i18n.locale !== locale) store.dispatch(localeChanged(locale));
  };
  sync(router.state.location.pathname);
  return router.subscribe((state) => sync(state.location.pathname));
}
