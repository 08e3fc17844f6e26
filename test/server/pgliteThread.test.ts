/**
 * The embedded database in its own thread (src/server/db/pgliteClient.ts, pgliteThread.ts): the
 * same Db as on the HTTP thread (rows and their types, a database error's fields, transactions
 * that commit or roll back as one, NOTIFY after commit), and the HTTP thread keeps running while a
 * statement does. It opens a real PGlite in a folder, as `npm start` does.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../src/server/db/db';
import { openDb } from '../../src/server/db/db';
import { isDbConnectionError } from '../../src/server/errors';
import { isUniqueViolation } from '../../src/server/offers/offers';
import { openTestDb } from '../support/server';

let db: Db;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'talka-thread-'));
  db = await openDb({ dataDir: path.join(dir, 'db'), thread: true });
  await db.exec(`CREATE TABLE items (
    id integer PRIMARY KEY,
    name text NOT NULL CONSTRAINT items_name_key UNIQUE,
    tags text[] NOT NULL DEFAULT '{}',
    meta jsonb,
    made_at timestamptz NOT NULL DEFAULT now()
  )`);
}, 120_000);

afterAll(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database in its own thread', () => {
  it('answers rows with their types: numbers, arrays, JSON, timestamps', async () => {
    await db.query('INSERT INTO items (id, name, tags, meta) VALUES ($1, $2, $3, $4)', [
      1,
      'hammer',
      ['tools', 'metal'],
      JSON.stringify({ weight: 0.6 }),
    ]);
    const [row] = await db.query<{
      id: number;
      tags: string[];
      meta: { weight: number };
      made_at: Date;
    }>('SELECT id, tags, meta, made_at FROM items WHERE name = $1', ['hammer']);
    expect(row.id).toBe(1);
    expect(row.tags).toEqual(['tools', 'metal']);
    expect(row.meta).toEqual({ weight: 0.6 });
    // A Date (of the test's realm or the thread's: structured clone keeps the type).
    expect(Object.prototype.toString.call(row.made_at)).toBe('[object Date]');
    expect(Math.abs(row.made_at.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it("keeps a database error's code and constraint (a 409 depends on them)", async () => {
    const err = await db
      .query('INSERT INTO items (id, name) VALUES (2, $1)', ['hammer'])
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as { code?: string }).code).toBe('23505');
    expect(isUniqueViolation(err, 'items_name_key')).toBe(true);
  });

  it('commits a transaction as one, and rolls back all of it when it fails', async () => {
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO items (id, name) VALUES (10, 'saw')");
      await tx.query("INSERT INTO items (id, name) VALUES (11, 'drill')");
    });
    const failed = db.transaction(async (tx) => {
      await tx.query("INSERT INTO items (id, name) VALUES (12, 'level')");
      throw new Error('the form was invalid');
    });
    await expect(failed).rejects.toThrow('the form was invalid');
    const violating = db.transaction(async (tx) => {
      await tx.query("INSERT INTO items (id, name) VALUES (13, 'tape')");
      await tx.query("INSERT INTO items (id, name) VALUES (14, 'saw')");
    });
    await expect(violating).rejects.toMatchObject({ code: '23505' });
    const names = await db.query<{ name: string }>('SELECT name FROM items ORDER BY id');
    expect(names.map((r) => r.name)).toEqual(['hammer', 'saw', 'drill']);
  });

  it('delivers NOTIFY to listeners, a transaction’s only after it commits', async () => {
    const got: string[] = [];
    const unlisten = await db.listen('talka_test', (payload) => got.push(payload));
    const heard = (payload: string) =>
      new Promise<void>((resolve) => {
        const check = () => (got.includes(payload) ? resolve() : setImmediate(check));
        check();
      });
    await db.transaction(async (tx) => {
      await tx.query("SELECT pg_notify('talka_test', 'in a transaction')");
      expect(got).not.toContain('in a transaction');
    });
    await heard('in a transaction');
    await db.notify('talka_test', 'alone');
    await heard('alone');
    await unlisten();
  });

  it('delivers this process’s own NOTIFY at once, without waiting behind a running statement', async () => {
    // No other process can open the embedded database: a NOTIFY through it would only wait in its
    // queue (issue 18's mixed load paid one per published push event).
    const got: string[] = [];
    const unlisten = await db.listen('talka_test', (payload) => got.push(payload));
    let slowDone = false;
    const slow = db.query('SELECT pg_sleep(0.3)').then(() => {
      slowDone = true;
    });
    await db.notify('talka_test', 'while busy');
    expect(got).toEqual(['while busy']);
    expect(slowDone).toBe(false);
    await slow;
    await unlisten();
    await db.notify('talka_test', 'after unlisten');
    expect(got).toEqual(['while busy']);
  });

  /** The longest time this thread could not run anything while `db` ran a long statement. */
  async function blockedDuring(on: Db): Promise<{ longestGap: number; took: number }> {
    let last = performance.now();
    let longestGap = 0;
    let running = true;
    const spin = () => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      if (running) setImmediate(spin);
    };
    setImmediate(spin);
    const started = performance.now();
    // Work for the database alone (no sleep).
    await on.query('SELECT count(*) FROM generate_series(1, 1000000)');
    const ended = performance.now();
    running = false;
    // Up to the answer too: a thread blocked all along never ran spin in between.
    return { longestGap: Math.max(longestGap, ended - last), took: ended - started };
  }

  it('leaves the HTTP thread free while a statement runs (on the caller’s thread it is blocked)', async () => {
    const threaded = await blockedDuring(db);
    expect(threaded.longestGap).toBeLessThan(threaded.took / 2);
    // The same statement on the caller's thread: one long block.
    const inThread = await openTestDb();
    try {
      const blocked = await blockedDuring(inThread);
      expect(blocked.longestGap).toBeGreaterThan(blocked.took / 2);
    } finally {
      await inThread.close();
    }
  });

  // Last: it closes the suite's database (afterAll's close is then a no-op).
  it('fails every later call as a lost database (503) once the thread is gone', async () => {
    await db.close();
    const err = await db.query('SELECT 1').catch((e: unknown) => e);
    expect(isDbConnectionError(err)).toBe(true);
    expect(await db.ping()).toBe(false);
  });
});
