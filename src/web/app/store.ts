import { combineReducers, configureStore, type Middleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '../api/api';
import type { ApiTransport } from '../api/baseQuery';
import { hydrated, type HydrationPayload } from '../api/hydration';
import { errorPageSlice } from '../features/errors/errorPageSlice';
import { outageSlice } from '../features/errors/outageSlice';
import { noticesSlice } from '../features/notices/noticesSlice';
import { loggedOut } from '../features/session/sessionActions';
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
 * redux-saga and the sagas (session expiry, logout, the push stream) are a chunk of their own
 * (./sagas.ts), loaded when the store starts: about 6 KB gzip less before a page is interactive
 * (issue 8). Until they run, this middleware keeps the actions; the sagas then see them in order,
 * exactly as if they had been running (their `select`s read the state of that later moment).
 */
function deferredSagaMiddleware(context: SagaContext, after: Promise<unknown>): Middleware {
  return (storeApi) => {
    let forward: ((action: unknown) => unknown) | null = null;
    let pending: unknown[] | null = [];
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
          pending = null;
          console.error('[sagas] could not be loaded', error);
        },
      );
    return (next) => (action) => {
      const result = next(action);
      if (forward) forward(action);
      else if (pending && pending.length < MAX_PENDING_ACTIONS) pending.push(action);
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
   * When the sagas' chunk may load and start (default: at once). The browser's boot (main.tsx)
   * passes the first idle moment after hydration began: their chunk's evaluation and the push
   * stream's start then do not lengthen the tasks of the page's first seconds (issue 15). The
   * actions of the meantime are kept and handed to them in order.
   */
  startSagasAfter?: Promise<unknown>;
}

/** The hand-over a server-rendered page embeds (`{ hydration }` in <script id="talka-data">). */
export function readHydrationFromBootData(): HydrationPayload | null {
  const boot = getBootData<{ hydration?: HydrationPayload | null }>();
  const payload = boot && typeof boot === 'object' ? boot.hydration : null;
  return payload && typeof payload === 'object' && payload.api ? payload : null;
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
  if (hydration) store.dispatch(hydrated(hydration));
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
