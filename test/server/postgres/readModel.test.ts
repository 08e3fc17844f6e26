/**
 * The read model across processes (issue 18): two API processes on one real PostgreSQL, each with
 * its own in-memory task, list and session caches. A write through one process, or straight to
 * the database, is seen by the other's next read; a deleted task is gone everywhere at once; a
 * session ended anywhere is refused everywhere at once (the triggers of migration 007 NOTIFY every
 * process; no test waits for a timer).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { startPostgres, stopPostgres, type Postgres } from '../../../scripts/pg.mjs';
import { Browser, startApi, type ApiProcess } from './processes';

jest.setTimeout(60_000);

let pg: Postgres;
let a: ApiProcess;
let b: ApiProcess;
let root: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'talka-read-model-'));
  pg = await startPostgres();
  const common = { DATABASE_URL: pg.url, UPLOADS_DIR: path.join(root, 'uploads') };
  a = await startApi({ ...common, DATA_DIR: path.join(root, 'a'), SEED: 'demo' });
  b = await startApi({ ...common, DATA_DIR: path.join(root, 'b'), SEED: '' });
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  stopPostgres(pg);
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

async function sql<R>(text: string, params: unknown[] = []): Promise<R[]> {
  const client = new Client({ connectionString: pg.url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as R[];
  } finally {
    await client.end();
  }
}

interface TaskData {
  uuid: string;
  title: string;
  offers_count: number;
}

const visitor = new Browser();
const taskOn = async (server: ApiProcess, slug: string) =>
  visitor.request(server.base, 'GET', `/api/tasks/${slug}?locale=en`);
const listOn = async (server: ApiProcess) =>
  (await visitor.request(server.base, 'GET', '/api/tasks?per_page=50&locale=en')).json
    .data as TaskData[];

/** An open task nobody chose an offer on, that the freelancer has not offered on. */
async function openTask(): Promise<{ uuid: string; identifier: string }> {
  const [row] = await sql<{ uuid: string; identifier: string }>(
    `SELECT t.uuid, t.identifier FROM tasks t
      WHERE t.status = 'open' AND (t.due_end IS NULL OR t.due_end > now() + interval '1 day')
        AND t.author_uuid <> (SELECT uuid FROM users WHERE email = 'freelancer@talka.test')
        AND NOT EXISTS (SELECT 1 FROM offers o WHERE o.task_uuid = t.uuid
                          AND (o.chosen_at IS NOT NULL OR o.freelancer_uuid =
                               (SELECT uuid FROM users WHERE email = 'freelancer@talka.test')))
      ORDER BY t.created_at DESC LIMIT 1`,
  );
  if (!row) throw new Error('the demo seed has no open task to offer on');
  return row;
}

test('an offer posted through one process shows in the other process at once', async () => {
  const task = await openTask();
  // Both processes hold the task and the list.
  const before = (await taskOn(b, task.identifier)).json.data as TaskData;
  await taskOn(b, task.identifier);
  const listed = (await listOn(b)).find((s) => s.uuid === task.uuid);
  const freelancer = new Browser();
  expect(
    (
      await freelancer.request(a.base, 'POST', '/api/login', {
        email: 'freelancer@talka.test',
        password: 'talka-demo',
      })
    ).status,
  ).toBe(200);
  const posted = await freelancer.request(a.base, 'POST', `/api/tasks/${task.uuid}/offers`, {
    description: 'I can do this tomorrow morning.',
    price: 42,
  });
  expect(posted.status).toBe(201);
  const after = (await taskOn(b, task.identifier)).json.data as TaskData;
  expect(after.offers_count).toBe(before.offers_count + 1);
  if (listed) {
    const again = (await listOn(b)).find((s) => s.uuid === task.uuid);
    expect(again?.offers_count).toBe(listed.offers_count + 1);
  }
  // The freelancer sees their own offer on the other process too.
  const own = (await freelancer.request(b.base, 'GET', `/api/tasks/${task.identifier}`)).json
    .data as { offers: { description: string }[] };
  expect(own.offers.map((o) => o.description)).toContain('I can do this tomorrow morning.');

  // An edit of the offer through A (an 'offer' event, migration 013) shows on B at once.
  const offerUuid = (posted.json.data as { uuid: string }[])[0].uuid;
  const edited = await freelancer.request(
    a.base,
    'PUT',
    `/api/tasks/${task.uuid}/offers/${offerUuid}`,
    { description: 'Edited: the day after tomorrow.', price: 44 },
  );
  expect(edited.status).toBe(200);
  const seen = (await freelancer.request(b.base, 'GET', `/api/tasks/${task.identifier}`)).json
    .data as { offers: { description: string; price: number }[]; offers_count: number };
  expect(seen.offers).toEqual([
    expect.objectContaining({ description: 'Edited: the day after tomorrow.', price: 44 }),
  ]);
  expect(seen.offers_count).toBe(after.offers_count);
});

test('a write straight to the database is seen by both processes', async () => {
  const task = await openTask();
  for (const server of [a, b]) await taskOn(server, task.identifier);
  await sql("UPDATE tasks SET title = 'Retitled by SQL' WHERE uuid = $1", [task.uuid]);
  for (const server of [a, b]) {
    expect(((await taskOn(server, task.identifier)).json.data as TaskData).title).toBe(
      'Retitled by SQL',
    );
  }
});

test('a deleted task is gone at once on every process', async () => {
  const task = await openTask();
  for (const server of [a, b]) {
    expect((await taskOn(server, task.identifier)).status).toBe(200);
    expect((await listOn(server)).some((s) => s.uuid === task.uuid)).toBe(true);
  }
  await sql('DELETE FROM tasks WHERE uuid = $1', [task.uuid]);
  for (const server of [a, b]) {
    expect((await taskOn(server, task.identifier)).status).toBe(404);
    expect((await listOn(server)).some((s) => s.uuid === task.uuid)).toBe(false);
  }
});

test('logout on one process, and a session deleted in the database, end it on the other at once', async () => {
  const user = new Browser();
  const login = { email: 'freelancer2@talka.test', password: 'talka-demo' };
  expect((await user.request(a.base, 'POST', '/api/login', login)).status).toBe(200);
  // Held by B's session cache from here on.
  expect((await user.request(b.base, 'GET', '/api/me')).status).toBe(200);
  expect((await user.request(b.base, 'GET', '/api/me')).status).toBe(200);
  const copied = new Map(user.cookies);
  expect((await user.request(a.base, 'POST', '/api/logout')).status).toBeLessThan(300);
  const replay = new Browser();
  for (const [k, v] of copied) replay.cookies.set(k, v);
  expect((await replay.request(b.base, 'GET', '/api/me')).status).toBe(401);

  expect((await user.request(a.base, 'POST', '/api/login', login)).status).toBe(200);
  expect((await user.request(b.base, 'GET', '/api/me')).status).toBe(200);
  await sql(
    "DELETE FROM sessions WHERE user_uuid = (SELECT uuid FROM users WHERE email = 'freelancer2@talka.test')",
  );
  expect((await user.request(b.base, 'GET', '/api/me')).status).toBe(401);
});

describe('rate limits count every process (counters in PostgreSQL)', () => {
  let c: ApiProcess;
  let d: ApiProcess;
  beforeAll(async () => {
    const common = { DATABASE_URL: pg.url, UPLOADS_DIR: path.join(root, 'uploads'), SEED: '' };
    [c, d] = await Promise.all([
      startApi({ ...common, DATA_DIR: path.join(root, 'c'), LOGIN_RATE_LIMIT: '4' }),
      startApi({ ...common, DATA_DIR: path.join(root, 'd'), LOGIN_RATE_LIMIT: '4' }),
    ]);
  });
  afterAll(() => Promise.all([c?.stop(), d?.stop()]));

  it('the login limit of 4 a minute holds for requests spread over two processes', async () => {
    // The logins above came from the same address within the minute: start counting afresh.
    await sql('DELETE FROM rate_limits');
    const client = new Browser();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const server = i % 2 === 0 ? c : d;
      const res = await client.request(server.base, 'POST', '/api/login', {
        email: `nobody-${i}@talka.test`,
        password: 'wrong-password',
      });
      statuses.push(res.status);
    }
    // Counted alone, each process would have let its three through.
    expect(statuses.slice(0, 4).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(4)).toEqual([429, 429]);
  });
});
