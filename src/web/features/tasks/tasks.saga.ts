import { fork, put } from 'redux-saga/effects';
import { pushSaga } from '../push/push.saga';
import { readTaskBootData } from './bootData';
import { taskApi } from './taskApi';

/**
 * Primes the RTK Query cache with the task the server embedded into the page, so the first paint
 * of a server-rendered task page needs no request. Runs when the store starts, before React renders.
 */
export function* primeTaskFromBootData() {
  const boot = readTaskBootData();
  if (!boot) return;
  yield put(
    taskApi.util.upsertQueryData('getTask', { slug: boot.slug, locale: boot.locale }, boot.task),
  );
}

/** The task feature's long-lived flows: boot priming, then the push stream of the open task. */
export function* tasksSaga() {
  yield fork(primeTaskFromBootData);
  yield fork(pushSaga);
}
