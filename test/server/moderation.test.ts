/**
 * Moderation (issue 19): the queue, the decisions with their audit rows, and the rules the server
 * enforces: a hidden task is 410 for everyone but its owner and moderators and leaves every list
 * and count; a suspended user cannot log in, their sessions end at once, their open tasks are
 * hidden and their offers withdrawn; reporters see the outcome (GET /api/me/reports, a push).
 * Every role on every route: test/server/security/moderationAuthorization.test.ts.
 */
import type { PushEvent } from '../../src/server/push';
import {
  agent,
  buildTestApp,
  createCategory,
  createOffer,
  createTask,
  createUser,
  keysetPages,
  loggedInAgent,
  randomUuid,
  type Agent,
  type TestApp,
  type TestUser,
} from '../support/server';

const EN = { headers: { 'accept-language': 'en' } };

/** A moderator with a name the log can show. */
const createModerator = (t: TestApp) =>
  createUser(t.db, { full_name: 'Māra Kalniņa', is_moderator: true });

const logRows = (t: TestApp) =>
  t.db.query<{
    action: string;
    task_uuid: string | null;
    user_uuid: string | null;
    reason: string;
  }>('SELECT action, task_uuid, user_uuid, reason FROM moderation_log ORDER BY id');

describe('the report queue and task decisions', () => {
  let t: TestApp;
  let moderator: Agent;
  let owner: TestUser;
  let reporter: TestUser;
  let reporterAgent: Agent;
  let taskUuid: string;
  let identifier: string;
  let categoryId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    moderator = await loggedInAgent(t.app, await createModerator(t));
    owner = await createUser(t.db, { full_name: 'Olga Owner' });
    reporter = await createUser(t.db);
    reporterAgent = await loggedInAgent(t.app, reporter);
    categoryId = (await createCategory(t.db)).id;
    const task = await createTask(t.db, {
      author_uuid: owner.uuid,
      category_id: categoryId,
      title: 'Cheap watches, write me',
    });
    taskUuid = task.uuid;
    identifier = task.identifier;
    expect(
      (await reporterAgent.post(`/api/tasks/${taskUuid}/report`, { message: 'Spam.' })).statusCode,
    ).toBe(201);
    expect(
      (await agent(t.app).post(`/api/tasks/${taskUuid}/report`, { message: 'Scam!' })).statusCode,
    ).toBe(201);
  });
  afterAll(() => t.close());

  it('lists open reports grouped by task, oldest first, with every message, the author and counts', async () => {
    const other = await createTask(t.db, { author_uuid: owner.uuid, category_id: categoryId });
    await agent(t.app).post(`/api/tasks/${other.uuid}/report`, { message: 'Later one.' });
    const res = await moderator.get('/api/moderation/reports?status=open');
    expect(res.statusCode).toBe(200);
    const { groups, counts, status } = res.json().data;
    expect(status).toBe('open');
    expect(counts).toEqual({ open_reports: 3, open_tasks: 2, closed_reports: 0, closed_tasks: 0 });
    expect(groups.map((g: { task: { uuid: string } }) => g.task.uuid)).toEqual([
      taskUuid,
      other.uuid,
    ]);
    expect(groups[0]).toMatchObject({
      task: {
        identifier,
        title: 'Cheap watches, write me',
        hidden_at: null,
        author: { uuid: owner.uuid, full_name: 'Olga Owner', suspended_at: null },
      },
      reports_count: 2,
      reports: [
        { message: 'Spam.', status: 'open', anonymous: false },
        { message: 'Scam!', status: 'open', anonymous: true },
      ],
    });
    await t.db.query('DELETE FROM reports WHERE task_uuid = $1', [other.uuid]);
  });

  it('refuses a bad status filter and a bad reason with 422 on the field', async () => {
    const list = await moderator.get('/api/moderation/reports?status=everything', EN);
    expect(list.statusCode).toBe(422);
    expect(list.json().errors.status).toBeDefined();
    for (const body of [
      {},
      { reason: '' },
      { reason: '  a ' },
      { reason: 'x'.repeat(501) },
      { reason: 7 },
    ]) {
      const res = await moderator.post(`/api/moderation/tasks/${taskUuid}/hide`, body, EN);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.reason).toBeDefined();
    }
    expect(await logRows(t)).toEqual([]);
  });

  it('answers 404 for an unknown or malformed uuid', async () => {
    for (const url of [
      `/api/moderation/tasks/${randomUuid()}/hide`,
      '/api/moderation/tasks/not-a-uuid/hide',
      `/api/moderation/users/${randomUuid()}/suspend`,
    ]) {
      expect((await moderator.post(url, { reason: 'Spam offers' })).statusCode).toBe(404);
    }
  });

  it('hides a task: 410 with a translated message for others, the owner sees the reason', async () => {
    const pushed: PushEvent[] = [];
    const unsubscribe = t.app.push.subscribe({ userUuid: reporter.uuid }, (e) => pushed.push(e));
    const publishTask = jest.spyOn(t.app.push, 'publishTask');
    const res = await moderator.post(
      `/api/moderation/tasks/${taskUuid}/hide`,
      { reason: '  Selling counterfeit goods  ' },
      EN,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      uuid: taskUuid,
      hidden_reason: 'Selling counterfeit goods',
      decided_reports: 2,
    });
    expect(publishTask).toHaveBeenCalledWith(taskUuid);
    expect(await logRows(t)).toEqual([
      { action: 'hide', task_uuid: taskUuid, user_uuid: null, reason: 'Selling counterfeit goods' },
    ]);
    // The reporter learns the outcome; the anonymous one has no follow-up.
    await new Promise((resolve) => setImmediate(resolve));
    expect(pushed).toEqual([
      {
        handler: 'reports.decided',
        task_uuid: taskUuid,
        task_identifier: identifier,
        task_title: 'Cheap watches, write me',
        status: 'action_taken',
      },
    ]);
    unsubscribe();
    publishTask.mockRestore();

    const visitor = await agent(t.app).get(`/api/tasks/${identifier}`, EN);
    expect(visitor.statusCode).toBe(410);
    expect(visitor.json().message).toBe('This task was removed by moderation.');
    expect((await reporterAgent.get(`/api/tasks/${taskUuid}`)).statusCode).toBe(410);
    // Nor can anyone act on it.
    expect(
      (await reporterAgent.post(`/api/tasks/${taskUuid}/report`, { message: 'again' })).statusCode,
    ).toBe(410);

    const ownerView = await (await loggedInAgent(t.app, owner)).get(`/api/tasks/${identifier}`);
    expect(ownerView.statusCode).toBe(200);
    expect(ownerView.json().data.moderation).toEqual({
      hidden_at: expect.any(String),
      reason: 'Selling counterfeit goods',
    });
    const modView = await moderator.get(`/api/tasks/${identifier}`);
    expect(modView.statusCode).toBe(200);
  });

  it('leaves every list and count: task list, search, author filter, the sidebar weekly numbers', async () => {
    const list = await agent(t.app).get(`/api/tasks?per_page=50`);
    expect(list.json().data.map((x: { uuid: string }) => x.uuid)).not.toContain(taskUuid);
    const search = await agent(t.app).get(`/api/tasks?q=watches`);
    expect(search.json().data).toEqual([]);
    expect(search.json().meta.total).toBe(0);
    const categories = await agent(t.app).get('/api/categories');
    const find = (nodes: { id: number; tasks_count: number; children?: unknown[] }[]): number =>
      nodes.reduce(
        (n, c) =>
          c.id === categoryId
            ? c.tasks_count
            : n + find((c.children ?? []) as { id: number; tasks_count: number }[]),
        0,
      );
    // The category counts its tasks but the hidden one.
    const [{ n }] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int - 1 AS n FROM tasks WHERE category_id = $1',
      [categoryId],
    );
    expect(find(categories.json().data)).toBe(n);
    const profile = await agent(t.app).get(`/api/users/${owner.uuid}`);
    if (profile.statusCode === 200) {
      expect(JSON.stringify(profile.json())).not.toContain('Cheap watches');
    }
  });

  it("closes a hidden task's chat to the freelancer; its owner keeps it", async () => {
    const freelancer = await createUser(t.db, { is_freelancer: true });
    const task = await createTask(t.db, { author_uuid: owner.uuid, category_id: categoryId });
    await createOffer(t.db, { task_uuid: task.uuid, freelancer_uuid: freelancer.uuid });
    const ownerAgent = await loggedInAgent(t.app, owner);
    const opened = await ownerAgent.post(
      `/api/chat/conversations/task/${task.uuid}/${freelancer.uuid}`,
    );
    expect(opened.statusCode).toBe(201);
    const conversation = opened.json().data.uuid as string;
    const freelancerAgent = await loggedInAgent(t.app, freelancer);
    expect((await freelancerAgent.get(`/api/chat/conversations/${conversation}`)).statusCode).toBe(
      200,
    );
    await moderator.post(`/api/moderation/tasks/${task.uuid}/hide`, { reason: 'Spam offers' });
    expect((await freelancerAgent.get(`/api/chat/conversations/${conversation}`)).statusCode).toBe(
      410,
    );
    const list = await freelancerAgent.get('/api/chat/conversations');
    expect(list.json().data).toEqual([]);
    expect((await ownerAgent.get(`/api/chat/conversations/${conversation}`)).statusCode).toBe(200);
    await moderator.post(`/api/moderation/tasks/${task.uuid}/restore`, {});
    await t.db.query('DELETE FROM moderation_log WHERE task_uuid = $1', [task.uuid]);
  });

  it('moves decided reports to the closed queue and tells the reporter in /api/me/reports', async () => {
    const closed = (await moderator.get('/api/moderation/reports?status=closed')).json().data;
    expect(closed.counts).toMatchObject({ open_reports: 0, closed_reports: 2, closed_tasks: 1 });
    expect(closed.groups[0].reports.map((r: { status: string }) => r.status)).toEqual([
      'action_taken',
      'action_taken',
    ]);
    const mine = await reporterAgent.get('/api/me/reports');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toEqual([
      {
        id: expect.any(Number),
        subject: 'task',
        message: 'Spam.',
        created_at: expect.any(String),
        status: 'action_taken',
        decided_at: expect.any(String),
        task: { uuid: taskUuid, identifier, title: 'Cheap watches, write me' },
      },
    ]);
    expect((await agent(t.app).get('/api/me/reports')).statusCode).toBe(401);
  });

  it('restores a hidden task (idempotent, logged once), and dismisses reports', async () => {
    const first = await moderator.post(`/api/moderation/tasks/${taskUuid}/restore`, {});
    expect(first.statusCode).toBe(200);
    expect(first.json().data.hidden_at).toBeNull();
    expect((await moderator.post(`/api/moderation/tasks/${taskUuid}/restore`, {})).statusCode).toBe(
      200,
    );
    expect((await agent(t.app).get(`/api/tasks/${identifier}`)).statusCode).toBe(200);
    expect((await logRows(t)).map((r) => r.action)).toEqual(['hide', 'restore']);

    const second = await createUser(t.db);
    await (
      await loggedInAgent(t.app, second)
    ).post(`/api/tasks/${taskUuid}/report`, { message: 'Hmm' });
    const dismissed = await moderator.post(`/api/moderation/tasks/${taskUuid}/dismiss`, {
      reason: 'Not against the rules',
    });
    expect(dismissed.json().data).toMatchObject({ hidden_at: null, decided_reports: 1 });
    const [row] = await t.db.query<{ status: string }>(
      "SELECT status FROM reports WHERE reporter_key = 'user:' || $1",
      [second.uuid],
    );
    expect(row.status).toBe('dismissed');
    expect((await agent(t.app).get(`/api/tasks/${identifier}`)).statusCode).toBe(200);
    expect((await logRows(t)).map((r) => r.action)).toEqual(['hide', 'restore', 'dismiss']);
  });
});

describe('suspending a user', () => {
  let t: TestApp;
  let moderatorUser: TestUser;
  let moderator: Agent;
  let bad: TestUser;
  let badSession: Agent;
  let openTask: string;
  let doneTask: string;
  let othersTask: string;

  beforeAll(async () => {
    t = await buildTestApp();
    moderatorUser = await createModerator(t);
    moderator = await loggedInAgent(t.app, moderatorUser);
    bad = await createUser(t.db, { is_freelancer: true });
    badSession = await loggedInAgent(t.app, bad);
    openTask = (await createTask(t.db, { author_uuid: bad.uuid })).uuid;
    doneTask = (await createTask(t.db, { author_uuid: bad.uuid, status: 'completed' })).uuid;
    othersTask = (await createTask(t.db)).uuid;
    await createOffer(t.db, { task_uuid: othersTask, freelancer_uuid: bad.uuid });
    await agent(t.app).post(`/api/tasks/${openTask}/report`, { message: 'Fraud' });
  });
  afterAll(() => t.close());

  it('ends their sessions at once, hides their open tasks and withdraws their offers', async () => {
    expect((await badSession.get('/api/me')).statusCode).toBe(200);
    const res = await moderator.post(`/api/moderation/users/${bad.uuid}/suspend`, {
      reason: 'Fraudulent offers',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      uuid: bad.uuid,
      suspended_at: expect.any(String),
      hidden_tasks: 1,
      withdrawn_offers: 1,
    });
    expect(await t.db.query('SELECT 1 FROM sessions WHERE user_uuid = $1', [bad.uuid])).toEqual([]);
    expect((await badSession.get('/api/me')).statusCode).toBe(401);
    expect((await agent(t.app).get(`/api/tasks/${openTask}`)).statusCode).toBe(410);
    // A finished task stays: it is the record of work done with others.
    expect((await agent(t.app).get(`/api/tasks/${doneTask}`)).statusCode).toBe(200);
    const offers = await t.db.query('SELECT 1 FROM offers WHERE task_uuid = $1', [othersTask]);
    expect(offers).toEqual([]);
    const [report] = await t.db.query<{ status: string }>(
      'SELECT status FROM reports WHERE task_uuid = $1',
      [openTask],
    );
    expect(report.status).toBe('action_taken');
  });

  it('refuses their login with a translated error', async () => {
    const res = await agent(t.app).post(
      '/api/login',
      { email: bad.email, password: bad.password },
      EN,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email[0]).toMatch(/suspended/i);
    // A wrong password still says only that the credentials do not match.
    const wrong = await agent(t.app).post(
      '/api/login',
      { email: bad.email, password: 'not-the-password' },
      EN,
    );
    expect(wrong.json().errors.email[0]).not.toMatch(/suspended/i);
  });

  it('is idempotent: a second suspension changes nothing and writes no audit row', async () => {
    const before = await t.db.query<{ suspended_at: Date }>(
      'SELECT suspended_at FROM users WHERE uuid = $1',
      [bad.uuid],
    );
    const res = await moderator.post(`/api/moderation/users/${bad.uuid}/suspend`, {
      reason: 'Again',
    });
    expect(res.statusCode).toBe(200);
    const after = await t.db.query<{ suspended_at: Date }>(
      'SELECT suspended_at FROM users WHERE uuid = $1',
      [bad.uuid],
    );
    expect(after).toEqual(before);
    expect((await logRows(t)).map((r) => r.action)).toEqual(['suspend']);
  });

  it('never suspends a moderator', async () => {
    const res = await moderator.post(`/api/moderation/users/${moderatorUser.uuid}/suspend`, {
      reason: 'Testing myself',
    });
    expect(res.statusCode).toBe(403);
  });

  it('unsuspends: they log in again and the tasks the suspension hid come back', async () => {
    const res = await moderator.post(`/api/moderation/users/${bad.uuid}/unsuspend`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ suspended_at: null, restored_tasks: 1 });
    expect((await agent(t.app).get(`/api/tasks/${openTask}`)).statusCode).toBe(200);
    const again = agent(t.app);
    expect((await again.login(bad.email, bad.password)).statusCode).toBe(200);
    expect((await logRows(t)).map((r) => r.action)).toEqual(['suspend', 'unsuspend']);
    const log = (await moderator.get('/api/moderation/log')).json().data;
    expect(log[0]).toMatchObject({
      action: 'unsuspend',
      moderator: { uuid: moderatorUser.uuid },
      user: { uuid: bad.uuid },
    });
    expect(log[1]).toMatchObject({ action: 'suspend', reason: 'Fraudulent offers' });
  });
});

describe('paging the queue and the log (keyset cursors)', () => {
  let t: TestApp;
  let moderator: Agent;
  let owner: TestUser;
  /** Task uuids in the open queue's order (first reported first). */
  const queued: string[] = [];

  type Page = { groups: { task: { uuid: string } }[]; next_cursor: string | null };
  const uuidsOf = (page: Page) => page.groups.map((g) => g.task.uuid);

  const walk = (path: string, perPage: number) => keysetPages(moderator, path, perPage);

  beforeAll(async () => {
    t = await buildTestApp();
    moderator = await loggedInAgent(t.app, await createModerator(t));
    owner = await createUser(t.db);
    // Five reported tasks; two of them first reported in the same microsecond (the uuid decides).
    for (let i = 0; i < 5; i += 1) {
      const task = await createTask(t.db, { author_uuid: owner.uuid, title: `Reported ${i}` });
      const at = i === 3 ? '2026-01-01T10:00:02Z' : `2026-01-01T10:00:0${Math.min(i, 2)}Z`;
      await t.db.query(
        `INSERT INTO reports (task_uuid, reporter_key, message, created_at)
         VALUES ($1, $2, 'Spam.', $3::timestamptz + make_interval(secs => 0.000001 * $4))`,
        [task.uuid, `anon:${i}`, at, i === 3 || i === 2 ? 0 : i],
      );
      queued.push(task.uuid);
    }
    const tied = queued.slice(2, 4).sort();
    queued.splice(2, 2, ...tied);
  });
  afterAll(() => t.close());

  it('the open queue: pages of per_page groups, each after the last, none twice, none left out', async () => {
    const pages = await walk('/api/moderation/reports?status=open', 2);
    expect(pages).toHaveLength(3);
    expect(pages.flatMap((p) => uuidsOf(p.data as Page))).toEqual(queued);
    expect((pages[2].data as Page).next_cursor).toBeNull();
    // The counts are the whole queue's on every page.
    expect(
      pages.map((p) => (p.data as { counts: { open_tasks: number } }).counts.open_tasks),
    ).toEqual([5, 5, 5]);
  });

  it('a group decided between two pages moves nothing: the next page starts where the last ended', async () => {
    const first = (await moderator.get('/api/moderation/reports?per_page=2')).json().data as Page;
    expect(uuidsOf(first)).toEqual(queued.slice(0, 2));
    const dismissed = await moderator.post(`/api/moderation/tasks/${queued[0]}/dismiss`, {
      reason: 'Not spam after all.',
    });
    expect(dismissed.statusCode).toBe(200);
    const second = (
      await moderator.get(`/api/moderation/reports?per_page=2&cursor=${first.next_cursor}`)
    ).json().data as Page;
    expect(uuidsOf(second)).toEqual(queued.slice(2, 4));
  });

  it('the closed queue and the log page the same way, latest first', async () => {
    for (const uuid of queued.slice(1, 3)) {
      await moderator.post(`/api/moderation/tasks/${uuid}/hide`, { reason: 'Spam, hidden.' });
    }
    const closed = await walk('/api/moderation/reports?status=closed', 1);
    expect(closed.flatMap((p) => uuidsOf(p.data as Page))).toEqual([
      queued[2],
      queued[1],
      queued[0],
    ]);
    const log = await walk('/api/moderation/log', 2);
    expect(log).toHaveLength(2);
    const entries = log.flatMap((p) => p.data as { action: string; task: { uuid: string } }[]);
    expect(entries.map((e) => [e.action, e.task.uuid])).toEqual([
      ['hide', queued[2]],
      ['hide', queued[1]],
      ['dismiss', queued[0]],
    ]);
    expect(log[1].meta).toEqual({ next_cursor: null });
    // Without per_page a page is 100: all of it at once.
    expect((await moderator.get('/api/moderation/log')).json()).toMatchObject({
      meta: { next_cursor: null },
    });
  });

  it('refuses a cursor it did not make, and a bad per_page, with 422 on the field', async () => {
    const forged = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');
    for (const cursor of [
      'nonsense!',
      forged(['2026-02-30T10:00:00.000000Z', queued[0]]),
      forged(['2026-01-01T10:00:00.000000Z', 'not-a-uuid']),
      forged({ at: 1 }),
      'x'.repeat(300),
    ]) {
      const res = await moderator.get(`/api/moderation/reports?cursor=${cursor}`, EN);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.cursor).toEqual(['This value is not valid.']);
    }
    const logCursor = forged(['2026-01-01T10:00:00.000000Z', queued[0]]);
    expect((await moderator.get(`/api/moderation/log?cursor=${logCursor}`)).statusCode).toBe(422);
    for (const perPage of ['0', '101', '1.5', 'many']) {
      const res = await moderator.get(`/api/moderation/log?per_page=${perPage}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.per_page).toBeDefined();
    }
  });
});
