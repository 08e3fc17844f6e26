/**
 * The query layer: one small interface over the embedded PGlite and a real PostgreSQL (node-postgres),
 * so every route, migration and test runs unchanged on both.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite as PGliteType } from '@electric-sql/pglite';
import type { Client, Pool, PoolClient } from 'pg';
import { preparedStatements } from './pglitePrepared';

export type Param = string | number | boolean | null | Date | readonly unknown[] | Buffer;

export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: readonly Param[]): Promise<R[]>;
  /** Runs several statements (no parameters): migrations and scripts. */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: everything or nothing. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Subscribes to NOTIFY on a channel; resolves to the unsubscribe function. `onRestored` runs when
   * a lost LISTEN connection is back (PostgreSQL only): notifications sent meanwhile were missed.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onRestored?: () => void,
  ): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** Cheap liveness check used by /api/health and the 503 guard. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const quoteIdent = (name: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad channel name ${name}`);
  return `"${name}"`;
};

/**
 * NOTIFY of the embedded database without the database: no other process can open it, so every
 * listener is in this one, and `SELECT pg_notify` would only wait in PGlite's queue behind every
 * statement of the moment (three per request cycle of the mixed load, issue 18). `notify` calls
 * this process's listeners of the channel before it resolves, as a committed NOTIFY through PGlite
 * did; NOTIFYs sent by the database itself (the cache triggers) still come through `listen`.
 */
export class LocalChannels {
  private readonly byChannel = new Map<string, Set<(payload: string) => void>>();

  /** Adds a listener; returns whether it is the channel's first (then LISTEN in the database). */
  add(channel: string, onPayload: (payload: string) => void): boolean {
    let set = this.byChannel.get(channel);
    const first = !set;
    if (!set) this.byChannel.set(channel, (set = new Set()));
    set.add(onPayload);
    return first;
  }

  /** Removes a listener; returns whether it was the channel's last (then UNLISTEN). */
  remove(channel: string, onPayload: (payload: string) => void): boolean {
    const set = this.byChannel.get(channel);
    if (!set?.delete(onPayload) || set.size > 0) return false;
    this.byChannel.delete(channel);
    return true;
  }

  deliver(channel: string, payload: string): void {
    for (const onPayload of [...(this.byChannel.get(channel) ?? [])]) {
      // As PGlite's own delivery: one listener's failure is its own (the push hub and the cache
      // bus catch theirs) and never fails the sender's write.
      try {
        onPayload(payload);
      } catch {
        // see above
      }
    }
  }
}

export function pgliteDb(pg: PGliteType): Db {
  const prepared = preparedStatements(pg);
  const wrap = (q: Pick<PGliteType, 'exec'>, inTransaction: boolean): Queryable => ({
    query: <R>(sql: string, params: readonly Param[] = []) =>
      prepared.query<R>(sql, params, inTransaction),
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  const base = wrap(pg, false);
  const channels = new LocalChannels();
  const unlisteners = new Map<string, () => Promise<void>>();
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction(fn) {
      return pg.transaction((tx) => fn(wrap(tx, true)));
    },
    async listen(channel, onPayload) {
      if (channels.add(channel, onPayload)) {
        unlisteners.set(
          channel,
          await pg.listen(channel, (payload) => channels.deliver(channel, payload)),
        );
      }
      return async () => {
        if (!channels.remove(channel, onPayload)) return;
        const unlisten = unlisteners.get(channel);
        unlisteners.delete(channel);
        if (unlisten) await unlisten();
      };
    },
    // No other process can open the embedded database: see LocalChannels.
    async notify(channel, payload) {
      if (pg.closed) throw new Error('PGlite is closed');
      channels.deliver(channel, payload);
    },
    async ping() {
      try {
        await pg.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
}

/** Reconnect delays of the LISTEN connection: doubling from the first, capped at the second. */
export const LISTEN_RETRY_MS = { first: 200, max: 3000 };

export interface ListenerEvents {
  /** The LISTEN connection is gone (the database stopped or the network broke). */
  onLost?: (err: unknown) => void;
  /** LISTEN is back on every channel after a loss; events sent in between were missed. */
  onRestored?: () => void;
}

/**
 * One dedicated connection (not from the pool) LISTENing on every subscribed channel. When it drops
 * it reconnects with backoff and LISTENs again, for as long as anyone is subscribed. It always has
 * an 'error' listener: a lost connection must never crash the process.
 */
export function pgListener(makeClient: () => Client, events: ListenerEvents = {}) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: Client | null = null;
  let connecting: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let attempt = 0;
  let lostOnce = false;
  let closed = false;
  const restoredCallbacks = new Map<(payload: string) => void, () => void>();

  const scheduleReconnect = () => {
    if (closed || timer || connecting || client || handlers.size === 0) return;
    const delay = Math.min(LISTEN_RETRY_MS.max, LISTEN_RETRY_MS.first * 2 ** attempt);
    attempt += 1;
    timer = setTimeout(() => {
      timer = null;
      ensure().catch(() => scheduleReconnect());
    }, delay);
    timer.unref();
  };

  const connect = async (): Promise<void> => {
    const c = makeClient();
    let lost = false;
    const lose = (err?: unknown) => {
      if (lost) return;
      lost = true;
      if (client === c) {
        client = null;
        lostOnce = true;
        events.onLost?.(err);
      }
      c.removeAllListeners('notification');
      c.end().catch(() => undefined);
      scheduleReconnect();
    };
    c.on('error', lose);
    c.on('end', () => lose(new Error('LISTEN connection ended')));
    c.on('notification', (msg: { channel: string; payload?: string }) => {
      for (const handler of [...(handlers.get(msg.channel) ?? [])]) handler(msg.payload ?? '');
    });
    try {
      await c.connect();
      for (const channel of handlers.keys()) await c.query(`LISTEN ${quoteIdent(channel)}`);
    } catch (err) {
      lose(err);
      throw err;
    }
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    attempt = 0;
    if (lostOnce) {
      events.onRestored?.();
      for (const restored of [...restoredCallbacks.values()]) restored();
    }
  };

  const ensure = (): Promise<void> => {
    if (client) return Promise.resolve();
    connecting ??= connect().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  return {
    /** True while the LISTEN connection is up. */
    get connected() {
      return client !== null;
    },
    async listen(channel: string, onPayload: (payload: string) => void, onRestored?: () => void) {
      quoteIdent(channel);
      let set = handlers.get(channel);
      const isNew = !set;
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(onPayload);
      try {
        if (connecting) await connecting;
        if (client && isNew) await client.query(`LISTEN ${quoteIdent(channel)}`);
        else await ensure();
      } catch (err) {
        set.delete(onPayload);
        if (set.size === 0) handlers.delete(channel);
        throw err;
      }
      if (onRestored) restoredCallbacks.set(onPayload, onRestored);
      return async () => {
        restoredCallbacks.delete(onPayload);
        const current = handlers.get(channel);
        if (!current?.delete(onPayload) || current.size > 0) return;
        handlers.delete(channel);
        if (client) await client.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => undefined);
        if (handlers.size === 0 && client) {
          const c = client;
          client = null;
          await c.end().catch(() => undefined);
        }
      };
    },
    async close() {
      closed = true;
      handlers.clear();
      restoredCallbacks.clear();
      if (timer) clearTimeout(timer);
      timer = null;
      const c = client;
      client = null;
      if (c) await c.end().catch(() => undefined);
    },
  };
}

export function postgresDb(
  pool: Pool,
  makeListenClient: () => Client,
  events: ListenerEvents = {},
): Db {
  const listener = pgListener(makeListenClient, events);
  const wrap = (q: Pool | PoolClient): Queryable => ({
    async query<R>(sql: string, params: readonly Param[] = []) {
      const res = await q.query(sql, params as unknown[]);
      return res.rows as R[];
    },
    async exec(sql: string) {
      await q.query(sql);
    },
  });
  const base = wrap(pool);
  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    listen: listener.listen,
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async ping() {
      try {
        await pool.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

export interface OpenOptions {
  databaseUrl?: string;
  /** Folder of the embedded database; omitted = in memory. */
  dataDir?: string;
  /** A dump made by PGlite's dumpDataDir(): start from it instead of initdb (tests). */
  loadDataDir?: Blob;
  /** PostgreSQL only: a pooled or LISTEN connection was lost (logged; requests answer 503). */
  onConnectionError?: (err: unknown) => void;
  /** PostgreSQL only: LISTEN is re-established after a lost connection. */
  onListenRestored?: () => void;
  /** The embedded database in its own thread (./pgliteClient.ts) instead of the caller's. */
  thread?: boolean;
}

export async function openDb(options: OpenOptions): Promise<Db> {
  if (options.databaseUrl) {
    const { Client, Pool } = await import('pg');
    const settings = {
      connectionString: options.databaseUrl,
      // A database that does not answer fails the request (503) instead of hanging it.
      connectionTimeoutMillis: 5000,
    };
    const pool = new Pool({ ...settings, max: 10 });
    // An idle client that loses its server emits 'error' on the pool: without a listener the process
    // would crash. The next query that needs the database reports the outage (503).
    pool.on('error', (err) => options.onConnectionError?.(err));
    return postgresDb(pool, () => new Client(settings), {
      onLost: (err) => options.onConnectionError?.(err),
      onRestored: options.onListenRestored,
    });
  }
  if (options.dataDir) fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  if (options.thread && !options.loadDataDir) {
    const { pgliteThreadDb } = await import('./pgliteClient');
    return pgliteThreadDb({ dataDir: options.dataDir });
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
  });
  return pgliteDb(pg);
}
