import { fork } from 'redux-saga/effects';
import { pushSaga } from '../push/push.saga';

/**
 * The task feature's long-lived flow: the push stream of the open task. (The task the server
 * embedded into the page is put into the cache by primeTaskFromBootData when the store starts.)
 */
export function* tasksSaga() {
  yield fork(pushSaga);
}
