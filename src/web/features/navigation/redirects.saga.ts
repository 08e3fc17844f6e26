/**
 * Redirects after a server answer (issue 15, SPEC sections 2 and 8), out of the components: each
 * rule reacts to an RTK Query matcher and puts `navigation/redirected { to, reason }`, and one
 * saga hands every redirect to the router of the saga context (`AppRouter`, app/navigation.ts).
 * The session saga's redirects (401/419, logout) go through the same action.
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import { defineMessages } from 'react-intl';
import { call, getContext, put, select, takeEvery } from 'redux-saga/effects';
import type { AppRouter } from '../../app/navigation';
import type { Locale } from '../../../shared/locales';
import { selectLocale } from '../../i18n/i18nSlice';
import { matchRoute, routePath } from '../../i18n/routes';
import { showNotice } from '../notices/noticesSlice';
import { endpointFulfilled, endpointRejected } from '../../api/endpointMatchers';
import type { offersApi } from '../offers/offersApi';
import type { taskFormApi, CreatedTask } from '../taskForm/taskFormApi';
import type { taskApi } from '../tasks/taskApi';
import { redirected, type Redirect } from './navigationActions';

// Here, not in the task page's messages: only this saga says it, and the sagas chunk then does not
// carry the task page's whole message object.
const redirectMessages = defineMessages({
  taskDeleted: { id: 'tasks.detail.delete.success', defaultMessage: 'Task deleted' },
});

/** The only place a saga navigates. Without a router (a store outside the app) nothing moves. */
export function* navigateTo({ payload }: PayloadAction<Redirect>) {
  const router: AppRouter | undefined = yield getContext('router');
  if (!router) return;
  if (payload.replace) yield call([router, router.navigate], payload.to, { replace: true });
  else yield call([router, router.navigate], payload.to);
}

/** The owner deleted the task: say so (the polite live region announces it) and show the list. */
export function* onTaskDeleted() {
  const locale: Locale = yield select(selectLocale);
  yield put(showNotice({ kind: 'success', message: redirectMessages.taskDeleted }));
  yield put(redirected({ to: routePath(locale, 'tasks'), reason: 'taskDeleted' }));
}

/** A new task opens on its own page (/tasks/view/{uuid} resolves it to /tasks/{slug}). */
export function* onTaskCreated(action: { payload: CreatedTask }) {
  const locale: Locale = yield select(selectLocale);
  const to = routePath(locale, 'taskView', { uuid: action.payload.uuid });
  yield put(redirected({ to, reason: 'taskCreated' }));
}

/**
 * The task page's offers list could not be loaded (SPEC section 8): go to the task list. The
 * query handles every status itself (no error page, notice or logout), as it did in the
 * component. Only a real answer counts (not a skipped or deduplicated start), and only while a
 * task page is still on screen: a late failure must not pull the user off the page they went to.
 */
export function* onOffersFailed(action: {
  meta: { condition?: boolean; rejectedWithValue?: boolean };
}) {
  if (action.meta.condition || !action.meta.rejectedWithValue) return;
  const router: AppRouter | undefined = yield getContext('router');
  if (router && matchRoute(router.state.location.pathname)?.name !== 'task') return;
  const locale: Locale = yield select(selectLocale);
  yield put(redirected({ to: routePath(locale, 'tasks'), reason: 'offersFailed' }));
}

export function* redirectsSaga() {
  yield takeEvery(redirected.type, navigateTo);
  // By name, the APIs' types only: the sagas' chunk does not carry those features' endpoints.
  yield takeEvery(endpointFulfilled<typeof taskApi, 'deleteTask'>('deleteTask'), onTaskDeleted);
  yield takeEvery(endpointFulfilled<typeof taskFormApi, 'createTask'>('createTask'), onTaskCreated);
  yield takeEvery(endpointRejected<typeof offersApi, 'getOffers'>('getOffers'), onOffersFailed);
}
