import { all, fork } from 'redux-saga/effects';
import { redirectsSaga } from '../features/navigation/redirects.saga';
import { sessionSaga } from '../features/session/session.saga';
import { pushSaga } from '../features/push/push.saga';

/** Long-lived flows only (session expiry, push, redirects); features add their saga here. */
export function* rootSaga() {
  yield all([fork(redirectsSaga), fork(sessionSaga), fork(pushSaga)]);
}
