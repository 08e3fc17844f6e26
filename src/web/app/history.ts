import type { AppHistory, AppLocation, HistoryAction } from '../ui/routing';
import type { AppRouter } from './navigation';

export type { AppHistory, AppLocation };

type Listener = (location: AppLocation) => void;

function splitUrl(url: string): AppLocation {
  const parsed = new URL(url, 'http://talka.invalid');
  return { pathname: parsed.pathname, search: parsed.search, hash: parsed.hash };
}

function fanOut() {
  const listeners = new Set<Listener>();
  return {
    notify(location: AppLocation) {
      for (const listener of [...listeners]) listener(location);
    },
    listen(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * The browser's history, which the SPA renders from (src/web/ui/routing.tsx HistoryRouter) and the
 * sagas navigate with (historyNavigation). Each change is told to every listener in the order they
 * subscribed: the locale sync first (main.tsx subscribes before React renders), then React.
 * docs/ARCHITECTURE.md "Routing" says why this is not a router library's.
 */
export function createAppHistory(win: Window = window): AppHistory {
  const read = (): AppLocation => {
    const { pathname, search, hash } = win.location;
    return { pathname, search, hash };
  };
  let location = read();
  let action: HistoryAction = 'pop';
  const listeners = fanOut();
  const changed = (how: HistoryAction) => {
    location = read();
    action = how;
    listeners.notify(location);
  };
  win.addEventListener('popstate', () => changed('pop'));
  return {
    get location() {
      return location;
    },
    get action() {
      return action;
    },
    push(to) {
      win.history.pushState(null, '', to);
      changed('push');
    },
    replace(to) {
      win.history.replaceState(null, '', to);
      changed('replace');
    },
    go: (delta) => win.history.go(delta),
    listen: listeners.listen,
  };
}

/** A history in memory (tests): the same contract, entries kept in an array. */
export function createMemoryHistory(initialEntries: readonly string[] = ['/']): AppHistory {
  const entries = initialEntries.map(splitUrl);
  let index = entries.length - 1;
  let action: HistoryAction = 'pop';
  const listeners = fanOut();
  const resolve = (to: string): AppLocation => {
    const current = entries[index];
    return splitUrl(new URL(to, `http://talka.invalid${current.pathname}${current.search}`).href);
  };
  return {
    get location() {
      return entries[index];
    },
    get action() {
      return action;
    },
    push(to) {
      entries.splice(index + 1, entries.length, resolve(to));
      index += 1;
      action = 'push';
      listeners.notify(entries[index]);
    },
    replace(to) {
      entries[index] = resolve(to);
      action = 'replace';
      listeners.notify(entries[index]);
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      action = 'pop';
      listeners.notify(entries[index]);
    },
    listen: listeners.listen,
  };
}

/** The router object of the saga context (navigation.ts) and of the locale sync, over a history. */
export interface HistoryNavigation extends AppRouter {
  /** A path, or a step back (-1) / forward (1) in the history. */
  navigate(to: string | number, options?: { replace?: boolean }): void;
  state: { location: AppLocation };
  subscribe(fn: (state: { location: AppLocation }) => void): () => void;
}

export function historyNavigation(history: AppHistory): HistoryNavigation {
  return {
    navigate(to, options) {
      if (typeof to === 'number') history.go(to);
      else if (options?.replace) history.replace(to);
      else history.push(to);
    },
    get state() {
      return { location: history.location };
    },
    subscribe: (fn) => history.listen((location) => fn({ location })),
  };
}
