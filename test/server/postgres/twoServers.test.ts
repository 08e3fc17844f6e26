/**
 * Two API processes on one real PostgreSQL (Debian's postgresql, scripts/pg.mjs), sharing an uploads
 * folder, as behind a load balancer: sessions, push (LISTEN/NOTIFY) and uploads work across them.
 * Then the database goes away and comes back: 503 (never 500, never a crash), and full recovery,
 * push included (the LISTEN connection reconnects).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import sharp from 'sharp';
import {
  startCluster,
  startPostgres,
  stopCluster,
  stopPostgres,
  type Postgres,
} from '../../../scripts/pg.mjs';
import { Browser, openSse, startApi, type ApiProcess, type SseClient } from './processes';

jest.setTimeout(60_000);

let pg: Postgres;
let a: ApiProcess;
let b: ApiProcess;
let root: string;
let uploads: string;
const sse: SseClient[] = [];

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'talka-two-'));
  uploads = path.join(root, 'shared-uploads');
  pg = await startPostgres();
  const common = { DATABASE_URL: pg.url, UPLOADS_DIR: uploads };
  // One process migrates and seeds; the second starts on the migrated database.
  a = await startApi({ ...common, DATA_DIR: path.join(root, 'a'), SEED: 'demo' });
  b = await startApi({ ...common, DATA_DIR: path.join(root, 'b'), SEED: '' });
});

afterAll(async () => {
  for (const client of sse) client.close();
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

/** An open task of someone else that the freelancer has no offer on yet. */
async function openTaskFor(email: string): Promise<string> {
  const [row] = await sql<{ uuid: string }>(
    `SELECT t.uuid FROM tasks t
      WHERE t.status = 'open' AND (t.due_end IS NULL OR t.due_end > now() + interval '1 day')
        AND t.author_uuid <> (SELECT uuid FROM users WHERE email = $1)
        AND NOT EXISTS (SELECT 1 FROM offers o WHERE o.task_uuid = t.uuid
                          AND o.freelancer_uuid = (SELECT uuid FROM users WHERE email = $1))
        AND NOT EXISTS (SELECT 1 FROM offers o WHERE o.task_uuid = t.uuid AND o.chosen_at IS NOT NULL)
      ORDER BY t.created_at DESC LIMIT 1`,
    [email],
  );
  if (!row) throw new Error('the demo seed has no open task to offer on');
  return row.uuid;
}

const freelancer = new Browser();

test('a session made on one process is valid on the other (same cookie)', async () => {
  const login = await freelancer.request(a.base, 'POST', '/api/login', {
    email: 'freelancer@talka.test',
    password: 'talka-demo',
  });
  expect(login.status).toBe(200);
  const onB = await freelancer.request(b.base, 'GET', '/api/me');
  expect(onB.status).toBe(200);
  expect((onB.json.data as { email: string }).email).toBe('freelancer@talka.test');

  // And logging out on B ends it on A too.
  const other = new Browser();
  await other.request(b.base, 'POST', '/api/login', {
    email: 'freelancer2@talka.test',
    password: 'talka-demo',
  });
  expect((await other.request(a.base, 'GET', '/api/me')).status).toBe(200);
  expect((await other.request(b.base, 'POST', '/api/logout')).status).toBeLessThan(300);
  expect((await other.request(a.base, 'GET', '/api/me')).status).toBe(401);
});

let taskUuid = '';
let offerUuid = '';

test('an offer posted through one process reaches an SSE client of the other', async () => {
  taskUuid = await openTaskFor('freelancer@talka.test');
  const stream = await openSse(b.base, `/api/push?tasks=${taskUuid}`);
  sse.push(stream);
  const posted = await freelancer.request(a.base, 'POST', `/api/tasks/${taskUuid}/offers`, {
    description: 'I can do this tomorrow morning.',
    price: 42,
  });
  expect(posted.status).toBe(201);
  offerUuid = (posted.json.data as { uuid: string }[])[0].uuid;
  await stream.next((e) => e.handler === 'tasks.view' && e.task_uuid === taskUuid);
});

test('an upload made through one process is served by the other', async () => {
  const png = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 90 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
  const saved = await freelancer.request(a.base, 'POST', '/api/me/photo', form);
  expect(saved.status).toBe(200);
  const url = (saved.json.data as { photo: { thumbnail: string } }).photo.thumbnail;
  expect(url).toMatch(/^\/uploads\//);
  // The file lives in the shared folder, not in either process's DATA_DIR.
  expect(fs.existsSync(path.join(uploads, decodeURIComponent(url.slice('/uploads/'.length))))).toBe(
    true,
  );
  const fromA = await fetch(a.base + url);
  const fromB = await fetch(b.base + url);
  expect(fromB.status).toBe(200);
  expect(fromB.headers.get('content-type')).toMatch(/^image\//);
  expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()));
});

test('a lost LISTEN connection comes back by itself and resyncs the open task pages', async () => {
  // Only the LISTEN connections drop (a network blip, a failover of one connection): the database
  // stays up. Changes made meanwhile elsewhere would be missed, so on reconnect every process tells
  // its open task pages to refetch (tasks.view), although nobody changed anything.
  const stream = sse[0];
  const before = stream.events.length;
  const [killed] = await sql<{ n: number }>(
    `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
      WHERE query ILIKE 'LISTEN %' AND pid <> pg_backend_pid()`,
  );
  expect(killed.n).toBe(2);
  await stream.next(
    (e) =>
      stream.events.indexOf(e) >= before && e.handler === 'tasks.view' && e.task_uuid === taskUuid,
    10_000,
  );
  expect(a.child.exitCode).toBeNull();
  expect(b.child.exitCode).toBeNull();
});

describe('the database goes away and comes back', () => {
  test('503 with a translated message while it is down; /api/health says so; no crash', async () => {
    stopCluster(pg, 'fast');
    for (const api of [a, b]) {
      const tasks = await fetch(`${api.base}/api/tasks`, {
        headers: { accept: 'application/json', 'accept-language': 'lv' },
      });
      expect(tasks.status).toBe(503);
      const body = (await tasks.json()) as { message: string };
      expect(Object.keys(body)).toEqual(['message']);
      expect(body.message).toMatch(/nav pieejams/);
      // A logged-in request (the session lookup needs the database) is a 503 too, not a 500.
      const me = await freelancer.request(api.base, 'GET', '/api/me');
      expect(me.status).toBe(503);
      const health = await fetch(`${api.base}/api/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ data: { db: false } });
    }
    const english = await fetch(`${a.base}/api/tasks`, { headers: { 'accept-language': 'en' } });
    expect(((await english.json()) as { message: string }).message).toMatch(/unavailable/i);
    // Still serving, still the same processes.
    expect(a.child.exitCode).toBeNull();
    expect(b.child.exitCode).toBeNull();
  });

  test('when it is back both answer 200 again and push flows again (LISTEN re-established)', async () => {
    startCluster(pg);
    for (const api of [a, b]) {
      const tasks = await fetch(`${api.base}/api/tasks`, {
        headers: { accept: 'application/json' },
      });
      expect(tasks.status).toBe(200);
    }
    expect((await freelancer.request(b.base, 'GET', '/api/me')).status).toBe(200);
    // The SSE stream to B stayed open through the outage; B's LISTEN connection reconnects with
    // backoff (at most 3 s apart), so a change through A reaches it again within a few seconds.
    const stream = sse[0];
    const deadline = Date.now() + 15_000;
    let price = 50;
    for (;;) {
      const before = stream.events.length;
      const updated = await freelancer.request(
        a.base,
        'PUT',
        `/api/tasks/${taskUuid}/offers/${offerUuid}`,
        { description: 'I can do this tomorrow morning.', price: price++ },
      );
      expect(updated.status).toBe(200);
      const arrived = await stream
        .next((e) => stream.events.indexOf(e) >= before && e.task_uuid === taskUuid, 1000)
        .then(() => true)
        .catch(() => false);
      if (arrived) break;
      if (Date.now() > deadline) throw new Error('push did not recover within 15 s');
    }
    expect(a.child.exitCode).toBeNull();
    expect(b.child.exitCode).toBeNull();
    expect(a.output() + b.output()).toMatch(/LISTEN re-established/);
  });
});

test('a suspension through one process closes the user’s push stream on the other at once', async () => {
  // Issue 19: the sessions trigger's notice on talka_cache reaches every process.
  const user = new Browser();
  const login = await user.request(b.base, 'POST', '/api/login', {
    email: 'freelancer2@talka.test',
    password: 'talka-demo',
  });
  expect(login.status).toBe(200);
  const stream = await openSse(b.base, '/api/push', user.cookieHeader);
  sse.push(stream);
  const moderator = new Browser();
  await moderator.request(a.base, 'POST', '/api/login', {
    email: 'moderator@talka.test',
    password: 'talka-demo',
  });
  const [who] = await sql<{ uuid: string }>(
    `SELECT uuid FROM users WHERE email = 'freelancer2@talka.test'`,
  );
  const suspended = await moderator.request(
    a.base,
    'POST',
    `/api/moderation/users/${who.uuid}/suspend`,
    { reason: 'Testing the push stream.' },
  );
  expect(suspended.status).toBe(200);
  await stream.ended(3000);
  expect(
    (await moderator.request(a.base, 'POST', `/api/moderation/users/${who.uuid}/unsuspend`, {}))
      .status,
  ).toBe(200);
});
