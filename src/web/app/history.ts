import { UNSAFE_createBrowserHistory, type HistoryRouterProps } from 'react-router-dom';
import type { AppRouter } from './navigation';

/** react-router's history object (what unstable_HistoryRouter renders from). */
export type AppHistory = HistoryRouterProps['history'];
type Listener = Parameters<AppHistory['listen']>[0];

/**
 * The browser history the app renders from, shared with the sagas.
 *
 * The SPA uses react-router in declarative mode (unstable_HistoryRouter + useRoutes) rather than a
 * data router: the data router (loaders, actions, fetchers, lazy route modules) is about 17 KB gzip
 * of a first load, and Talka's pages fetch their data with RTK Query. react-router's history accepts
 * one listener only; this one fans each change out to every subscriber (the router, the locale sync),
 * in the order they subscribed.
 */
export function createAppHistory(): AppHistory {
  const base = UNSAFE_createBrowserHistory({ v5Compat: true });
  const listeners = new Set<Listener>();
  base.listen((update) => {
    for (const listener of [...listeners]) listener(update);
  });
  return {
    get action() {
      return base.action;
    },
    get location() {
      return base.location;
    },
    createHref: (to) => base.createHref(to),
    createURL: (to) => base.createURL(to),
    encodeLocation: (to) => base.encodeLocation(to),
    push: (to, state) => base.push(to, state),
    replace: (to, state) => base.replace(to, state),
    go: (delta) => base.go(delta),
    listen(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** What the sagas and the locale sync need from the router, on top of a history. */
export function historyNavigation(
  history: AppHistory,
): AppRouter & { subscribe: (fn: (state: AppRouter['state']) => void) => () => void } {
  return {
    navigate(to, options) {
      if (options?.replace) history.replace(to);
      else history.push(to);
    },
    get state() {
      return { location: history.location };
    },
    subscribe: (fn) => history.listen(({ location }) => fn({ location })),
  };
}
