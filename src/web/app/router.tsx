import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  Navigate,
  useLocation,
  useRouteError,
  type RouteObject,
} from 'react-router-dom';
import { LOCALES, isLocale, type Locale } from '../../shared/locales';
import { ErrorPage, NotFoundPage } from '../features/errors/ErrorPage';
import { localeChanged } from '../i18n/i18nSlice';
import type { Messages } from '../i18n/loadMessages';
import { localiseUnprefixedPath, routePattern, type RouteName } from '../i18n/routes';
import { LocaleRoot } from './LocaleRoot';
import type { AppRouter } from './navigation';
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
  // routes added by features: add { name, load } here, e.g.
  // { name: 'task', load: () => import(/* webpackChunkName: "page-task" */ '../features/tasks/TaskDetailPage') },
];

/** A page whose chunk failed to load or that threw while rendering. */
function RouteErrorPage() {
  const error = useRouteError();
  console.error('[router]', error);
  const status =
    error && typeof error === 'object' && 'status' in error && typeof error.status === 'number'
      ? error.status
      : 500;
  return <ErrorPage status={status} />;
}

/** No (or an unknown) locale prefix: the browser's best locale, the rest of the path kept. */
function LocaleRedirect() {
  const { pathname, search, hash } = useLocation();
  const preferred = typeof navigator !== 'undefined' ? navigator.languages : undefined;
  return <Navigate replace to={localiseUnprefixedPath(`${pathname}${search}${hash}`, preferred)} />;
}

export interface BuildRoutesOptions {
  pages?: PageRoute[];
  /** Preloaded messages (tests); otherwise each locale's catalog is loaded on demand. */
  messages?: Messages;
}

export function buildRoutes({ pages = PAGES, messages }: BuildRoutesOptions = {}): RouteObject[] {
  const localeRoute = (locale: Locale): RouteObject => ({
    path: `/${locale}`,
    element: <LocaleRoot locale={locale} messages={messages} />,
    hydrateFallbackElement: <></>,
    children: [
      ...pages.map((page): RouteObject => {
        const pattern = routePattern(locale, page.name);
        const lazy = async () => ({ Component: (await page.load()).default });
        const errorElement = <RouteErrorPage />;
        return pattern === ''
          ? { index: true, id: `${locale}:${page.name}`, lazy, errorElement }
          : { path: pattern, id: `${locale}:${page.name}`, lazy, errorElement };
      }),
      { path: '*', element: <NotFoundPage /> },
    ],
  });
  return [...LOCALES.map(localeRoute), { path: '*', element: <LocaleRedirect /> }];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}

/** The locale from the first path segment, if it is one of ours. */
export function localeOfPath(pathname: string): Locale | undefined {
  const first = pathname.split('/').filter(Boolean)[0];
  return isLocale(first) ? first : undefined;
}

/**
 * Keeps the store's locale equal to the URL's before React renders the new page, so the first
 * requests of a page already carry the right Accept-Language.
 */
export function syncLocaleWithRouter(
  store: AppStore,
  router: AppRouter & { subscribe: (fn: (state: AppRouter['state']) => void) => () => void },
): () => void {
  const sync = (pathname: string) => {
    const locale = localeOfPath(pathname);
    if (locale && store.getState().i18n.locale !== locale) store.dispatch(localeChanged(locale));
  };
  sync(router.state.location.pathname);
  return router.subscribe((state) => sync(state.location.pathname));
}
