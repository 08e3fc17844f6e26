/**
 * POST /api/tasks/:taskUuid/report: anyone but the owner, visitors by their anonymous id cookie,
 * one report per reporter per task, the 5000-character limit, and the per-address rate limit.
 * The limit (REPORTS_PER_MINUTE per address) counts every request of a suite, so each describe
 * block has its own app.
 */
import { loadConfig } from '../../config';
import { VISITOR_COOKIE } from '../../src/server/tasks/views';
import {
  agent,
  buildTestApp,
  createTask,
  createUser,
  randomUuid,
  type Agent,
  type TestApp,
  type TestUser,
} from '../support/server';

/** The default the suite's app runs with (testConfig keeps it). */
const REPORTS_PER_MINUTE = loadConfig({}).reportRateLimit;

const EN = { headers: { 'accept-language': 'en' } };

async function loggedIn(t: TestApp, user: TestUser): Promise<Agent> {
  const a = agent(t.app);
  expect((await a.login(user.email, user.password)).statusCode).toBe(200);
  return a;
}

const reportsOf = (t: TestApp, taskUuid: string) =>
  t.db.query<{ reporter_key: string; message: string }>(
    'SELECT reporter_key, message FROM reports WHERE task_uuid = $1 ORDER BY id',
    [taskUuid],
  );

const messageOf = (res: { json: () => unknown }) => (res.json() as { message: string }).message;

describe('who may report, once', () => {
  let t: TestApp;
  let owner: TestUser;
  let user: TestUser;
  let taskUuid: string;

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await createUser(t.db);
    user = await createUser(t.db);
    taskUuid = (await createTask(t.db, { author_uuid: owner.uuid })).uuid;
  });
  afterAll(() => t.close());

  it('lets a visitor report and identifies them by an httpOnly, SameSite=Lax cookie', async () => {
    const visitor = agent(t.app);
    const res = await visitor.post(
      `/api/tasks/${taskUuid}/report`,
      { message: 'Looks like spam.' },
      EN,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: { reported: true } });
    const cookie = (
      res.cookies as { name: string; value: string; httpOnly?: boolean; sameSite?: string }[]
    ).find((c) => c.name === VISITOR_COOKIE);
    expect(cookie).toBeDefined();
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(await reportsOf(t, taskUuid)).toEqual([
      {
        reporter_key: expect.stringMatching(new RegExp(`^anon:${cookie?.value}@addr:[\\w-]{22}$`)),
        message: 'Looks like spam.',
      },
    ]);

    // The same visitor (same cookie) again: 403 'already reported', nothing stored.
    const again = await visitor.post(`/api/tasks/${taskUuid}/report`, { message: 'Again' }, EN);
    expect(again.statusCode).toBe(403);
    expect(messageOf(again)).toBe('You have already reported this task.');
    expect(messageOf(again)).toMatch(/already reported/);
    expect(await reportsOf(t, taskUuid)).toHaveLength(1);
  });

  it('counts another visitor (another cookie, another address) as another reporter', async () => {
    const res = await agent(t.app, { remoteAddress: '198.51.100.7' }).post(
      `/api/tasks/${taskUuid}/report`,
      { message: '' },
    );
    expect(res.statusCode).toBe(201);
    expect(await reportsOf(t, taskUuid)).toHaveLength(2);
  });

  it('a visitor who drops the cookie is still one reporter per address (issue 14 item 8)', async () => {
    const other = (await createTask(t.db, { author_uuid: owner.uuid })).uuid;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      // A fresh agent each time: no cookie, as a script would send it.
      const res = await agent(t.app, { remoteAddress: '203.0.113.9' }).post(
        `/api/tasks/${other}/report`,
        { message: `Script ${i}` },
        EN,
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 403, 403, 403, 403]);
    expect(await reportsOf(t, other)).toHaveLength(1);
    // The same cookie from another address is still the same reporter.
    const roaming = agent(t.app, { remoteAddress: '203.0.113.10' });
    expect((await roaming.post(`/api/tasks/${other}/report`, { message: 'a' })).statusCode).toBe(
      201,
    );
    const cookie = roaming.cookies.get(VISITOR_COOKIE)!;
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/tasks/${other}/report`,
      remoteAddress: '203.0.113.11',
      cookies: { [VISITOR_COOKIE]: cookie, 'XSRF-TOKEN': 'x'.repeat(43) },
      headers: { 'x-xsrf-token': 'x'.repeat(43) },
      payload: { message: 'b' },
    });
    expect(moved.statusCode).toBe(403);
    // A logged-in user from a reporting address is counted by account, not by address.
    const a = await loggedIn(t, await createUser(t.db));
    expect((await a.post(`/api/tasks/${other}/report`, { message: 'c' })).statusCode).toBe(201);
    expect(await reportsOf(t, other)).toHaveLength(3);
  });

  it('lets a logged-in user report once: the second time is 403 already reported', async () => {
    const a = await loggedIn(t, user);
    const first = await a.post(`/api/tasks/${taskUuid}/report`, { message: 'Fake task.' }, EN);
    expect(first.statusCode).toBe(201);
    const second = await a.post(`/api/tasks/${taskUuid}/report`, { message: 'Fake task.' }, EN);
    expect(second.statusCode).toBe(403);
    expect(messageOf(second)).toBe('You have already reported this task.');
    const keys = (await reportsOf(t, taskUuid)).map((r) => r.reporter_key);
    expect(keys.filter((k) => k === `user:${user.uuid}`)).toHaveLength(1);
  });

  it('refuses the owner with 403', async () => {
    const a = await loggedIn(t, owner);
    const res = await a.post(`/api/tasks/${taskUuid}/report`, { message: 'My own task' }, EN);
    expect(res.statusCode).toBe(403);
    expect(messageOf(res)).not.toMatch(/already reported/);
    const keys = (await reportsOf(t, taskUuid)).map((r) => r.reporter_key);
    expect(keys).not.toContain(`user:${owner.uuid}`);
  });

  it('answers 404 for a missing task and a non-uuid', async () => {
    const visitor = agent(t.app);
    expect((await visitor.post(`/api/tasks/${randomUuid()}/report`, {})).statusCode).toBe(404);
    expect((await visitor.post('/api/tasks/nope/report', {})).statusCode).toBe(404);
  });
});

describe('message length', () => {
  let t: TestApp;
  let taskUuid: string;

  beforeAll(async () => {
    t = await buildTestApp();
    taskUuid = (await createTask(t.db)).uuid;
  });
  afterAll(() => t.close());

  it('refuses 5001 characters with 422 on errors.message, and accepts 5000', async () => {
    const visitor = agent(t.app);
    const long = await visitor.post(
      `/api/tasks/${taskUuid}/report`,
      { message: 'a'.repeat(5001) },
      EN,
    );
    expect(long.statusCode).toBe(422);
    expect((long.json() as { errors: Record<string, string[]> }).errors).toEqual({
      message: ['Use at most 5,000 characters.'],
    });
    expect(await reportsOf(t, taskUuid)).toEqual([]);

    const exact = await visitor.post(`/api/tasks/${taskUuid}/report`, {
      message: 'b'.repeat(5000),
    });
    expect(exact.statusCode).toBe(201);
    expect((await reportsOf(t, taskUuid))[0].message).toHaveLength(5000);
  });

  it('accepts a report without a message', async () => {
    const res = await agent(t.app, { remoteAddress: '198.51.100.30' }).post(
      `/api/tasks/${taskUuid}/report`,
      {},
    );
    expect(res.statusCode).toBe(201);
    expect((await reportsOf(t, taskUuid))[1].message).toBe('');
  });
});

describe('rate limit', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it(`allows ${REPORTS_PER_MINUTE} reports a minute per address, then 429`, async () => {
    const tasks = [];
    for (let i = 0; i <= REPORTS_PER_MINUTE; i += 1) tasks.push(await createTask(t.db));
    // Fresh visitors each time: the limit is per address, not per cookie.
    for (const task of tasks.slice(0, REPORTS_PER_MINUTE)) {
      const res = await agent(t.app).post(`/api/tasks/${task.uuid}/report`, { message: 'x' });
      expect(res.statusCode).toBe(201);
    }
    const over = await agent(t.app).post(
      `/api/tasks/${tasks[REPORTS_PER_MINUTE].uuid}/report`,
      { message: 'x' },
      EN,
    );
    expect(over.statusCode).toBe(429);
    expect(messageOf(over)).toBe('Too many requests. Please wait a minute and try again.');
    expect(await reportsOf(t, tasks[REPORTS_PER_MINUTE].uuid)).toEqual([]);
  });
});
