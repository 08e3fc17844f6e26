/**
 * Invalidation for the in-memory read model (docs/ARCHITECTURE.md "Read model and caches").
 *
 * Two sources, so that no writer has to call the cache:
 * - database triggers (migration 007) NOTIFY channel `talka_cache` on every write to a table a
 *   cached answer is built from; every process LISTENs (PGlite delivers within its process);
 * - in this process, `watchWrites` wraps the app's Db and reports which tables a statement wrote
 *   once it is committed, before the writer's next read: a user's write is visible in their next
 *   read even before the notification comes back.
 *
 * Every event bumps `epoch`; a cache fills an entry only when the epoch did not move while it was
 * loading, so an answer read before a write can never be stored after that write's invalidation.
 */
import type { Db, Param, Queryable } from '../db/db';

export const CACHE_CHANNEL = 'talka_cache';

/**
 * What changed: `key` null means every entry of that kind. 'counted' is a task whose only change
 * is its view count (migration 012: the view buffer's batches); 'offer' a task one of whose offers
 * changed only what the offer's parties see (migration 013: an edit, not a choice; the key is the
 * task's uuid).
 */
export interface CacheEvent {
  kind: 'task' | 'counted' | 'offer' | 'session' | 'user' | 'views' | 'all';
  key: string | null;
}

export type CacheListener = (event: CacheEvent) => void;

export interface CacheBus {
  /** Bumped by every event: see the file comment. */
  readonly epoch: number;
  on(listener: CacheListener): void;
  emit(event: CacheEvent): void;
  /** LISTENs on the channel (a lost and restored connection clears everything). */
  start(): Promise<void>;
  close(): Promise<void>;
}

const KINDS = new Set(['task', 'counted', 'offer', 'session', 'user', 'views', 'all']);

/** 'task:<uuid>' -> event; 'seen:<uuid>' (only last_seen_at moved) and garbage -> null. */
export function parseCacheNotice(payload: string): CacheEvent | null {
  const at = payload.indexOf(':');
  if (at < 0) return null;
  const kind = payload.slice(0, at);
  if (!KINDS.has(kind)) return null;
  const key = payload.slice(at + 1);
  return { kind: kind as CacheEvent['kind'], key: key === '' ? null : key };
}

export function createCacheBus(db: Db): CacheBus {
  const listeners: CacheListener[] = [];
  let epoch = 0;
  let stop: (() => Promise<void>) | null = null;
  let starting: Promise<void> | null = null;
  const emit = (event: CacheEvent) => {
    epoch += 1;
    for (const listener of listeners) listener(event);
  };
  return {
    get epoch() {
      return epoch;
    },
    on(listener) {
      listeners.push(listener);
    },
    emit,
    start() {
      starting ??= db
        .listen(
          CACHE_CHANNEL,
          (payload) => {
            const event = parseCacheNotice(payload);
            if (event) emit(event);
          },
          // Notifications sent while the connection was down are lost: forget everything.
          () => emit({ kind: 'all', key: null }),
        )
        .then((unlisten) => {
          stop = unlisten;
        });
      return starting;
    },
    async close() {
      if (starting) await starting.catch(() => undefined);
      const unlisten = stop;
      stop = null;
      if (unlisten) await unlisten().catch(() => undefined);
    },
  };
}

/** Which cache kind a write to each table invalidates (the tables migrations 007 and 011 watch). */
const TABLE_KINDS: Record<string, CacheEvent['kind']> = {
  tasks: 'task',
  offers: 'task',
  task_images: 'task',
  task_locations: 'task',
  task_languages: 'task',
  reviews: 'task',
  task_questions: 'task',
  task_views: 'views',
  sessions: 'session',
  users: 'user',
  categories: 'all',
};

const WRITE_PATTERNS = [
  /\bINSERT\s+INTO\s+"?(\w+)/gi,
  /\bUPDATE\s+"?(\w+)"?(?:\s+(?:AS\s+)?\w+)?\s+SET\b/gi,
  /\bDELETE\s+FROM\s+"?(\w+)/gi,
  /\bTRUNCATE\s+(?:TABLE\s+)?"?(\w+)/gi,
];

/** The session plugin's online stamp: readers tolerate it being a little old (the entry's TTL). */
const LAST_SEEN_TOUCH = /^\s*UPDATE users SET last_seen_at = now\(\) WHERE uuid = \$1\s*$/;

/**
 * An edit of offers whose SET list names neither chosen_at nor task_uuid (migration 013's
 * 'offer'): what the offer's parties see. Any other UPDATE of offers counts as a task write.
 */
const OFFER_UPDATE = /^\s*UPDATE\s+offers\s+SET\b([\s\S]*?)(?:\bWHERE\b|$)/i;
const isOfferContentUpdate = (sql: string): boolean => {
  const set = OFFER_UPDATE.exec(sql)?.[1];
  return set !== undefined && !/\b(?:chosen_at|task_uuid)\b/i.test(set);
};

/** The cache kinds a statement writes (empty for a read). */
export function writtenKinds(sql: string): Set<CacheEvent['kind']> {
  const kinds = new Set<CacheEvent['kind']>();
  if (LAST_SEEN_TOUCH.test(sql)) return kinds;
  if (isOfferContentUpdate(sql)) return kinds.add('offer');
  for (const pattern of WRITE_PATTERNS) {
    pattern.lastIndex = 0;
    for (const match of sql.matchAll(pattern)) {
      const kind = TABLE_KINDS[match[1].toLowerCase()];
      if (kind) kinds.add(kind);
    }
  }
  return kinds;
}

/**
 * The app's Db, reporting what each committed write touched to `bus` (a statement outside a
 * transaction when it resolves, a transaction's statements when it commits; also when it fails,
 * which costs a reload and nothing else). exec (migrations, scripts) invalidates everything.
 */
export function watchWrites(db: Db, bus: CacheBus): Db {
  const report = (kinds: Iterable<CacheEvent['kind']>) => {
    for (const kind of kinds) bus.emit({ kind, key: null });
  };
  const tracked = (q: Queryable, pending: Set<CacheEvent['kind']> | null): Queryable => ({
    async query<R>(sql: string, params?: readonly Param[]) {
      const kinds = writtenKinds(sql);
      try {
        return await q.query<R>(sql, params);
      } finally {
        if (pending) for (const kind of kinds) pending.add(kind);
        else report(kinds);
      }
    },
    async exec(sql: string) {
      try {
        await q.exec(sql);
      } finally {
        if (pending) pending.add('all');
        else report(['all']);
      }
    },
  });
  const outside = tracked(db, null);
  return {
    kind: db.kind,
    query: outside.query,
    exec: outside.exec,
    async transaction(fn) {
      const pending = new Set<CacheEvent['kind']>();
      try {
        return await db.transaction((tx) => fn(tracked(tx, pending)));
      } finally {
        report(pending);
      }
    },
    listen: (channel, onPayload, onRestored) => db.listen(channel, onPayload, onRestored),
    notify: (channel, payload) => db.notify(channel, payload),
    ping: () => db.ping(),
    close: () => db.close(),
  };
}
