/**
 * Push over a real listening server (app.inject would wait for the endless stream): SSE clients on
 * 127.0.0.1 read the stream with node:http.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config';
import { buildServer } from '../../src/server/app';
import { createPushHub, type PushEvent } from '../../src/server/push';
import { notifyTaskChanged } from '../../src/server/push/plugin';
import { parseTaskList } from '../../src/server/push/routes';
import {
  agent,
  buildTestApp,
  createTask,
  createUser,
  loggedInAgent,
  randomUuid,
  testConfig,
  type Agent,
  type TestApp,
  type TestUser,
} from '../support/server';

interface SseClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Everything received so far. */
  raw: () => string;
  events: PushEvent[];
  /** Resolves with the first event matching, rejects after `ms`. */
  next: (match: (event: PushEvent) => boolean, ms?: number) => Promise<PushEvent>;
  close: () => void;
  onEnd: (listener: () => void) => void;
}

const openClients = new Set<SseClient>();

function connect(
  base: string,
  pathAndQuery: string,
  cookie?: string,
  headers: Record<string, string> = {},
): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${base}${pathAndQuery}`,
      { headers: { accept: 'text/event-stream', ...headers, ...(cookie ? { cookie } : {}) } },
      (res) => {
        let buffer = '';
        let all = '';
        const events: PushEvent[] = [];
        const waiters = new Set<() => void>();
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          all += chunk;
          buffer += chunk;
          let index: number;
          while ((index = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, index);
            buffer = buffer.slice(index + 2);
            const data = block
              .split('\n')
              .filter((line) => line.startsWith('data: '))
              .map((line) => line.slice(6))
              .join('\n');
            if (data) events.push(JSON.parse(data) as PushEvent);
          }
          for (const wake of [...waiters]) wake();
        });
        res.on('error', () => undefined);
        const client: SseClient = {
          status: res.statusCode ?? 0,
          headers: res.headers,
          raw: () => all,
          events,
          next: (match, ms = 2000) =>
            new Promise((resolveEvent, rejectEvent) => {
              const check = () => {
                const found = events.find(match);
                if (!found) return;
                waiters.delete(check);
                clearTimeout(timer);
                resolveEvent(found);
              };
              const timer = setTimeout(() => {
                waiters.delete(check);
                rejectEvent(new Error(`no matching event within ${ms} ms`));
              }, ms);
              waiters.add(check);
              check();
            }),
          close: () => {
            openClients.delete(client);
            req.destroy();
          },
          onEnd: (listener) => {
            if (res.complete) listener();
            else res.on('end', listener);
          },
        };
        openClients.add(client);
        // Resolve once the opening `retry:` block has arrived: the subscription is in place.
        const ready = () => {
          if (all.includes('\n\n')) {
            res.off('data', ready);
            resolve(client);
          }
        };
        res.on('data', ready);
      },
    );
    req.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
let base: string;
let second: FastifyInstance;
let secondConfig: ServerConfig;
let secondBase: string;
let owner: TestUser;

const listen = async (app: FastifyInstance): Promise<string> => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  t = await buildTestApp();
  base = await listen(t.app);
  // A second API process on the same database.
  secondConfig = testConfig();
  second = await buildServer(secondConfig, { db: t.db });
  secondBase = await listen(second);
  owner = await createUser(t.db);
});
afterEach(() => {
  for (const client of [...openClients]) client.close();
});
afterAll(async () => {
  await second.close();
  fs.rmSync(secondConfig.dataDir, { recursive: true, force: true });
  await t.close();
});

describe('GET /api/push', () => {
  it('is an SSE stream: headers, retry, and it does not hang app.close', async () => {
    const client = await connect(base, '/api/push');
    expect(client.status).toBe(200);
    expect(client.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(client.headers['cache-control']).toMatch(/no-cache/);
    expect(client.raw()).toMatch(/^retry: 3000\n/);
  });

  it('is sent uncompressed to a browser that accepts brotli and gzip (events are never held back)', async () => {
    const client = await connect(base, '/api/push', undefined, { 'accept-encoding': 'br, gzip' });
    expect(client.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(client.headers['content-encoding']).toBeUndefined();
    expect(client.raw()).toMatch(/^retry: 3000\n/);
  });

  it('a subscriber of a task gets tasks.view when it is deleted; another task subscriber does not', async () => {
    const task = await createTask(t.db, { author_uuid: owner.uuid });
    const other = await createTask(t.db, { author_uuid: owner.uuid });
    const watching = await connect(base, `/api/push?tasks=${task.uuid}`);
    const elsewhere = await connect(base, `/api/push?tasks=${other.uuid}`);
    const onSecond = await connect(secondBase, `/api/push?tasks=${other.uuid},${task.uuid}`);

    const a = agent(t.app);
    await a.login(owner.email, owner.password);
    expect((await a.delete(`/api/tasks/${task.uuid}`)).statusCode).toBe(204);

    const expected = { handler: 'tasks.view', task_uuid: task.uuid };
    expect(await watching.next((e) => e.task_uuid === task.uuid)).toEqual(expected);
    // The other process delivers it too (LISTEN/NOTIFY fan-out).
    expect(await onSecond.next((e) => e.task_uuid === task.uuid)).toEqual(expected);
    await sleep(100);
    expect(elsewhere.events).toEqual([]);
    expect(watching.raw()).toContain(`data: ${JSON.stringify(expected)}\n\n`);
  });

  it('two hubs on one database both deliver, whichever publishes', async () => {
    const task = randomUuid();
    const one = await connect(base, `/api/push?tasks=${task}`);
    const two = await connect(secondBase, `/api/push?tasks=${task}`);
    await notifyTaskChanged(second, task);
    await one.next((e) => e.task_uuid === task);
    await two.next((e) => e.task_uuid === task);
    expect(one.events).toHaveLength(1);
    expect(two.events).toHaveLength(1);
  });

  it('personal events reach only that logged-in user, and not visitors', async () => {
    const user = await createUser(t.db);
    const someone = await createUser(t.db);
    const a = agent(t.app);
    await a.login(user.email, user.password);
    const cookie = [...a.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const mine = await connect(secondBase, '/api/push', cookie);
    const visitor = await connect(base, '/api/push');
    const b = agent(t.app);
    await b.login(someone.email, someone.password);
    const theirs = await connect(
      base,
      '/api/push',
      [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    );

    const event = { handler: 'chat.message', conversation_uuid: randomUuid(), id: 7 };
    await t.app.push.publishUser(user.uuid, event);
    expect(await mine.next((e) => e.handler === 'chat.message')).toEqual(event);
    await sleep(100);
    expect(visitor.events).toEqual([]);
    expect(theirs.events).toEqual([]);
  });

  it('unsubscribes when the client disconnects', async () => {
    const settled = async (size: number) => {
      for (let i = 0; i < 100 && t.app.push.size !== size; i += 1) await sleep(20);
      return t.app.push.size;
    };
    // Streams closed by earlier tests are gone first.
    expect(await settled(0)).toBe(0);
    const client = await connect(base, `/api/push?tasks=${randomUuid()}`);
    expect(t.app.push.size).toBe(1);
    client.close();
    expect(await settled(0)).toBe(0);
  });
});

describe('a signed-in stream ends with its session (issue 19)', () => {
  const cookieOf = (a: Agent) => [...a.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const ended = (client: SseClient, ms = 2000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the stream is open after ${ms} ms`)), ms);
      client.onEnd(() => {
        clearTimeout(timer);
        resolve();
      });
    });

  it('a suspension closes every stream of the user at once, in every process', async () => {
    const user = await createUser(t.db);
    const a = await loggedInAgent(t.app, user);
    const here = await connect(base, `/api/push?tasks=${randomUuid()}`, cookieOf(a));
    const there = await connect(secondBase, '/api/push', cookieOf(a));
    const moderator = await loggedInAgent(t.app, await createUser(t.db, { is_moderator: true }));

    const res = await moderator.post(`/api/moderation/users/${user.uuid}/suspend`, {
      reason: 'Spam in every task.',
    });
    expect(res.statusCode).toBe(200);
    await Promise.all([ended(here), ended(there)]);
    await t.app.push.publishUser(user.uuid, { handler: 'chat.message', id: 1 });
    await sleep(100);
    expect([...here.events, ...there.events]).toEqual([]);
  });

  it('a logout elsewhere (the same session ended from another tab) closes the stream at once', async () => {
    const user = await createUser(t.db);
    const a = await loggedInAgent(t.app, user);
    const other = await loggedInAgent(t.app, user);
    const stream = await connect(secondBase, '/api/push', cookieOf(a));
    const otherStream = await connect(base, '/api/push', cookieOf(other));
    expect((await a.post('/api/logout')).statusCode).toBeLessThan(300);
    await ended(stream);
    // The user's other session and its stream go on.
    const event = { handler: 'chat.message', id: 2 };
    await t.app.push.publishUser(user.uuid, event);
    expect(await otherStream.next((e) => e.handler === 'chat.message')).toEqual(event);
  });

  it.each([
    [
      'idle longer than the idle lifetime (120 minutes)',
      `last_seen_at = now() - interval '3 hours'`,
    ],
    ['past its absolute lifetime', `expires_at = now() - interval '1 second'`],
  ])('a session %s ends its stream', async (_case, change) => {
    const user = await createUser(t.db);
    const stream = await connect(base, '/api/push', cookieOf(await loggedInAgent(t.app, user)));
    await t.db.query(`UPDATE sessions SET ${change} WHERE user_uuid = $1`, [user.uuid]);
    await ended(stream);
  });
});

it('app.close ends open streams instead of waiting for them', async () => {
  const config = testConfig();
  const app = await buildServer(config, { db: t.db });
  const url = await listen(app);
  const client = await connect(url, `/api/push?tasks=${randomUuid()}`);
  const ended = new Promise<void>((resolve) => client.onEnd(resolve));
  const started = Date.now();
  await app.close();
  await ended;
  expect(Date.now() - started).toBeLessThan(2000);
  fs.rmSync(config.dataDir, { recursive: true, force: true });
});

/** Opens a stream and closes it at once if it opened: its status, and the body of a refusal. */
function attempt(url: string, cookie?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) };
    const req = http.get(url, { headers }, (res) => {
      if (res.statusCode === 200) {
        req.destroy();
        resolve({ status: 200, body: '' });
        return;
      }
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

describe('push streams are capped (ASVS 2.4.1)', () => {
  let capped: FastifyInstance;
  let cappedConfig: ServerConfig;
  let url: string;
  beforeAll(async () => {
    cappedConfig = testConfig({ pushStreamsPerAddress: 4, pushStreamsPerUser: 2 });
    capped = await buildServer(cappedConfig, { db: t.db });
    url = await listen(capped);
  });
  afterAll(async () => {
    await capped.close();
    fs.rmSync(cappedConfig.dataDir, { recursive: true, force: true });
  });

  it('per address: beyond the cap 429 { message }, and a closed stream frees its place', async () => {
    const open = [];
    for (let i = 0; i < 4; i += 1) open.push(await connect(url, `/api/push?tasks=${randomUuid()}`));
    expect(open.every((c) => c.status === 200)).toBe(true);
    const fifth = await attempt(`${url}/api/push`);
    expect(fifth.status).toBe(429);
    expect(JSON.parse(fifth.body)).toEqual({
      message: 'Pārāk daudz pieprasījumu. Lūdzu, uzgaidiet minūti un mēģiniet vēlreiz.',
    });
    open[0].close();
    let again = await attempt(`${url}/api/push`);
    for (let i = 0; i < 50 && again.status === 429; i += 1) {
      await sleep(20);
      again = await attempt(`${url}/api/push`);
    }
    expect(again.status).toBe(200);
  });

  it('per user: a logged-in user gets at most the cap, whatever the address', async () => {
    for (let i = 0; i < 100 && capped.push.size > 0; i += 1) await sleep(20);
    const user = await createUser(t.db);
    const a = agent(capped);
    await a.login(user.email, user.password);
    const cookie = [...a.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    await connect(url, '/api/push', cookie);
    await connect(url, '/api/push', cookie);
    expect((await attempt(`${url}/api/push`, cookie)).status).toBe(429);
    // A visitor from the same address still gets one (the address cap is not reached).
    expect((await connect(url, '/api/push')).status).toBe(200);
  });
});

describe('push hub', () => {
  it('delivers only to matching subscribers; unsubscribe stops delivery', async () => {
    const hub = createPushHub(t.db, { channel: 'talka_events_unit' });
    await hub.start();
    const taskA = randomUuid();
    const taskB = randomUuid();
    const got: PushEvent[] = [];
    const gotB: PushEvent[] = [];
    const stop = hub.subscribe({ tasks: [taskA.toUpperCase()] }, (e) => got.push(e));
    hub.subscribe({ tasks: [taskB] }, (e) => gotB.push(e));
    await hub.publishTask(taskA);
    await sleep(20);
    expect(got).toEqual([{ handler: 'tasks.view', task_uuid: taskA }]);
    expect(gotB).toEqual([]);
    stop();
    await hub.publishTask(taskA);
    await sleep(20);
    expect(got).toHaveLength(1);
    await expect(hub.publishTask('not-a-uuid')).rejects.toThrow();
    await expect(
      hub.publishUser(randomUuid(), { handler: 'x', big: 'y'.repeat(8000) }),
    ).rejects.toThrow(/too large/);
    await hub.close();
  });

  it('parseTaskList keeps valid distinct uuids only', () => {
    const a = randomUuid();
    expect(parseTaskList(`${a}, ${a.toUpperCase()},nope,,TKOPEN01`)).toEqual([a]);
    expect(parseTaskList(undefined)).toEqual([]);
  });
});
