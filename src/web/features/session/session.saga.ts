import { call, getContext, put, select, takeLeading } from 'redux-saga/effects';
import type { AppRouter } from '../../app/navigation';
import { commonMessages } from '../../i18n/commonMessages';
import { selectLocale } from '../../i18n/i18nSlice';
import { matchRoute, routePath } from '../../i18n/routes';
import type { Locale } from '../../../shared/locales';
import { redirected } from '../navigation/navigationActions';
import { showNotice } from '../notices/noticesSlice';
import { sessionMessages } from './messages';
import { selectCurrentUser, sessionApi } from './sessionApi';
import { loggedOut, logoutRequested, sessionExpired } from './sessionActions';

function currentUrl(router: AppRouter): string {
  const { pathname, search, hash } = router.state.location;
  return `${pathname}${search}${hash ?? ''}`;
}

/**
 * 401/419 from any call: reset the session, tell the user, go to login and come back after.
 *
 * Only a session the SPA knows of is reset and announced. A visitor (or a user whose session is
 * already reset) has nothing to clear; and clearing again would make the page still on screen while
 * the login page loads refetch its queries, answer 401 again and loop until the navigation ends.
 */
export function* handleSessionExpired() {
  const router: AppRouter | undefined = yield getContext('router');
  const locale: Locale = yield select(selectLocale);
  const user: ReturnType<typeof selectCurrentUser> = yield select(selectCurrentUser);
  if (user) {
    yield put(loggedOut());
    yield put(showNotice({ kind: 'info', message: commonMessages.unauthorized }));
  }
  if (!router) return;
  const here = currentUrl(router);
  const login = routePath(locale, 'login');
  if (matchRoute(router.state.location.pathname)?.name === 'login') return;
  yield put(
    redirected({ to: `${login}?next=${encodeURIComponent(here)}`, reason: 'sessionExpired' }),
  );
}

/** The log-out button: end the session on the server, reset state, go home. */
export function* handleLogoutRequested() {
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
  yield put(redirected({ to: routePath(locale, 'home'), reason: 'loggedOut' }));
}

export function* sessionSaga() {
  yield takeLeading(sessionExpired.type, handleSessionExpired);
  yield takeLeading(logoutRequested.type, handleLogoutRequested);
}
