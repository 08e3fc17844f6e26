/**
 * The embedded database's own thread (issue 18; docs/ARCHITECTURE.md "One process, one database"):
 * PGlite runs each statement as one synchronous WebAssembly call, which on the HTTP thread stops
 * every other request until it returns. Here it runs in a worker thread; `pgliteThreadDb`
 * (./pgliteClient.ts) is the Db on the HTTP side and talks to this file by messages.
 *
 * Messages in: { id, op, ... } with op query | exec | begin | commit | rollback | listen | unlisten
 * | close; out: { id, result } or { id, error } (the error's own fields kept: code, constraint,
 * detail...), and { notice: channel, payload } for NOTIFY. A transaction is opened by `begin`
 * (PGlite's own transaction, which holds the database as before), its statements name it, and
 * `commit` or `rollback` ends it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { preparedStatements } from './pglitePrepared';

export interface ThreadOptions {
  dataDir?: string;
}

export type ThreadRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[]; tx: number | null }
  | { id: number; op: 'exec'; sql: string; tx: number | null }
  | { id: number; op: 'begin' }
  | { id: number; op: 'commit' | 'rollback'; tx: number }
  | { id: number; op: 'listen' | 'unlisten'; channel: string }
  | { id: number; op: 'close' };

export type ThreadMessage =
  | { id: number; result: unknown }
  | { id: number; error: SerializedError }
  | { notice: string; payload: string };

export type SerializedError = { message: string; name: string } & Record<string, unknown>;

/** An error as plain data: structured clone would drop a database error's own fields. */
export function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      fields[key] = value;
  }
  return { ...fields, name: err.name, message: err.message };
}

interface OpenTransaction {
  tx: Transaction;
  end: (commit: boolean) => void;
  done: Promise<void>;
}

async function serve(port: NonNullable<typeof parentPort>, options: ThreadOptions): Promise<void> {
  const pg = await PGlite.create({ dataDir: options.dataDir });
  const prepared = preparedStatements(pg);
  const transactions = new Map<number, OpenTransaction>();
  const unlisteners = new Map<string, () => Promise<void>>();
  const reply = (message: ThreadMessage) => port.postMessage(message);

  const begin = (id: number): Promise<number> =>
    new Promise((opened, failed) => {
      let end!: (commit: boolean) => void;
      const ended = new Promise<boolean>((resolve) => {
        end = resolve;
      });
      const done = pg
        .transaction(async (tx) => {
          transactions.set(id, { tx, end, done });
          opened(id);
          // Rolled back by throwing inside PGlite's transaction, committed by returning.
          if (!(await ended)) await tx.rollback();
        })
        .then(() => undefined);
      done.catch(failed);
    });

  const handle = async (request: ThreadRequest): Promise<unknown> => {
    switch (request.op) {
      case 'query': {
        if (request.tx !== null && !transactions.has(request.tx))
          throw new Error('no such transaction');
        return prepared.query(request.sql, request.params, request.tx !== null);
      }
      case 'exec': {
        const on = request.tx === null ? pg : transactions.get(request.tx)?.tx;
        if (!on) throw new Error('no such transaction');
        await on.exec(request.sql);
        return null;
      }
      case 'begin':
        return begin(request.id);
      case 'commit':
      case 'rollback': {
        const open = transactions.get(request.tx);
        if (!open) throw new Error('no such transaction');
        transactions.delete(request.tx);
        open.end(request.op === 'commit');
        await open.done;
        return null;
      }
      case 'listen': {
        if (!unlisteners.has(request.channel)) {
          const unlisten = await pg.listen(request.channel, (payload) =>
            reply({ notice: request.channel, payload }),
          );
          unlisteners.set(request.channel, unlisten);
        }
        return null;
      }
      case 'unlisten': {
        const unlisten = unlisteners.get(request.channel);
        unlisteners.delete(request.channel);
        if (unlisten) await unlisten();
        return null;
      }
      case 'close':
        if (!pg.closed) await pg.close();
        return null;
    }
  };

  port.on('message', (request: ThreadRequest) => {
    handle(request).then(
      (result) => reply({ id: request.id, result }),
      (err: unknown) => reply({ id: request.id, error: serializeError(err) }),
    );
  });
  port.postMessage({ id: 0, result: 'ready' });
}

if (parentPort) {
  const port = parentPort;
  serve(port, workerData as ThreadOptions).catch((err: unknown) => {
    port.postMessage({ id: 0, error: serializeError(err) });
  });
}
