/**
 * Push fan-out. Every API process has one hub; publishing goes through PostgreSQL NOTIFY on one
 * channel, and every hub LISTENs once on it and hands each event to its local subscribers (the SSE
 * streams of GET /api/push). So several processes behind a load balancer, sharing one database, all
 * deliver an event wherever it was published. PGlite supports LISTEN/NOTIFY within its process.
 *
 * NOTIFY payloads are limited to 8000 bytes: events must stay small (ids, not documents); the
 * browser fetches the rest.
 */
import type { Db } from '../db/db';

export const PUSH_CHANNEL = 'talka_events';
/** Below PostgreSQL's 8000-byte NOTIFY limit, with room for the envelope. */
export const MAX_EVENT_BYTES = 7500;

/** What a browser receives: `handler` names what to do, the rest is the handler's data. */
export interface PushEvent {
  handler: string;
  [key: string]: unknown;
}

export interface TaskViewEvent extends PushEvent {
  handler: 'tasks.view';
  task_uuid: string;
}

/** What a subscriber wants: public task channels and, for a logged-in user, their own events. */
export interface PushFilter {
  tasks?: Iterable<string>;
  userUuid?: string | null;
}

export type PushSend = (event: PushEvent) => void;

export interface PushHub {
  /** LISTENs on the channel (once; later calls wait for the same start). */
  start(): Promise<void>;
  /** Tells everyone viewing the task (in every process) that it changed: tasks.view. */
  publishTask(taskUuid: string): Promise<void>;
  /** A personal event for one user's open streams, e.g. { handler: 'chat.message', ... }. */
  publishUser(userUuid: string, payload: PushEvent): Promise<void>;
  /** Registers a local subscriber; returns its unsubscribe function. */
  subscribe(filter: PushFilter, send: PushSend): () => void;
  /** Local subscribers right now (for tests and metrics). */
  readonly size: number;
  /** UNLISTENs and drops every subscriber. */
  close(): Promise<void>;
}

/** The NOTIFY payload: which scope the event is for, and the event. */
type Envelope = { scope: 'task'; id: string } | { scope: 'user'; id: string; event: PushEvent };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

function parseEnvelope(payload: string): Envelope | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { scope, id, event } = value as { scope?: unknown; id?: unknown; event?: unknown };
  if (typeof id !== 'string') return null;
  if (scope === 'task') return { scope, id };
  if (
    scope === 'user' &&
    typeof event === 'object' &&
    event !== null &&
    typeof (event as { handler?: unknown }).handler === 'string'
  ) {
    return { scope, id, event: event as PushEvent };
  }
  return null;
}

interface Subscriber {
  send: PushSend;
}

export interface PushHubOptions {
  channel?: string;
  /** Called when a subscriber's send throws (the subscriber stays; its stream decides). */
  onError?: (err: unknown) => void;
}

export function createPushHub(db: Db, options: PushHubOptions = {}): PushHub {
  const channel = options.channel ?? PUSH_CHANNEL;
  const byTask = new Map<string, Set<Subscriber>>();
  const byUser = new Map<string, Set<Subscriber>>();
  let count = 0;
  let starting: Promise<void> | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  let closed = false;

  const add = (index: Map<string, Set<Subscriber>>, key: string, sub: Subscriber) => {
    let set = index.get(key);
    if (!set) {
      set = new Set();
      index.set(key, set);
    }
    set.add(sub);
  };
  const remove = (index: Map<string, Set<Subscriber>>, key: string, sub: Subscriber) => {
    const set = index.get(key);
    if (!set) return;
    set.delete(sub);
    if (set.size === 0) index.delete(key);
  };

  const deliver = (subs: Set<Subscriber> | undefined, event: PushEvent) => {
    if (!subs) return;
    for (const sub of [...subs]) {
      try {
        sub.send(event);
      } catch (err) {
        options.onError?.(err);
      }
    }
  };

  const dispatch = (payload: string) => {
    const envelope = parseEnvelope(payload);
    if (!envelope) return;
    if (envelope.scope === 'task') {
      const event: TaskViewEvent = { handler: 'tasks.view', task_uuid: envelope.id };
      deliver(byTask.get(envelope.id), event);
    } else {
      deliver(byUser.get(envelope.id), envelope.event);
    }
  };

  /**
   * The LISTEN connection was lost and is back: changes made meanwhile in other processes were not
   * heard. Every open task page here is told its task changed (it refetches), so none stays stale.
   */
  const resync = () => {
    for (const [taskUuid, subs] of [...byTask]) {
      deliver(subs, { handler: 'tasks.view', task_uuid: taskUuid } satisfies TaskViewEvent);
    }
  };

  const publish = async (envelope: Envelope) => {
    const payload = JSON.stringify(envelope);
    if (Buffer.byteLength(payload) > MAX_EVENT_BYTES) {
      throw new Error(`push event too large (${Buffer.byteLength(payload)} bytes)`);
    }
    await db.notify(channel, payload);
  };

  return {
    start() {
      if (closed) return Promise.reject(new Error('push hub is closed'));
      starting ??= db.listen(channel, dispatch, resync).then((stop) => {
        unlisten = stop;
      });
      return starting;
    },

    async publishTask(taskUuid) {
      if (!isUuid(taskUuid)) throw new Error('publishTask: not a uuid');
      await publish({ scope: 'task', id: taskUuid.toLowerCase() });
    },

    async publishUser(userUuid, event) {
      if (!isUuid(userUuid)) throw new Error('publishUser: not a uuid');
      await publish({ scope: 'user', id: userUuid.toLowerCase(), event });
    },

    subscribe(filter, send) {
      const sub: Subscriber = { send };
      const tasks = [...new Set([...(filter.tasks ?? [])].map((t) => t.toLowerCase()))];
      const user = filter.userUuid ? filter.userUuid.toLowerCase() : null;
      for (const task of tasks) add(byTask, task, sub);
      if (user) add(byUser, user, sub);
      count += 1;
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        count -= 1;
        for (const task of tasks) remove(byTask, task, sub);
        if (user) remove(byUser, user, sub);
      };
    },

    get size() {
      return count;
    },

    async close() {
      closed = true;
      byTask.clear();
      byUser.clear();
      count = 0;
      if (starting) await starting.catch(() => undefined);
      const stop = unlisten;
      unlisten = null;
      if (stop) await stop().catch(() => undefined);
    },
  };
}
