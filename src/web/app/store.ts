import { combineReducers, configureStore, type Middleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '../api/api';
import { errorPageSlice } from '../features/errors/errorPageSlice';
import { outageSlice } from '../features/errors/outageSlice';
import { noticesSlice } from '../features/notices/noticesSlice';
import { loggedOut } from '../features/session/sessionActions';
import { primeTaskListFromBootData } from '../features/taskList/bootData';
import { primeTaskFromBootData } from '../features/tasks/bootData';
import { i18nSlice } from '../i18n/i18nSlice';
import type { AppRouter, SagaContext } from './navigation';

const appReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [i18nSlice.reducerPath]: i18nSlice.reducer,
  [noticesSlice.reducerPath]: noticesSlice.reducer,
  [errorPageSlice.reducerPath]: errorPageSlice.reducer,
  [outageSlice.reducerPath]: outageSlice.reducer,
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
function deferredSagaMiddleware(context: SagaContext): Middleware {
  return (storeApi) => {
    let forward: ((action: unknown) => unknown) | null = null;
    let pending: unknown[] | null = [];
    import(/* webpackChunkName: "sagas" */ './sagas').then(
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
   * A store for one server render (src/server/render): no sagas, no focus/online listeners, and
   * nothing read from the page's embedded data (the server primes it itself).
   */
  server?: boolean;
}

export function setupStore(preloadedState?: Partial<RootState>, options: SetupStoreOptions = {}) {
  const context: SagaContext = { router: options.router };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      options.server
        ? getDefault().concat(api.middleware)
        : getDefault().concat(api.middleware, resetApiOnLogout, deferredSagaMiddleware(context)),
    devTools: !options.server && process.env.NODE_ENV !== 'production' ? { name: 'Talka' } : false,
  });
  if (options.server) return store;
  primeTaskFromBootData(store.dispatch);
  primeTaskListFromBootData(store.dispatch);
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
