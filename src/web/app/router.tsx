import {
  Component,
  lazy,
  useMemo,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { isLocale, type Locale } from '../../shared/locales';
import { ErrorPage, NotFoundPage } from '../features/errors/ErrorPage';
import { localeChanged } from '../i18n/i18nSlice';
import {
  ALL_PARTS,
  messagePartsLoaded,
  type MessagePart,
  type Messages,
} from '../i18n/loadMessages';
import { localiseUnprefixedPath, matchRoute, type RouteName } from '../i18n/routes';
import { LocaleRoot } from './LocaleRoot';
import type { HistoryNavigation } from './history';
import { Navigate, RouteParams, useLocation } from '../ui/routing';
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
  // routes added by features: add { name, load } here, e.g.
  // { name: 'task', load: () => import(/* webpackChunkName: "page-task" */ '../features/tasks/TaskDetailPage') },
];

const loads = new WeakMap<PageRoute, Promise<{ default: ComponentType }>>();
const components = new WeakMap<PageRoute, LazyExoticComponent<ComponentType>>();

/**
 * The parts of the catalog a page's load waits for beside its chunk (src/web/i18n/loadMessages.ts),
 * so it never renders ids: the first pages a visitor opens only theirs, every other page all.
 */
const PAGE_MESSAGES: Partial<Record<RouteName, readonly MessagePart[]>> = {
  home: ['core', 'home', 'list'],
  tasks: ['core', 'list'],
  task: ['core', 'task'],
};

/** Loads a page's chunk once; a failed load is forgotten so the next visit tries again. */
function loadPage(page: PageRoute): Promise<{ default: ComponentType }> {
  let loading = loads.get(page);
  if (!loading) {
    loading = Promise.all([
      page.load(),
      messagePartsLoaded(PAGE_MESSAGES[page.name] ?? ALL_PARTS),
    ]).then(([module]) => module);
    loads.set(page, loading);
    // React.lazy keeps a rejection for good: forget both, so the next visit loads the chunk again.
    loading.catch(() => {
      loads.delete(page);
      components.delete(page);
    });
  }
  return loading;
}

function pageComponent(page: PageRoute): LazyExoticComponent<ComponentType> {
  let component = components.get(page);
  if (!component) {
    component = lazy(() => loadPage(page));
    components.set(page, component);
  }
  return component;
}

/**
 * Starts loading the chunk of the page at this path before React renders (main.tsx), so it comes
 * in parallel with the locale's catalog instead of after it. Resolves when it is in (or failed).
 */
export function preloadPage(pathname: string, pages: PageRoute[] = PAGES): Promise<void> {
  const name = matchRoute(pathname)?.name;
  const page = name && pages.find((p) => p.name === name);
  if (!page) return Promise.resolve();
  // A failed load shows later, where the page renders (its error boundary).
  return loadPage(page).then(
    () => undefined,
    () => undefined,
  );
}

const statusOf = (error: unknown): number =>
  error && typeof error === 'object' && 'status' in error && typeof error.status === 'number'
    ? error.status
    : 500;

interface BoundaryProps {
  /** The URL shown; an error is cleared when the visitor goes elsewhere. */
  url: string;
  children: ReactNode;
}

/**
 * A page whose chunk failed to load or that threw while rendering: the error page, until the URL
 * changes.
 */
class PageErrorBoundary extends Component<BoundaryProps, { error: unknown; url: string | null }> {
  override state = { error: null as unknown, url: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: { error: unknown; url: string | null },
  ) {
    if (state.error && props.url !== state.url) return { error: null, url: props.url };
    return state.error ? null : { url: props.url };
  }

  override componentDidCatch(error: unknown) {
    console.error('[router]', error);
  }

  override render() {
    return this.state.error ? (
      <ErrorPage status={statusOf(this.state.error)} />
    ) : (
      this.props.children
    );
  }
}

function RoutedPage({ page }: { page: PageRoute }) {
  const { pathname, search } = useLocation();
  const Page = pageComponent(page);
  return (
    <PageErrorBoundary url={`${pathname}${search}`}>
      {/* The same component on every render (cached per page); a new one only after a failed load. */}
      {/* eslint-disable-next-line react-hooks/static-components */}
      <Page />
    </PageErrorBoundary>
  );
}

/** No (or an unknown) locale prefix: the browser's best locale, the rest of the path kept. */
function LocaleRedirect() {
  const { pathname, search, hash } = useLocation();
  const preferred = typeof navigator !== 'undefined' ? navigator.languages : undefined;
  return <Navigate replace to={localiseUnprefixedPath(`${pathname}${search}${hash}`, preferred)} />;
}

export interface AppRoutesProps {
  pages?: PageRoute[];
  /** Preloaded messages (tests); otherwise each locale's catalog is loaded on demand. */
  messages?: Messages;
}

/**
 * The app's routes (inside a HistoryRouter): /{locale}/... renders the locale's layout with the page
 * whose localised pattern matches (routes.ts matchRoute, the same table links are built from), a
 * lazy component (its own chunk) in an error boundary, or the 404 page; a path without one of our
 * locales redirects (LocaleRedirect).
 */
export function AppRoutes({ pages = PAGES, messages }: AppRoutesProps) {
  const { pathname } = useLocation();
  const match = useMemo(() => matchRoute(pathname), [pathname]);
  const locale = localeOfPath(pathname);
  if (!locale) return <LocaleRedirect />;
  const page = match && pages.find((p) => p.name === match.name);
  return (
    <LocaleRoot locale={locale} messages={messages}>
      {page ? (
        <RouteParams params={match.params}>
          <RoutedPage key={page.name} page={page} />
        </RouteParams>
      ) : (
        <NotFoundPage />
      )}
    </LocaleRoot>
  );
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
  router: Pick<HistoryNavigation, 'state' | 'subscribe'>,
): () => void {
  const sync = (pathname: string) => {
    const locale = localeOfPath(pathname);
    if (locale && store.getState().i18n.locale !== locale) store.dispatch(localeChanged(locale));
  };
  sync(router.state.location.pathname);
  return router.subscribe((state) => sync(state.location.pathname));
}
