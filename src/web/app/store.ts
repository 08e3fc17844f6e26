import { combineReducers, configureStore, freeze, type Middleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '../api/api';
import type { ApiTransport } from '../api/baseQuery';
import { hydrated, type HydrationPayload } from '../api/hydration';
import { errorPageSlice } from '../features/errors/errorPageSlice';
import { outageSlice } from '../features/errors/outageSlice';
import { noticesSlice } from '../features/notices/noticesSlice';
import { taskPageOpened } from '../features/push/pushActions';
import { loggedOut, sessionExpired } from '../features/session/sessionActions';
import { selectCurrentUser } from '../features/session/sessionApi';
import { i18nSlice } from '../i18n/i18nSlice';
import { clockSlice } from './clock';
import { getBootData } from './config';
import type { AppRouter, SagaContext } from './navigation';

const appReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [i18nSlice.reducerPath]: i18nSlice.reducer,
  [noticesSlice.reducerPath]: noticesSlice.reducer,
  [errorPageSlice.reducerPath]: errorPageSlice.reducer,
  [outageSlice.reducerPath]: outageSlice.reducer,
  [clockSlice.reducerPath]: clockSlice.reducer,
});

export type RootState = ReturnType<typeof appReducer>;

/**
 * All session state is reset in one place when the session ends (sharetribe's pattern): every slice
 * goes back to its initial state except the UI locale, which belongs to the URL, not the user.
 */
export const rootReducer: typeof appReducer = (state, action) => {
  if (loggedOut.match(action) && state) {
    return appReducer({ i18n: state.i18n }, action);
  }
  return appReducer(state, action);
};

/** After loggedOut, the RTK Query middleware also drops its subscriptions and timers. */
const resetApiOnLogout: Middleware = (storeApi) => (next) => (action) => {
  const result = next(action);
  if (loggedOut.match(action)) storeApi.dispatch(api.util.resetApiState());
  return result;
};

/** Actions kept for the sagas while they load; more than this means they failed to start. */
const MAX_PENDING_ACTIONS = 500;

/**
 * A failed load of the sagas' chunk (a flaky network) is tried again after these delays, the kept
 * actions still waiting: without the sagas a signed-in user would get no push, no redirect after a
 * change and no login page when their session ends, until a reload.
 */
export const SAGAS_RETRY_DELAYS_MS: readonly number[] = [2_000, 5_000, 10_000, 30_000];

/**
 * Whether the sagas have anything to do from this action on (issue 15, sizes): a signed-in user
 * (the app-wide push stream, session expiry, logout, the redirects after a user's changes), a task
 * page (its live stream, for visitors too), or an expired session (a 401/419 sends even a visitor
 * to login). A visitor reading the home page, lists or profiles gives them nothing: their chunk
 * and redux-saga (about 11 KB gzip) are not downloaded then.
 *
 * Every action a saga waits for comes at or after one of these: `redirected` is put by the sagas
 * themselves; logout, a task's deletion or creation and the offers' failure need a user or a task
 * page; the push saga opens on `hydrated`/`me` with a user or on `taskPageOpened`, each of which is
 * the starting action itself (test/web/app/sagasOnDemand.test.ts).
 */
export function sagasHaveWork(state: RootState, action: unknown): boolean {
  return (
    taskPageOpened.match(action) ||
    sessionExpired.match(action) ||
    selectCurrentUser(state) !== null
  );
}

/**
 * redux-saga and the sagas (session expiry, logout, the push stream, the redirects) are a chunk of
 * their own (./sagas.ts), loaded on the first action after which they have work (`sagasHaveWork`),
 * not before `after`: about 11 KB gzip less before a page is interactive, and none for a visitor
 * who only reads (issues 8 and 15). From that action on this middleware keeps the actions until
 * they run (a failed load is tried again, SAGAS_RETRY_DELAYS_MS); the sagas then see them in
 * order, exactly as if they had been running (their `select`s read the state of that later moment).
 */
function deferredSagaMiddleware(context: SagaContext, after: Promise<unknown>): Middleware {
  return (storeApi) => {
    let forward: ((action: unknown) => unknown) | null = null;
    /** null until the sagas have work, then the actions they have not seen yet. */
    let pending: unknown[] | null = null;
    const load = (attempt: number) => {
      after
        .then(() => import(/* webpackChunkName: "sagas" */ './sagas'))
        .then(
          ({ startSagas }) => {
            const started = startSagas(storeApi, context);
            forward = started;
            for (const action of pending?.splice(0) ?? []) started(action);
            pending = null;
          },
          (error: unknown) => {
            const delay = SAGAS_RETRY_DELAYS_MS[attempt];
            console.error('[sagas] could not be loaded', error);
            if (delay === undefined) pending = null;
            else setTimeout(() => load(attempt + 1), delay);
          },
        );
    };
    let requested = false;
    return (next) => (action) => {
      const result = next(action);
      if (forward) forward(action);
      else if (pending) {
        if (pending.length < MAX_PENDING_ACTIONS) pending.push(action);
      } else if (!requested && sagasHaveWork(storeApi.getState() as RootState, action)) {
        requested = true;
        pending = [action];
        load(0);
      }
      return result;
    };
  };
}

export interface SetupStoreOptions {
  /** The data router; sagas navigate with it (tests pass a fake or a memory router). */
  router?: AppRouter;
  /**
   * A server render's store: its requests go through this transport (the API in-process), and it
   * runs no sagas, no focus/online listeners and reads nothing of the browser (app/prefetch.ts).
   */
  transport?: ApiTransport;
  /**
   * The server render's state to start from (api/hydration.ts). Default: the page's embedded
   * `#talka-data` `hydration`, if any. Ignored by a server store.
   */
  hydration?: HydrationPayload | null;
  /**
   * The earliest moment the sagas' chunk may load and start, once they have work
   * (`sagasHaveWork`; default: at once). The browser's boot (main.tsx) passes the first idle moment
   * after hydration began: their chunk's evaluation and the push stream's start then do not
   * lengthen the tasks of the page's first seconds (issue 15). The actions of the meantime are kept
   * and handed to them in order.
   */
  startSagasAfter?: Promise<unknown>;
}

/** The hand-over a server-rendered page embeds (`{ hydration }` in <script id="talka-data">). */
export function readHydrationFromBootData(): HydrationPayload | null {
  const boot = getBootData<{ hydration?: HydrationPayload | null }>();
  const payload = boot && typeof boot === 'object' ? boot.hydration : null;
  return payload && typeof payload === 'object' && payload.api ? payload : null;
}

/**
 * Immer freezes the state it makes, deeply: walking every object of the server's query results
 * (the hand-over's largest part) was ~10 ms of one boot step on this machine (issue 15, Total
 * Blocking Time). A result frozen at its top first, Immer's walk stops there: its own advice for
 * large data that is replaced, never changed in place, as RTK Query does with a result.
 */
function withFrozenResults(payload: HydrationPayload): HydrationPayload {
  // The hand-over is not typed per endpoint (ApiHydration): an entry's data is unknown here.
  const entries = Object.values(payload.api.queries ?? {}) as ({ data?: unknown } | undefined)[];
  for (const entry of entries) {
    if (entry?.data !== null && typeof entry?.data === 'object') freeze(entry.data);
  }
  return payload;
}

export function setupStore(preloadedState?: Partial<RootState>, options: SetupStoreOptions = {}) {
  const { transport } = options;
  const server = transport !== undefined;
  const context: SagaContext = { router: options.router };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => {
      // The transport is the thunks' extra argument: the baseQuery reads it (api/baseQuery.ts).
      const base = getDefault({
        thunk: { extraArgument: { transport } },
        // A server store lives for one render: the development checks would only slow it down.
        immutableCheck: !server,
        serializableCheck: !server,
      }).concat(api.middleware, resetApiOnLogout);
      return server
        ? base
        : base.concat(
            deferredSagaMiddleware(context, options.startSagasAfter ?? Promise.resolve()),
          );
    },
    devTools: !server && process.env.NODE_ENV !== 'production' ? { name: 'Talka' } : false,
  });
  if (server) return store;
  const hydration =
    options.hydration === undefined ? readHydrationFromBootData() : options.hydration;
  // Before the first render, so hydrateRoot finds every query the server ran fulfilled.
  if (hydration) store.dispatch(hydrated(withFrozenResults(hydration)));
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
