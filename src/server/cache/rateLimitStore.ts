/**
 * A @fastify/rate-limit store in PostgreSQL (issue 18): with several API processes on one
 * database every limit counts every process's requests (in memory each process counted alone, so
 * two processes doubled every limit). Used only on PostgreSQL: the embedded database has one
 * process, which keeps the plugin's in-memory store.
 *
 * Exact where it matters, cheap where it does not: a key's first request and every request once
 * the key is at half its limit or more add to the shared counter in the database and answer from
 * it (one upsert; an ended window starts over in the same statement). Below half the limit a
 * request is counted in memory and answered from the last shared count plus this process's
 * unsent ones; those are added to the database within SYNC_MS, all keys in one statement. So a
 * client far below its limit costs no round trip, and nearing it every request is counted by all.
 */
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { RouteOptions } from 'fastify';
import type { Queryable } from '../db/db';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

export const SYNC_MS = 200;
/** Every this many syncs, one statement deletes windows that ended over a minute ago. */
const SWEEP_EVERY = 300;

const ADD_SQL = `INSERT INTO rate_limits AS r (key, count, expires_at)
     SELECT k, n, now() + make_interval(secs => w / 1000)
       FROM unnest($1::text[], $2::int[], $3::float8[]) AS x (k, n, w)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN r.expires_at <= now() THEN EXCLUDED.count ELSE r.count + EXCLUDED.count END,
       expires_at = CASE WHEN r.expires_at <= now() THEN EXCLUDED.expires_at ELSE r.expires_at END
     RETURNING key, count, (EXTRACT(EPOCH FROM r.expires_at - now()) * 1000)::float8 AS ttl`;

interface Counter {
  /** The shared count when last heard from the database. */
  shared: number;
  /** Counted here since, not yet added to the database. */
  unsent: number;
  /** When the window ends (this process's clock). */
  ends: number;
  window: number;
}

export function postgresRateLimitStore(db: Queryable): FastifyRateLimitStoreCtor {
  const counters = new Map<string, Counter>();
  let timer: NodeJS.Timeout | null = null;
  let syncs = 0;

  const add = async (keys: string[], counts: number[], windows: number[]) => {
    const rows = await db.query<{ key: string; count: number; ttl: number }>(ADD_SQL, [
      keys,
      counts,
      windows,
    ]);
    const now = Date.now();
    for (const row of rows) {
      const counter = counters.get(row.key);
      const ends = now + Math.max(0, Number(row.ttl));
      if (counter) {
        counter.shared = Number(row.count);
        counter.ends = ends;
      }
    }
    return rows;
  };

  const sync = () => {
    timer = null;
    const keys: string[] = [];
    const counts: number[] = [];
    const windows: number[] = [];
    for (const [key, counter] of counters) {
      if (counter.unsent === 0) {
        if (counter.ends <= Date.now()) counters.delete(key);
        continue;
      }
      keys.push(key);
      counts.push(counter.unsent);
      windows.push(counter.window);
      counter.unsent = 0;
    }
    syncs += 1;
    if (syncs % SWEEP_EVERY === 0) {
      void db
        .query("DELETE FROM rate_limits WHERE expires_at < now() - interval '1 minute'")
        .catch(() => undefined);
    }
    if (keys.length > 0) void add(keys, counts, windows).catch(() => undefined);
  };

  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: FastifyRateLimitOptions,
      private readonly prefix = '',
    ) {}

    incr(rawKey: string, callback: Callback, timeWindow: number, max: number): void {
      const key = this.prefix + rawKey;
      const now = Date.now();
      const counter = counters.get(key);
      if (counter && counter.ends > now && (counter.shared + counter.unsent + 1) * 2 < max) {
        counter.unsent += 1;
        timer ??= setTimeout(sync, SYNC_MS);
        timer.unref();
        callback(null, { current: counter.shared + counter.unsent, ttl: counter.ends - now });
        return;
      }
      // First seen, window over, or near the limit: count it in the database, now.
      const fresh = !counter || counter.ends <= now;
      const entry: Counter = fresh
        ? { shared: 0, unsent: 0, ends: now + timeWindow, window: timeWindow }
        : counter;
      if (fresh) counters.set(key, entry);
      const sending = entry.unsent + 1;
      entry.unsent = 0;
      add([key], [sending], [timeWindow])
        .then(([row]) =>
          callback(null, { current: Number(row.count), ttl: Math.max(0, Number(row.ttl)) }),
        )
        .catch((err: Error) => callback(err));
    }

    /** A route's own limit: its own counters (the method and path prefix the key). */
    child(routeOptions: RouteOptions & { path: string; prefix: string }) {
      const method = [routeOptions.method].flat().join(',');
      return new PostgresRateLimitStore(undefined, `${method} ${routeOptions.path}|`);
    }
  }
  return PostgresRateLimitStore;
}
