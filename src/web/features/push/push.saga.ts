/**
 * Push-triggered refetch (SPEC section 4 'Deleting and refresh', issue 3): while a task page is
 * open, an EventSource on /api/push?tasks=<uuid> delivers `{ handler: 'tasks.view', task_uuid }`
 * whenever the task or its offers change; we invalidate the task's (and its offers') tags and RTK
 * Query refetches what is on screen. Reconnects with backoff (1 s, 2 s, 4 s, then 5 s), and refetches
 * once after a reconnect because an event may have been missed. Closes on page close and logout.
 */
import { defineMessages } from 'react-intl';
import { eventChannel, type EventChannel, type Task as SagaTask } from 'redux-saga';
import { call, cancel, delay, fork, put, take } from 'redux-saga/effects';
import { getConfig } from '../../app/config';
import { refetchConversation } from '../chat/chatApi';
import { showNotice } from '../notices/noticesSlice';
import { loggedOut } from '../session/sessionActions';
import { createEventSource } from './eventSource';
import { refetchTask, taskPageClosed, taskPageOpened } from './pushActions';

// Here, not in ../offers/messages: the saga runs from the entry chunk, the offer texts load with
// the task page.
const pushMessages = defineMessages({
  notChosen: {
    id: 'offers.notice.notChosen',
    defaultMessage: 'Another offer was chosen for “{title}”',
  },
});

export type PushMessage =
  { type: 'open' } | { type: 'event'; data: unknown } | { type: 'error' } | { type: 'unsupported' };

export const RECONNECT_MAX_MS = 5000;

/** Delay before reconnect attempt n (0-based): 1 s, 2 s, 4 s, then at most 5 s. */
export const reconnectDelay = (attempt: number): number =>
  Math.min(1000 * 2 ** attempt, RECONNECT_MAX_MS);

export const pushUrl = (uuid: string): string =>
  `${getConfig().apiBase.replace(/\/$/, '')}/push?tasks=${encodeURIComponent(uuid)}`;

/** One EventSource as a channel; an error closes it (we reconnect with our own backoff). */
export function pushChannel(url: string): EventChannel<PushMessage> {
  return eventChannel<PushMessage>((emit) => {
    const source = createEventSource(url);
    if (!source) {
      // No EventSource here: the page works without live updates. Emitted after subscribe returns.
      queueMicrotask(() => emit({ type: 'unsupported' }));
      return () => undefined;
    }
    source.onopen = () => emit({ type: 'open' });
    source.onmessage = (event) => {
      try {
        emit({ type: 'event', data: JSON.parse(event.data) as unknown });
      } catch {
        // Not JSON (should not happen): ignore the event.
      }
    };
    source.onerror = () => {
      source.close();
      emit({ type: 'error' });
    };
    return () => source.close();
  });
}

/** Does this push event say that the task on screen changed? */
export function isTaskViewFor(data: unknown, task: { uuid: string; slug: string }): boolean {
  if (!data || typeof data !== 'object') return false;
  const { handler, task_uuid: taskUuid } = data as { handler?: unknown; task_uuid?: unknown };
  if (handler !== 'tasks.view' || typeof taskUuid !== 'string') return false;
  const id = taskUuid.toLowerCase();
  return id === task.uuid.toLowerCase() || id === task.slug.toLowerCase();
}

// Here for the sagas and their tests; pages import it from ./pushActions (no redux-saga there).
export { refetchTask };

/**
 * chat.message refetches the open conversation and the conversation lists (unread counts);
 * offers.not_chosen tells the freelancer.
 */
export function* handleOfferAndChatEvent(data: unknown) {
  if (!data || typeof data !== 'object') return;
  const event = data as { handler?: unknown; conversation_uuid?: unknown; task_uuid?: unknown };
  if (event.handler === 'chat.message' && typeof event.conversation_uuid === 'string') {
    yield put(refetchConversation(event.conversation_uuid));
  } else if (event.handler === 'offers.not_chosen' && typeof event.task_uuid === 'string') {
    const title = (data as { task_title?: unknown }).task_title;
    yield put(
      showNotice({
        kind: 'info',
        message: pushMessages.notChosen,
        values: { title: typeof title === 'string' ? title : '' },
      }),
    );
    yield put(refetchTask(event.task_uuid));
  }
}

/** Keeps one task's stream open until cancelled. */
export function* watchTask(task: { uuid: string; slug: string }) {
  let attempt = 0;
  let connectedBefore = false;
  for (;;) {
    const channel: EventChannel<PushMessage> = yield call(pushChannel, pushUrl(task.uuid));
    try {
      for (;;) {
        const message: PushMessage = yield take(channel);
        if (message.type === 'unsupported') return;
        if (message.type === 'error') break;
        if (message.type === 'open') {
          // A change may have happened while we were disconnected.
          if (connectedBefore || attempt > 0) yield put(refetchTask(task.uuid));
          connectedBefore = true;
          attempt = 0;
        } else if (isTaskViewFor(message.data, task)) {
          yield put(refetchTask(task.uuid));
        } else {
          yield* handleOfferAndChatEvent(message.data);
        }
      }
    } finally {
      channel.close();
    }
    yield delay(reconnectDelay(attempt));
    attempt += 1;
  }
}

/** A failing stream must never take the root saga (and the session saga) down with it. */
function* safeWatchTask(task: { uuid: string; slug: string }) {
  try {
    yield call(watchTask, task);
  } catch (error) {
    console.error('[push] the task stream stopped', error);
  }
}

export function* pushSaga() {
  let watcher: SagaTask | null = null;
  let currentUuid: string | null = null;
  for (;;) {
    const action: ReturnType<typeof taskPageOpened | typeof taskPageClosed | typeof loggedOut> =
      yield take([taskPageOpened.type, taskPageClosed.type, loggedOut.type]);
    // A late close of the previous page must not close the page that replaced it.
    if (taskPageClosed.match(action) && action.payload.uuid !== currentUuid) continue;
    if (watcher) yield cancel(watcher);
    watcher = null;
    currentUuid = null;
    if (taskPageOpened.match(action)) {
      currentUuid = action.payload.uuid;
      watcher = yield fork(safeWatchTask, action.payload);
    }
  }
}
