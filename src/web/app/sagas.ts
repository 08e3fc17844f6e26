/**
 * The saga side of the store, loaded as its own chunk by deferredSagaMiddleware (./store.ts):
 * redux-saga's middleware bound to the store, the root saga running, and the function that hands
 * each action to it.
 */
import type { MiddlewareAPI } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import type { SagaContext } from './navigation';
import { rootSaga } from './rootSaga';

export function startSagas(
  storeApi: MiddlewareAPI,
  context: SagaContext,
): (action: unknown) => unknown {
  const sagaMiddleware = createSagaMiddleware({ context: { ...context } });
  // The reducers have already seen the action (the deferred middleware called next): only the
  // sagas' channel gets it here.
  const forward = sagaMiddleware(storeApi)(() => undefined);
  sagaMiddleware.run(rootSaga);
  return forward;
}
