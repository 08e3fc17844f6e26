import { combineReducers, configureStore, type Middleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import createSagaMiddleware from 'redux-saga';
import { api } from '../api/api';
import { errorPageSlice } from '../features/errors/errorPageSlice';
import { outageSlice } from '../features/errors/outageSlice';
import { noticesSlice } from '../features/notices/noticesSlice';
import { loggedOut } from '../features/session/sessionActions';
import { i18nSlice } from '../i18n/i18nSlice';
import type { AppRouter, SagaContext } from './navigation';
import { rootSaga } from './rootSaga';

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

export interface SetupStoreOptions {
  /** The data router; sagas navigate with it (tests pass a fake or a memory router). */
  router?: AppRouter;
}

export function setupStore(preloadedState?: Partial<RootState>, options: SetupStoreOptions = {}) {
  const context: SagaContext = { router: options.router };
  const sagaMiddleware = createSagaMiddleware({ context: { ...context } });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault().concat(api.middleware, resetApiOnLogout, sagaMiddleware),
    devTools: process.env.NODE_ENV !== 'production' ? { name: 'Talka' } : false,
  });
  sagaMiddleware.setContext({ router: options.router });
  sagaMiddleware.run(rootSaga);
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
