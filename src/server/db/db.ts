/**
 * The query layer: one small interface over the embedded PGlite and a real PostgreSQL (node-postgres),
 * so every route, migration and test runs unchanged on both.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite as PGliteType } from '@electric-sql/pglite';
import type { Pool, PoolClient } from 'pg';

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
  /** Subscribes to NOTIFY on a channel; resolves to the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** Cheap liveness check used by /api/health and the 503 guard. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const quoteIdent = (name: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad channel name ${name}`);
  return `"${name}"`;
};

export function pgliteDb(pg: PGliteType): Db {
  const wrap = (q: Pick<PGliteType, 'query' | 'exec'>): Queryable => ({
    async query<R>(sql: string, params: readonly Param[] = []) {
      const res = await q.query<R>(sql, params as unknown[]);
      return res.rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  const base = wrap(pg);
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction(fn) {
      return pg.transaction((tx) => fn(wrap(tx)));
    },
    async listen(channel, onPayload) {
      const unsub = await pg.listen(channel, onPayload);
      return async () => unsub();
    },
    async notify(channel, payload) {
      await pg.query('SELECT pg_notify($1, $2)', [channel, payload]);
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

export function postgresDb(pool: Pool): Db {
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
    async listen(channel, onPayload) {
      const client = await pool.connect();
      const handler = (msg: { channel: string; payload?: string }) => {
        if (msg.channel === channel) onPayload(msg.payload ?? '');
      };
      client.on('notification', handler);
      await client.query(`LISTEN ${quoteIdent(channel)}`);
      return async () => {
        client.off('notification', handler);
        await client.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => undefined);
        client.release();
      };
    },
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
}

export async function openDb(options: OpenOptions): Promise<Db> {
  if (options.databaseUrl) {
    const { Pool } = await import('pg');
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client that loses its server must not crash the process; the next query reports it.
    pool.on('error', () => undefined);
    return postgresDb(pool);
  }
  const { PGlite } = await import('@electric-sql/pglite');
  if (options.dataDir) fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const pg = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
  });
  return pgliteDb(pg);
}
