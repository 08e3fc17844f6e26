/**
 * A @fastify/rate-limit store in PostgreSQL (issue 18): with several API processes on one
 * database every limit counts every process's requests (in memory each process counted alone, so
 * two processes doubled every limit). One upsert per counted request; expired windows start over
 * in the same statement, and old rows are swept now and then. Used only on PostgreSQL: the embedded
 * database has one process, which keeps the plugin's in-memory store.
 */
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { RouteOptions } from 'fastify';
import type { Queryable } from '../db/db';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Every this many increments, one statement deletes windows that ended over a minute ago. */
const SWEEP_EVERY = 1000;

const INCR_SQL = `INSERT INTO rate_limits AS r (key, count, expires_at)
     VALUES ($1, 1, now() + make_interval(secs => $2::float8 / 1000))
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN r.expires_at <= now() THEN 1 ELSE r.count + 1 END,
       expires_at = CASE WHEN r.expires_at <= now() THEN EXCLUDED.expires_at ELSE r.expires_at END
     RETURNING count, (EXTRACT(EPOCH FROM r.expires_at - now()) * 1000)::float8 AS ttl`;

export function postgresRateLimitStore(db: Queryable): FastifyRateLimitStoreCtor {
  let increments = 0;
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: FastifyRateLimitOptions,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      increments += 1;
      if (increments % SWEEP_EVERY === 0) {
        void db
          .query("DELETE FROM rate_limits WHERE expires_at < now() - interval '1 minute'")
          .catch(() => undefined);
      }
      db.query<{ count: number; ttl: number }>(INCR_SQL, [this.prefix + key, timeWindow])
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
