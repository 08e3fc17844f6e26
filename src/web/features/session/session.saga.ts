import { call, getContext, put, select, takeLeading } from 'redux-saga/effects';
import type { AppRouter } from '../../app/navigation';
import { commonMessages } from '../../i18n/commonMessages';
import { selectLocale } from '../../i18n/i18nSlice';
import { matchRoute, routePath } from '../../i18n/routes';
import type { Locale } from '../../../shared/locales';
import { showNotice } from '../notices/noticesSlice';
import { sessionMessages } from './messages';
import { sessionApi } from './sessionApi';
import { loggedOut, logoutRequested, sessionExpired } from './sessionActions';

function currentUrl(router: AppRouter): string {
  const { pathname, search, hash } = router.state.location;
  return `${pathname}${search}${hash ?? ''}`;
}

/** 401/419 from any call: reset the session, tell the user, go to login and come back after. */
export function* handleSessionExpired() {
  const router: AppRouter | undefined = yield getContext('router');
  const locale: Locale = yield select(selectLocale);
  yield put(loggedOut());
  yield put(showNotice({ kind: 'info', message: commonMessages.unauthorized }));
  if (!router) return;
  const here = currentUrl(router);
  const login = routePath(locale, 'login');
  if (matchRoute(router.state.location.pathname)?.name === 'login') return;
  yield call([router, router.navigate], `${login}?next=${encodeURIComponent(here)}`);
}

/** The log-out button: end the session on the server, reset state, go home. */
export function* handleLogoutRequested() {
  const router: AppRouter | undefined = yield getContext('router');
  const locale: Locale = yield select(selectLocale);
  const request: ReturnType<ReturnType<typeof sessionApi.endpoints.logout.initiate>> = yield put(
    sessionApi.endpoints.logout.initiate(),
  );
  try {
    yield call([request, request.unwrap]);
  } catch {
    // The session is gone either way; the error is logged by the wrapper.
  } finally {
    request.reset();
  }
  yield put(loggedOut());
  yield put(showNotice({ kind: 'success', message: sessionMessages.loggedOut }));
  if (router) yield call([router, router.navigate], routePath(locale, 'home'));
}

export function* sessionSaga() {
  yield takeLeading(sessionExpired.type, handleSessionExpired);
  yield takeLeading(logoutRequested.type, handleLogoutRequested);
}
