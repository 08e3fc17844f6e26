/**
 * Migrations run forward (1) from an empty database and (2) from the database of the previous
 * release — Talka at b9b070e, migrations 001-003 with its demo data, frozen in
 * fixtures/release-b9b070e.sql — on the embedded PGlite and on a real PostgreSQL. After (2) every
 * row is still there (counts and checksums of the columns it had), the schema is exactly the one
 * (1) builds, and today's server logs the old demo users in and lists their tasks.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { startPostgres, stopPostgres, type Postgres } from '../../../scripts/pg.mjs';
import { buildServer } from '../../../src/server/app';
import { openDb, pgliteDb, type Db } from '../../../src/server/db/db';
import { MIGRATIONS_DIR, migrate } from '../../../src/server/db/migrate';
import type { PgliteOpener } from '../../support/serverEnvironment';
import { agent, testConfig } from '../../support/server';
import { ensureSchemaDump } from '../../support/serverSchema';

jest.setTimeout(90_000);

const RELEASE_SQL = fs.readFileSync(path.join(__dirname, 'fixtures/release-b9b070e.sql'), 'utf8');
const RELEASE_VERSIONS = ['001_init', '002_browse', '003_completion'];
const ALL_VERSIONS = fs
  .readdirSync(MIGRATIONS_DIR)
  .filter((f) => f.endsWith('.sql'))
  .sort()
  .map((f) => f.replace(/\.sql$/, ''));

async function loadRelease(db: Db): Promise<void> {
  // pg_dump empties search_path for its session; give the connection its default back.
  await db.exec(`${RELEASE_SQL}\nRESET search_path;`);
}

type Fingerprints = Record<string, { columns: string[]; rows: number; sum: string }>;

/** Per table: row count and an md5 over the given (else all current) columns of every row. */
async function fingerprints(db: Db, columnsOf?: Fingerprints): Promise<Fingerprints> {
  const tables = await db.query<{ table_name: string; columns: string[] }>(
    `SELECT table_name, array_agg(column_name::text ORDER BY column_name) AS columns
       FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name <> 'schema_migrations'
      GROUP BY table_name ORDER BY table_name`,
  );
  const out: Fingerprints = {};
  for (const { table_name: table, columns: current } of tables) {
    const columns = columnsOf ? columnsOf[table]?.columns : current;
    if (!columns) continue;
    const list = columns.map((c) => `"${c}"`).join(', ');
    const [row] = await db.query<{ rows: number; sum: string }>(
      `SELECT count(*)::int AS rows,
              md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '')) AS sum
         FROM (SELECT ${list} FROM public."${table}") x`,
    );
    out[table] = { columns, rows: row.rows, sum: row.sum };
  }
  return out;
}

/** Tables, columns, indexes and constraints: what two databases must agree on. */
async function schemaOf(db: Db): Promise<unknown> {
  return {
    columns: await db.query(
      `SELECT table_name, column_name, data_type, is_nullable, column_default
         FROM information_schema.columns WHERE table_schema = 'public'
        ORDER BY table_name, column_name`,
    ),
    indexes: await db.query(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname`,
    ),
    // pg_dump re-renders CHECK expressions with other redundant parentheses: compare without them.
    constraints: (
      await db.query<{ table_name: string; conname: string; def: string }>(
        `SELECT conrelid::regclass::text AS table_name, conname, pg_get_constraintdef(oid) AS def
           FROM pg_constraint WHERE connamespace = 'public'::regnamespace
          ORDER BY 1, 2`,
      )
    ).map((c) => ({ ...c, def: c.def.replace(/[()]/g, '') })),
  };
}

const versions = async (db: Db) =>
  (await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY 1')).map(
    (r) => r.version,
  );

/** Both paths, on two empty databases of one engine. */
async function checkBothPaths(empty: Db, release: Db): Promise<void> {
  expect(await migrate(empty)).toEqual(ALL_VERSIONS);
  expect(await versions(empty)).toEqual(ALL_VERSIONS);

  await loadRelease(release);
  expect(await versions(release)).toEqual(RELEASE_VERSIONS);
  const before = await fingerprints(release);
  expect(before.tasks.rows).toBeGreaterThan(10);
  expect(before.users.rows).toBeGreaterThan(3);
  expect(before.sessions.rows).toBe(2);
  expect(before.reports.rows).toBe(2);

  expect(await migrate(release)).toEqual(ALL_VERSIONS.filter((v) => !RELEASE_VERSIONS.includes(v)));
  expect(await versions(release)).toEqual(ALL_VERSIONS);
  // Every row of every table survived, with the values of every column it had.
  expect(await fingerprints(release, before)).toEqual(before);
  // The upgraded schema is exactly the one a new installation gets.
  expect(await schemaOf(release)).toEqual(await schemaOf(empty));
  // Running again changes nothing.
  expect(await migrate(release)).toEqual([]);
}

describe('on PGlite', () => {
  const opened: Db[] = [];
  afterAll(async () => {
    for (const db of opened) await db.close();
  });

  test('forward from empty and from the previous release', async () => {
    const opener = (globalThis as { __talkaPglite?: PgliteOpener }).__talkaPglite!;
    // A fresh initdb takes 5-20 s on a busy machine; an emptied copy of the suites' dump is the same
    // empty database for migrations (they create everything in public, schema_migrations included).
    for (let i = 0; i < 2; i += 1) {
      const db = pgliteDb(await opener.openFromDump(await ensureSchemaDump()));
      await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
      expect(await db.query("SELECT 1 FROM pg_tables WHERE schemaname = 'public'")).toEqual([]);
      opened.push(db);
    }
    await checkBothPaths(opened[0], opened[1]);

    // Today's server on the upgraded data: the old demo account logs in, its tasks list.
    const config = testConfig();
    const app = await buildServer(config, { db: opened[1] });
    try {
      await app.ready();
      const customer = agent(app);
      const login = await customer.login('customer@talka.test', 'talka-demo');
      expect(login.statusCode).toBe(200);
      const list = await customer.get('/api/tasks');
      expect(list.statusCode).toBe(200);
      expect((list.json() as { data: unknown[] }).data.length).toBeGreaterThan(0);
    } finally {
      await app.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});

describe('on PostgreSQL', () => {
  let pg: Postgres;
  const opened: Db[] = [];
  beforeAll(async () => {
    pg = await startPostgres();
    const admin = new Client({ connectionString: pg.url });
    await admin.connect();
    await admin.query('CREATE DATABASE from_empty');
    await admin.query('CREATE DATABASE from_release');
    await admin.query('CREATE DATABASE concurrent');
    await admin.end();
  });
  afterAll(async () => {
    for (const db of opened) await db.close();
    stopPostgres(pg);
  });

  test('forward from empty and from the previous release', async () => {
    const url = (name: string) => pg.url.replace(/\/postgres$/, `/${name}`);
    opened.push(await openDb({ databaseUrl: url('from_empty') }));
    opened.push(await openDb({ databaseUrl: url('from_release') }));
    await checkBothPaths(opened[0], opened[1]);
  });

  test('several processes starting at once apply each migration exactly once', async () => {
    const url = pg.url.replace(/\/postgres$/, '/concurrent');
    const dbs = await Promise.all([1, 2, 3].map(() => openDb({ databaseUrl: url })));
    opened.push(...dbs);
    const results = await Promise.all(dbs.map((db) => migrate(db)));
    expect(results.flat().sort()).toEqual(ALL_VERSIONS);
    expect(await versions(dbs[0])).toEqual(ALL_VERSIONS);
  });
});
