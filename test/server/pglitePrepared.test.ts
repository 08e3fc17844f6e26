/**
 * The embedded database's statements prepared once and executed by name
 * (src/server/db/pglitePrepared.ts): the same rows, types and errors as PGlite's own `query`, one
 * prepared statement per SQL text, a bounded number of them, and a table changed under a prepared
 * `SELECT *` answered with its new shape.
 */
import type { PGlite } from '@electric-sql/pglite';
import { preparedStatements, type PreparedStatements } from '../../src/server/db/pglitePrepared';
import { ensureSchemaDump } from '../support/serverSchema';
import type { PgliteOpener } from '../support/serverEnvironment';

let pg: PGlite;
let prepared: PreparedStatements;

beforeAll(async () => {
  // A real PGlite as the suites open it (test/support/serverEnvironment.ts), with a table of its own.
  const opener = (globalThis as { __talkaPglite?: PgliteOpener }).__talkaPglite;
  if (!opener) throw new Error('run in the server project (test/support/serverEnvironment.ts)');
  pg = await opener.openFromDump(await ensureSchemaDump());
  await pg.exec(`
    CREATE TABLE items (
      id serial PRIMARY KEY,
      uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
      name text NOT NULL UNIQUE,
      price numeric(10, 2),
      tags text[] NOT NULL DEFAULT '{}',
      meta jsonb,
      photo bytea,
      made_at timestamptz NOT NULL DEFAULT now(),
      sold boolean NOT NULL DEFAULT false
    )`);
  prepared = preparedStatements(pg);
});
afterAll(() => pg.close());

const namesOf = async (): Promise<string[]> =>
  (
    await pg.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name')
  ).rows.map((r) => r.name);

describe('prepared statements of the embedded database', () => {
  it('answers exactly what PGlite’s own query answers, for every type the app uses', async () => {
    const insert = `INSERT INTO items (name, price, tags, meta, photo, made_at, sold)
                    VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`;
    const params = [
      'hammer',
      12.5,
      ['tools', 'hand'],
      JSON.stringify({ weight: 1.2, note: 'ï "quoted"' }),
      Buffer.from([0, 1, 2, 255]),
      new Date('2026-11-27T10:00:00Z'),
      true,
    ];
    const [row] = await prepared.query<Record<string, unknown>>(insert, params, false);
    const [same] = (
      await pg.query<Record<string, unknown>>('SELECT * FROM items WHERE id = $1', [row.id])
    ).rows;
    expect(row).toEqual(same);
    expect(row).toMatchObject({
      name: 'hammer',
      tags: ['tools', 'hand'],
      meta: { weight: 1.2, note: 'ï "quoted"' },
      sold: true,
    });
    expect(row.made_at).toEqual(new Date('2026-11-27T10:00:00Z'));
    expect(Buffer.from(row.photo as Uint8Array)).toEqual(Buffer.from([0, 1, 2, 255]));
    const byNull = await prepared.query(
      'SELECT count(*)::int AS n FROM items WHERE $1::text IS NULL',
      [null],
      false,
    );
    expect(byNull).toEqual([{ n: 1 }]);
  });

  it('prepares each SQL text once and runs it by name after', async () => {
    const sql = 'SELECT name FROM items WHERE name = $1';
    const before = await namesOf();
    for (const name of ['hammer', 'saw', 'hammer']) await prepared.query(sql, [name], false);
    const after = await namesOf();
    expect(after.length - before.length).toBe(1);
    const [{ statement }] = (
      await pg.query<{ statement: string }>(
        'SELECT statement FROM pg_prepared_statements WHERE name = $1',
        [after.find((n) => !before.includes(n))],
      )
    ).rows;
    expect(statement).toBe(sql);
  });

  it('keeps the database’s errors and their fields, and goes on after them', async () => {
    await expect(prepared.query('SELEC nothing', [], false)).rejects.toMatchObject({
      code: '42601',
    });
    const duplicate = 'INSERT INTO items (name) VALUES ($1)';
    await expect(prepared.query(duplicate, ['hammer'], false)).rejects.toMatchObject({
      code: '23505',
      constraint: 'items_name_key',
    });
    expect(await prepared.query('SELECT 1 AS one', [], false)).toEqual([{ one: 1 }]);
  });

  it('runs inside a transaction under its lock: rolled back with it', async () => {
    await expect(
      pg.transaction(async () => {
        await prepared.query("INSERT INTO items (name) VALUES ('in a transaction')", [], true);
        const seen = await prepared.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM items WHERE name = 'in a transaction'",
          [],
          true,
        );
        expect(seen).toEqual([{ n: 1 }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const after = await prepared.query(
      "SELECT count(*)::int AS n FROM items WHERE name = 'in a transaction'",
      [],
      false,
    );
    expect(after).toEqual([{ n: 0 }]);
  });

  it('answers a table changed under a prepared SELECT * with its new shape', async () => {
    const sql = 'SELECT * FROM items WHERE name = $1';
    await prepared.query(sql, ['hammer'], false);
    await pg.exec("ALTER TABLE items ADD COLUMN colour text NOT NULL DEFAULT 'red'");
    const [row] = await prepared.query<{ colour: string }>(sql, ['hammer'], false);
    expect(row.colour).toBe('red');
  });

  it('keeps at most its limit of prepared texts, closing the oldest', async () => {
    const few = preparedStatements(pg, { max: 3 });
    const before = await namesOf();
    for (let i = 0; i < 6; i++) await few.query(`SELECT ${i} AS n`, [], false);
    expect((await namesOf()).length - before.length).toBe(3);
    expect(await few.query('SELECT 0 AS n', [], false)).toEqual([{ n: 0 }]);
  });

  it('says a closed database is closed, as PGlite’s own query does (503 upstream)', async () => {
    const opener = (globalThis as { __talkaPglite?: PgliteOpener }).__talkaPglite;
    const other = await opener!.openFromDump(await ensureSchemaDump());
    const closing = preparedStatements(other);
    expect(await closing.query('SELECT 1 AS one', [], false)).toEqual([{ one: 1 }]);
    await other.close();
    await expect(closing.query('SELECT 1 AS one', [], false)).rejects.toThrow('PGlite is closed');
  });
});
