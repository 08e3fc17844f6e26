/**
 * The Db of the embedded database running in its own thread (./pgliteThread.ts): the HTTP thread
 * only sends statements and receives rows, so a statement no longer stops every other request
 * while PGlite runs it (issue 18). Same interface and semantics as `pgliteDb` (./db.ts): one
 * transaction at a time holds the database, NOTIFY comes back to `listen`, a database error keeps
 * its fields (code, constraint, detail) for the routes that read them.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { LocalChannels, type Db, type Param, type Queryable } from './db';
import type { SerializedError, ThreadMessage, ThreadOptions, ThreadRequest } from './pgliteThread';

/** A request without its id (the client numbers them). */
type Call = ThreadRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;

function errorOf(serialized: SerializedError): Error {
  const err = new Error(serialized.message);
  Object.assign(err, serialized);
  return err;
}

export async function pgliteThreadDb(options: ThreadOptions): Promise<Db> {
  // The thread runs the TypeScript source as the server does (tsx's CommonJS loader).
  const entry = path.join(__dirname, 'pgliteThread.ts');
  const worker = new Worker(`require('tsx/cjs'); require(${JSON.stringify(entry)});`, {
    eval: true,
    workerData: options,
  });
  const pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (e: Error) => void }
  >();
  const channels = new LocalChannels();
  let nextId = 1;
  let failure: Error | null = null;

  const ready = new Promise<void>((resolve, reject) => {
    pending.set(0, { resolve: () => resolve(), reject });
  });
  worker.on('message', (message: ThreadMessage) => {
    if ('notice' in message) {
      channels.deliver(message.notice, message.payload);
      return;
    }
    const call = pending.get(message.id);
    if (!call) return;
    pending.delete(message.id);
    if ('error' in message) call.reject(errorOf(message.error));
    else call.resolve(message.result);
  });
  // A thread that dies fails every call in flight and every later one (never hangs a request).
  const fail = (err: Error) => {
    failure = err;
    for (const call of pending.values()) call.reject(err);
    pending.clear();
  };
  // As a lost connection (08006): the routes answer 503 (errors.ts isDbConnectionError).
  const lost = (message: string) => Object.assign(new Error(message), { code: '08006' });
  worker.on('error', (err) => fail(lost(`the database thread failed: ${err.message}`)));
  worker.on('exit', (code) => fail(lost(`the database thread exited (${code})`)));
  await ready;

  const call = <T>(request: Call): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  };

  const on = (tx: number | null): Queryable => ({
    query: <R>(sql: string, params: readonly Param[] = []) =>
      call<R[]>({ op: 'query', sql, params: [...params], tx }),
    exec: (sql: string) => call<void>({ op: 'exec', sql, tx }),
  });
  const base = on(null);

  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    async transaction(fn) {
      const tx = await call<number>({ op: 'begin' });
      let result;
      try {
        result = await fn(on(tx));
      } catch (err) {
        await call({ op: 'rollback', tx }).catch(() => undefined);
        throw err;
      }
      await call({ op: 'commit', tx });
      return result;
    },
    async listen(channel, onPayload) {
      if (channels.add(channel, onPayload)) await call({ op: 'listen', channel });
      return async () => {
        if (!channels.remove(channel, onPayload)) return;
        await call({ op: 'unlisten', channel }).catch(() => undefined);
      };
    },
    // No other process can open the embedded database: see LocalChannels.
    async notify(channel, payload) {
      if (failure) throw failure;
      channels.deliver(channel, payload);
    },
    async ping() {
      try {
        await base.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (failure) return;
      await call({ op: 'close' }).catch(() => undefined);
      await worker.terminate();
      failure ??= lost('the database is closed');
    },
  };
}
