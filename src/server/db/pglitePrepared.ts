/**
 * Statements of the embedded database prepared once and executed by name (issue 18;
 * docs/ARCHITECTURE.md "One process, one database").
 *
 * PGlite's `query` sends every statement as an unnamed one: parsed, analysed and planned again on
 * each call. For the app's statements that is most of their cost: the task row (one statement with
 * its languages, places, images, offers and reviews as JSON) took 2.6 ms, 2.3 of them planning, and
 * the mixed load runs it once per offer edit. Here each distinct SQL text is parsed once under a
 * name (Parse, Describe), and later calls only Bind and Execute it; after five executions
 * PostgreSQL keeps a generic plan when it costs no more than the custom ones (plan_cache_mode auto),
 * so a statement whose plan depends on its parameters is still planned per call. Measured on the
 * demo data: the task row 2.57 -> 0.57 ms, an offer's lookup 0.56 -> 0.14 ms.
 *
 * The same wire messages PGlite's own `query` sends (pg-protocol's serialize, PGlite's parsers and
 * serializers, its `parseResults`), under the same locks: outside a transaction the transaction
 * lock and the query lock, as `query` takes them; inside one (the transaction holds its lock) the
 * query lock only, as a transaction's `query` does. At most MAX_PREPARED texts are kept (the least
 * recently used is closed first). A statement whose prepared form no longer fits (a migration changed a table
 * under a `SELECT *`) is prepared again.
 */
import { parse, protocol, type PGlite } from '@electric-sql/pglite';

const { serialize } = protocol;

/** Distinct statement texts kept prepared (the app has a few hundred; lists vary by filter). */
export const MAX_PREPARED = 500;

interface Prepared {
  name: string;
  /** The parameters' types as the server inferred them (for PGlite's serializers). */
  types: number[];
}

/** PostgreSQL: "cached plan must not change result type" (a table changed under the statement). */
const PLAN_CHANGED = '0A000';

let instances = 0;

export interface PreparedStatements {
  query<R>(sql: string, params: readonly unknown[], inTransaction: boolean): Promise<R[]>;
}

export function preparedStatements(
  pg: PGlite,
  { max = MAX_PREPARED }: { max?: number } = {},
): PreparedStatements {
  const byText = new Map<string, Prepared>();
  // Names unique per instance too (two on one database must not collide).
  const prefix = `talka_${++instances}_`;
  let counter = 0;

  const send = async (message: Uint8Array) =>
    (await pg.execProtocol(message, { syncToFs: false })).messages;

  const prepare = async (sql: string): Promise<Prepared> => {
    const name = `${prefix}${++counter}`;
    await send(serialize.parse({ name, text: sql }));
    const described = await send(serialize.describe({ type: 'S', name }));
    const prepared = { name, types: parse.parseDescribeStatementResults(described) };
    if (byText.size >= max) {
      const [oldestText, oldest] = byText.entries().next().value as [string, Prepared];
      byText.delete(oldestText);
      await send(serialize.close({ type: 'S', name: oldest.name }));
    }
    byText.set(sql, prepared);
    return prepared;
  };

  /** One call: Bind, Describe, Execute, then Sync whatever happened (as PGlite's query does). */
  const run = async <R>(sql: string, params: readonly unknown[]): Promise<R[]> => {
    const messages: Parameters<typeof parse.parseResults>[0] = [];
    try {
      const hit = byText.get(sql);
      if (hit) {
        // Least recently used first out: a hit moves to the map's end.
        byText.delete(sql);
        byText.set(sql, hit);
      }
      const statement = hit ?? (await prepare(sql));
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = pg.serializers[statement.types[i]];
        return serializer ? serializer(value) : String(value);
      });
      messages.push(...(await send(serialize.bind({ statement: statement.name, values }))));
      messages.push(...(await send(serialize.describe({ type: 'P' }))));
      messages.push(...(await send(serialize.execute({}))));
    } finally {
      messages.push(...(await send(serialize.sync())));
    }
    return parse.parseResults(messages, pg.parsers)[0].rows as R[];
  };

  /** Runs it; a statement whose prepared form no longer fits is prepared again (once, and only
   * outside a transaction: inside, the error has already aborted it, as any error would). */
  const locked = async <R>(
    sql: string,
    params: readonly unknown[],
    inTransaction: boolean,
  ): Promise<R[]> => {
    try {
      return await run<R>(sql, params);
    } catch (err) {
      const prepared = byText.get(sql);
      if ((err as { code?: unknown }).code !== PLAN_CHANGED || !prepared) throw err;
      byText.delete(sql);
      await send(serialize.close({ type: 'S', name: prepared.name }));
      await send(serialize.sync());
      if (inTransaction) throw err;
      return run<R>(sql, params);
    }
  };

  return {
    async query<R>(sql: string, params: readonly unknown[], inTransaction: boolean) {
      // As PGlite's query: a closed database says "PGlite is closed" (answered 503, errors.ts).
      await pg._checkReady();
      if (inTransaction) return pg._runExclusiveQuery(() => locked<R>(sql, params, true));
      return pg._runExclusiveTransaction(() =>
        pg._runExclusiveQuery(async () => {
          const rows = await locked<R>(sql, params, false);
          await pg.syncToFs();
          return rows;
        }),
      );
    },
  };
}
