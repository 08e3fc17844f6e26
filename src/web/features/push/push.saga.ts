/**
 * One push stream for the whole app (issue 15): an EventSource on /api/push while a user is signed
 * in (their personal events: chat messages, "another offer was chosen"), with `?tasks=<uuid>` while
 * a task page is open, for visitors too (`{ handler: 'tasks.view', task_uuid }` whenever the task or
 * its offers change: we invalidate their tags and RTK Query refetches what is on screen).
 *
 * The stream follows { signed-in user, open task }: it opens on boot or login with a user, or when
 * a task page opens; it is replaced (one reconnect) when either changes, e.g. a task page opening or
 * closing, a login or a logout; it closes when neither is left. Reconnects with backoff (1 s, 2 s,
 * 4 s, then 5 s) and refetches the open task once after a reconnect, since an event may have been
 * missed. Personal events become notices with a link to their task, on any page.
 *
 * Make before break: when only the task channel changes (same user), the old stream stays open until
 * the new one is connected (pushStreamOpened), or at most HANDOFF_MAX_MS, so a chat message sent
 * while the stream moves is not lost; the few personal events both streams carry meanwhile are shown
 * once (PersonalEventFilter). A login or logout closes the old stream at once: its events were for
 * someone else.
 */
import type { Action, UnknownAction } from '@reduxjs/toolkit';
import { defineMessages } from 'react-intl';
import { eventChannel, type EventChannel, type Task as SagaTask } from 'redux-saga';
import { call, cancel, delay, fork, getContext, put, race, select, take } from 'redux-saga/effects';
import { isNotChosenReason } from '../../../shared/notChosenReasons';
import type { AlertMatchPushEvent } from '../../../shared/alerts';
import type {
  ChatMessagePushEvent,
  OfferNotChosenPushEvent,
  ReportDecidedPushEvent,
} from '../../../shared/types';
import { api } from '../../api/api';
import { getConfig } from '../../app/config';
import type { AppRouter } from '../../app/navigation';
import { matchRoute } from '../../i18n/routes';
import { refetchConversation } from '../chat/chatTags';
import { refetchMyReports } from '../moderation/moderationTags';
import { showNotice, type NoticeLink } from '../notices/noticesSlice';
import { hydrated } from '../../api/hydration';
import { selectCurrentUser, sessionApi } from '../session/sessionApi';
import { loggedOut } from '../session/sessionActions';
import { createEventSource } from './eventSource';
import { pushStreamOpened, refetchTask, taskPageClosed, taskPageOpened } from './pushActions';

// Here, not in a feature's messages: these notices show on any page, so their ids are in the
// catalog part every page loads (the `push.` prefix is in `core`).
export const pushMessages = defineMessages({
  notChosen: {
    id: 'push.notice.notChosen',
    defaultMessage: 'Another offer was chosen for “{title}”',
  },
  notChosenReason: {
    id: 'push.notice.notChosenReason',
    defaultMessage:
      'Another offer was chosen for “{title}”. Reason: {reason, select, price {price} timing {timing} experience {experience} known {the customer chose someone they know} other {another reason}}.',
  },
  chatMessage: {
    id: 'push.notice.chatMessage',
    defaultMessage: '{sender} sent you a message about “{title}”',
  },
  openTask: { id: 'push.notice.openTask', defaultMessage: 'Open the task' },
  reportDecided: {
    id: 'push.notice.reportDecided',
    defaultMessage:
      '{status, select, action_taken {A moderator took action on your report about “{title}”} other {A moderator reviewed your report about “{title}” and took no action}}',
  },
  openMyReports: { id: 'push.notice.openMyReports', defaultMessage: 'My reports' },
  alertMatch: {
    id: 'push.notice.alertMatch',
    defaultMessage: 'A new task matches your alerts: “{title}”',
  },
});

export type PushMessage =
  { type: 'open' } | { type: 'event'; data: unknown } | { type: 'error' } | { type: 'unsupported' };

/** The task page on screen: its stream channel and its URL's slug. */
export interface OpenTask {
  uuid: string;
  slug: string;
}

/** What the one stream is for: the signed-in user (personal events) and the open task, if any. */
export interface StreamTarget {
  userUuid: string | null;
  task: OpenTask | null;
}

export const RECONNECT_MAX_MS = 5000;

/** How long a replaced stream stays open at most while its successor connects. */
export const HANDOFF_MAX_MS = 10_000;

/**
 * Personal events already handled, by their content (a chat message carries its id and time, so two
 * equal payloads are one event seen on two streams during a handoff). Remembers the last few.
 */
export class PersonalEventFilter {
  private readonly seen: string[] = [];
  constructor(private readonly capacity = 32) {}
  /** True the first time this event is seen. */
  isNew(data: unknown): boolean {
    const key = JSON.stringify(data);
    if (this.seen.includes(key)) return false;
    this.seen.push(key);
    if (this.seen.length > this.capacity) this.seen.shift();
    return true;
  }
}

/** Delay before reconnect attempt n (0-based): 1 s, 2 s, 4 s, then at most 5 s. */
export const reconnectDelay = (attempt: number): number =>
  Math.min(1000 * 2 ** attempt, RECONNECT_MAX_MS);

/** /api/push, with the open task's channel: the server adds the user's events by the cookie. */
export const pushUrl = (taskUuid?: string | null): string =>
  `${getConfig().apiBase.replace(/\/$/, '')}/push${
    taskUuid ? `?tasks=${encodeURIComponent(taskUuid)}` : ''
  }`;

/** Which stream a target needs; null: none (a visitor on a page without a task). */
export const streamKey = ({ userUuid, task }: StreamTarget): string | null =>
  userUuid || task ? `${userUuid ?? ''}|${task?.uuid ?? ''}` : null;

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
export function isTaskViewFor(data: unknown, task: OpenTask): boolean {
  if (!data || typeof data !== 'object') return false;
  const { handler, task_uuid: taskUuid } = data as { handler?: unknown; task_uuid?: unknown };
  if (handler !== 'tasks.view' || typeof taskUuid !== 'string') return false;
  const id = taskUuid.toLowerCase();
  return id === task.uuid.toLowerCase() || id === task.slug.toLowerCase();
}

// Here for the sagas and their tests; pages import it from ./pushActions (no redux-saga there).
export { refetchTask };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Is the router showing this task's page (by its slug, or /tasks/view/{uuid})? */
function showsTask(router: AppRouter | undefined, uuid: string, slug: string): boolean {
  const match = router && matchRoute(router.state.location.pathname);
  if (!match) return false;
  if (match.name === 'task') return match.params.slug.toLowerCase() === slug.toLowerCase();
  return match.name === 'taskView' && match.params.uuid.toLowerCase() === uuid.toLowerCase();
}

function* isOnTaskPage(uuid: string, slug: string) {
  const router: AppRouter | undefined = yield getContext('router');
  return showsTask(router, uuid, slug);
}

/** The link of a notice about a task (none without its slug). */
const taskLink = (slug: string): NoticeLink | undefined =>
  slug ? { route: 'task', params: { slug }, label: pushMessages.openTask } : undefined;

/**
 * chat.message refetches the conversation and the conversation lists (unread counts) and, unless
 * that task's page is on screen (where the conversation shows), tells the user who wrote about
 * which task. offers.not_chosen tells the freelancer and refetches the task. reports.decided tells
 * the reporter (a link to "My reports") and refetches their reports.
 */
export function* handleOfferAndChatEvent(data: unknown) {
  if (!data || typeof data !== 'object') return;
  const event = data as { handler?: unknown };
  if (event.handler === 'chat.message') {
    const chat = data as Partial<ChatMessagePushEvent>;
    if (typeof chat.conversation_uuid !== 'string') return;
    yield put(refetchConversation(chat.conversation_uuid));
    const uuid = text(chat.task_uuid);
    const slug = text(chat.task_identifier);
    if (!uuid || (yield* isOnTaskPage(uuid, slug))) return;
    yield put(
      showNotice({
        kind: 'info',
        message: pushMessages.chatMessage,
        values: { sender: text(chat.sender_name), title: text(chat.task_title) },
        link: taskLink(slug),
      }),
    );
  } else if (event.handler === 'offers.not_chosen') {
    const notChosen = data as Partial<OfferNotChosenPushEvent>;
    if (typeof notChosen.task_uuid !== 'string') return;
    const slug = text(notChosen.task_identifier);
    // On the task's own page the notice needs no link to it.
    const here: boolean = yield* isOnTaskPage(notChosen.task_uuid, slug);
    yield put(
      showNotice({
        kind: 'info',
        ...(isNotChosenReason(notChosen.reason)
          ? {
              message: pushMessages.notChosenReason,
              values: { title: text(notChosen.task_title), reason: notChosen.reason },
            }
          : { message: pushMessages.notChosen, values: { title: text(notChosen.task_title) } }),
        link: here ? undefined : taskLink(slug),
      }),
    );
    yield put(refetchTask(notChosen.task_uuid));
  } else if (event.handler === 'reports.decided') {
    // Issue 19: a moderator decided the user's report; the notice links to "My reports".
    const decided = data as Partial<ReportDecidedPushEvent>;
    if (typeof decided.task_uuid !== 'string') return;
    yield put(
      showNotice({
        kind: 'info',
        message: pushMessages.reportDecided,
        values: {
          title: text(decided.task_title),
          status: decided.status === 'action_taken' ? 'action_taken' : 'dismissed',
        },
        link: { route: 'myReports', label: pushMessages.openMyReports },
      }),
    );
    yield put(refetchMyReports());
  } else if (event.handler === 'alerts.match') {
    // Task alerts (issue 20): a new task for this freelancer, on any page; "Tasks for you" refetches.
    const match = data as Partial<AlertMatchPushEvent>;
    if (typeof match.task_uuid !== 'string') return;
    const slug = text(match.task_identifier);
    const here: boolean = yield* isOnTaskPage(match.task_uuid, slug);
    yield put(
      showNotice({
        kind: 'info',
        message: pushMessages.alertMatch,
        values: { title: text(match.task_title) },
        link: here ? undefined : taskLink(slug),
      }),
    );
    yield put(api.util.invalidateTags(['AlertMatches']));
  }
}

/**
 * The server ended a signed-in stream: it does so when the session ends (suspension, logout
 * elsewhere, expiry). A plain `/me` then answers 401 and the wrapper starts the expiry flow, as
 * any other call would; a live session just reconnects.
 */
function* confirmSession() {
  const request: ReturnType<ReturnType<typeof sessionApi.endpoints.sessionCheck.initiate>> =
    yield put(sessionApi.endpoints.sessionCheck.initiate(undefined, { forceRefetch: true }));
  try {
    yield call([request, request.unwrap]);
  } catch {
    // A 401 is handled by the session saga; anything else by the outage banner or the next try.
  } finally {
    request.unsubscribe();
  }
}

/** Keeps one stream open (reconnecting) until cancelled. */
export function* watchStream(
  target: StreamTarget,
  personal: PersonalEventFilter = new PersonalEventFilter(),
) {
  const { task } = target;
  const key = streamKey(target);
  let attempt = 0;
  let connectedBefore = false;
  for (;;) {
    const channel: EventChannel<PushMessage> = yield call(pushChannel, pushUrl(task?.uuid));
    let opened = false;
    try {
      for (;;) {
        const message: PushMessage = yield take(channel);
        if (message.type === 'unsupported') return;
        if (message.type === 'error') break;
        if (message.type === 'open') {
          opened = true;
          // A change may have happened while we were disconnected.
          if (task && (connectedBefore || attempt > 0)) yield put(refetchTask(task.uuid));
          if (!connectedBefore && key) yield put(pushStreamOpened({ key }));
          connectedBefore = true;
          attempt = 0;
        } else if (task && isTaskViewFor(message.data, task)) {
          yield put(refetchTask(task.uuid));
        } else if (personal.isNew(message.data)) {
          yield* handleOfferAndChatEvent(message.data);
        }
      }
    } finally {
      channel.close();
    }
    if (opened && target.userUuid) yield* confirmSession();
    yield delay(reconnectDelay(attempt));
    attempt += 1;
  }
}

/** A failing stream must never take the root saga (and the session saga) down with it. */
function* safeWatchStream(target: StreamTarget, personal: PersonalEventFilter) {
  try {
    yield call(watchStream, target, personal);
  } catch (error) {
    console.error('[push] the stream stopped', error);
  }
}

/** The actions that can change what the stream is for. */
const changesTarget = (action: Action): boolean =>
  taskPageOpened.match(action) ||
  taskPageClosed.match(action) ||
  loggedOut.match(action) ||
  sessionApi.endpoints.me.matchFulfilled(action) ||
  // A server-rendered page hands the current user over in the hydration payload, with no request.
  hydrated.match(action);

/** Closes the replaced stream once its successor (`key`) is connected, or after HANDOFF_MAX_MS. */
function* retireWhenReplaced(old: SagaTask, key: string) {
  yield race({
    opened: take((action: Action) => pushStreamOpened.match(action) && action.payload.key === key),
    timeout: delay(HANDOFF_MAX_MS),
  });
  yield cancel(old);
}

export function* pushSaga() {
  let watcher: SagaTask | null = null;
  let current: string | null = null;
  let currentUser: string | null = null;
  let task: OpenTask | null = null;
  /** Replaced streams still open while their successor connects, each with its retiring saga. */
  let retiring: SagaTask[] = [];
  const personal = new PersonalEventFilter();
  for (;;) {
    const action: UnknownAction = yield take(changesTarget);
    if (taskPageOpened.match(action)) {
      task = action.payload;
    } else if (taskPageClosed.match(action)) {
      // A late close of the previous page must not close the page that replaced it.
      if (action.payload.uuid !== task?.uuid) continue;
      task = null;
    }
    // After loggedOut the cache is reset: no user. Login and boot fill `me`.
    const user: ReturnType<typeof selectCurrentUser> = yield select(selectCurrentUser);
    const target: StreamTarget = { userUuid: user?.uuid ?? null, task };
    const key = streamKey(target);
    if (key === current) continue;
    const sameUser = target.userUuid !== null && target.userUuid === currentUser;
    if (!sameUser || !key) {
      // Someone else's (or nobody's) events from here on: every older stream closes now.
      for (const old of retiring) yield cancel(old);
      retiring = [];
      if (watcher) yield cancel(watcher);
    }
    const previous = watcher;
    watcher = key ? yield fork(safeWatchStream, target, personal) : null;
    if (sameUser && key && previous) {
      retiring = retiring.filter((t) => t.isRunning());
      retiring.push(previous, yield fork(retireWhenReplaced, previous, key));
    }
    current = key;
    currentUser = target.userUuid;
  }
}
