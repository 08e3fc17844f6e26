/**
 * Task alerts (issue 20): the API's roles and validation, matching after a task write (category
 * tree, radius edge, languages, budget, once per task, never the owner, never a suspended or
 * deleted account, an edit into a matching shape), the push notice, "Tasks for you" and the
 * daily email cap with an injected clock.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TaskAlert } from '../../src/shared/alerts';
import type { Paginated, TaskSummary } from '../../src/shared/types';
import { matchTask, type MatchDeps } from '../../src/server/alerts/alerts';
import { outboxDirOf } from '../../src/server/auth/mail';
import {
  agent,
  buildTestApp,
  createCategory,
  createTask,
  createUser,
  loggedInAgent,
  type Agent,
  type TaskInput,
  type TestApp,
  type TestUser,
} from '../support/server';
import { validTaskFields } from '../support/taskFields';

jest.setTimeout(60_000);

let t: TestApp;
let parent: { id: number };
let child: { id: number };
let sibling: { id: number };

const RIGA = { lat: 56.95, lng: 24.11 };
const KM_PER_DEGREE = (Math.PI * 6371) / 180;
const north = (km: number) => ({ lat: RIGA.lat + km / KM_PER_DEGREE, lng: RIGA.lng });

beforeAll(async () => {
  t = await buildTestApp();
  parent = await createCategory(t.db);
  child = await createCategory(t.db, { parent_id: parent.id });
  sibling = await createCategory(t.db, { parent_id: parent.id });
});
afterAll(() => t.close());
afterEach(() => jest.restoreAllMocks());

const alertBody = (over: Record<string, unknown> = {}) => ({
  categories: [parent.id],
  location_type: 'specific',
  address: 'Brīvības iela 1, Rīga',
  lat: RIGA.lat,
  lng: RIGA.lng,
  radius_km: 10,
  languages: ['lv'],
  budget_min: 50,
  ...over,
});

async function freelancerWithAlert(
  over: Record<string, unknown> = {},
): Promise<{ user: TestUser; agent: Agent; alert: TaskAlert }> {
  const user = await createUser(t.db, { is_freelancer: true });
  const a = await loggedInAgent(t.app, user);
  const res = await a.post('/api/alerts', alertBody(over));
  expect(res.statusCode).toBe(201);
  return { user, agent: a, alert: res.json<{ data: TaskAlert }>().data };
}

const deps = (over: Partial<MatchDeps> = {}): MatchDeps => ({
  db: t.db,
  log: t.app.log,
  publicUrl: 'http://talka.test',
  ...over,
});

/** A task in Rīga in the child category, matched as a task write would. */
async function postTask(input: TaskInput = {}, over: Partial<MatchDeps> = {}) {
  const task = await createTask(t.db, {
    category_id: child.id,
    locations: [{ address: 'Rīga', ...RIGA }],
    languages: ['lv'],
    budget_from: 40,
    budget_to: 60,
    ...input,
  });
  const reached = await matchTask(deps(over), task.uuid);
  return { task, reached };
}

describe('the alerts API', () => {
  it('answers 401 to a visitor and 403 to a signed-in customer on every route', async () => {
    const visitor = agent(t.app);
    const customer = await loggedInAgent(t.app, await createUser(t.db));
    const calls = (a: Agent) => [
      a.get('/api/alerts'),
      a.post('/api/alerts', alertBody()),
      a.put('/api/alerts/1', alertBody()),
      a.delete('/api/alerts/1'),
      a.get('/api/alerts/matches'),
    ];
    for (const res of await Promise.all(calls(visitor))) expect(res.statusCode).toBe(401);
    for (const res of await Promise.all(calls(customer))) expect(res.statusCode).toBe(403);
  });

  it('lets a freelancer create, list, change and delete their alerts', async () => {
    const { agent: a, alert } = await freelancerWithAlert();
    expect(alert).toMatchObject({
      categories: [parent.id],
      location_type: 'specific',
      radius_km: 10,
      languages: ['lv'],
      budget_min: 50,
    });
    const list = await a.get('/api/alerts');
    expect(list.json<{ data: TaskAlert[] }>().data.map((x) => x.id)).toEqual([alert.id]);
    const changed = await a.put(
      `/api/alerts/${alert.id}`,
      alertBody({ location_type: 'anywhere', address: 'ignored', radius_km: 'x' }),
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json<{ data: TaskAlert }>().data).toMatchObject({
      location_type: 'anywhere',
      address: null,
      lat: null,
      lng: null,
      radius_km: null,
    });
    expect((await a.delete(`/api/alerts/${alert.id}`)).statusCode).toBe(204);
    expect((await a.get('/api/alerts')).json<{ data: TaskAlert[] }>().data).toEqual([]);
  });

  it('answers 404 for another freelancer’s alert, and leaves it alone', async () => {
    const { agent: owner, alert } = await freelancerWithAlert();
    const other = await loggedInAgent(t.app, await createUser(t.db, { is_freelancer: true }));
    expect((await other.put(`/api/alerts/${alert.id}`, alertBody())).statusCode).toBe(404);
    expect((await other.delete(`/api/alerts/${alert.id}`)).statusCode).toBe(404);
    expect((await other.delete('/api/alerts/abc')).statusCode).toBe(404);
    expect((await owner.get('/api/alerts')).json<{ data: TaskAlert[] }>().data).toHaveLength(1);
  });

  it('answers 422 with field errors on bad input', async () => {
    const a = await loggedInAgent(t.app, await createUser(t.db, { is_freelancer: true }));
    const res = await a.post('/api/alerts', {
      categories: [],
      location_type: 'specific',
      radius_km: 500,
      languages: ['xx'],
      budget_min: 12.5,
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<{ errors: object }>().errors).sort()).toEqual([
      'address',
      'budget_min',
      'categories',
      'languages',
      'lat',
      'lng',
      'radius_km',
    ]);
    const unknown = await a.post('/api/alerts', alertBody({ categories: [999_999] }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<{ errors: object }>().errors).toHaveProperty('categories');
  });

  it('refuses a write with a wrong CSRF token (419) and stores nothing', async () => {
    const user = await createUser(t.db, { is_freelancer: true });
    const a = await loggedInAgent(t.app, user);
    const forged = { headers: { 'x-xsrf-token': 'x'.repeat(43) } };
    expect((await a.post('/api/alerts', alertBody(), forged)).statusCode).toBe(419);
    expect((await a.get('/api/alerts')).json<{ data: TaskAlert[] }>().data).toEqual([]);
  });
});

describe('matching a task', () => {
  it('reaches an alert on the parent category, not one on a sibling', async () => {
    const { user: onParent } = await freelancerWithAlert({ categories: [parent.id] });
    const { user: onSibling } = await freelancerWithAlert({ categories: [sibling.id] });
    const { reached } = await postTask();
    expect(reached).toContain(onParent.uuid);
    expect(reached).not.toContain(onSibling.uuid);
  });

  it('reaches a place just inside the radius and not one just outside', async () => {
    const { user } = await freelancerWithAlert({ categories: [sibling.id], radius_km: 10 });
    const outside = await postTask({
      category_id: sibling.id,
      locations: [{ address: 'x', ...north(10.02) }],
    });
    expect(outside.reached).not.toContain(user.uuid);
    const inside = await postTask({
      category_id: sibling.id,
      locations: [{ address: 'x', ...north(9.98) }],
    });
    expect(inside.reached).toContain(user.uuid);
  });

  it('needs a shared language and a budget that reaches the minimum', async () => {
    const { user } = await freelancerWithAlert({
      categories: [sibling.id],
      languages: ['ru'],
      budget_min: 100,
    });
    const base = { category_id: sibling.id, languages: ['ru'], budget_to: 100 };
    expect((await postTask({ ...base, languages: ['lv'] })).reached).not.toContain(user.uuid);
    expect((await postTask({ ...base, budget_to: 99 })).reached).not.toContain(user.uuid);
    expect((await postTask(base)).reached).toContain(user.uuid);
  });

  it('reaches a freelancer once per task, never the owner, a suspended or a deleted user', async () => {
    const { user: fan } = await freelancerWithAlert();
    // A second alert of the same freelancer that matches too.
    await (await loggedInAgent(t.app, fan)).post('/api/alerts', alertBody({ radius_km: 50 }));
    const { user: owner } = await freelancerWithAlert();
    const { user: suspended } = await freelancerWithAlert();
    const { user: deleted } = await freelancerWithAlert();
    await t.db.query('UPDATE users SET suspended_at = now() WHERE uuid = $1', [suspended.uuid]);
    await t.db.query('UPDATE users SET deleted_at = now() WHERE uuid = $1', [deleted.uuid]);
    const { task, reached } = await postTask({ author_uuid: owner.uuid });
    expect(reached.filter((u) => u === fan.uuid)).toHaveLength(1);
    expect(reached).not.toContain(owner.uuid);
    expect(reached).not.toContain(suspended.uuid);
    expect(reached).not.toContain(deleted.uuid);
    // Matched again (an edit): nobody is reached twice.
    expect(await matchTask(deps(), task.uuid)).toEqual([]);
    const [{ count }] = await t.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM task_alert_matches WHERE task_uuid = $1',
      [task.uuid],
    );
    expect(count).toBe(reached.length);
  });

  it('skips a task that is not open or is expired', async () => {
    const { user } = await freelancerWithAlert();
    expect((await postTask({ status: 'in_progress' })).reached).not.toContain(user.uuid);
    expect((await postTask({ due_end: '2001-01-01T00:00:00' })).reached).not.toContain(user.uuid);
  });
});

describe('a task write', () => {
  async function multipart(fields: Record<string, string | string[]>) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
    }
    const response = new Response(form);
    return {
      payload: Buffer.from(await response.arrayBuffer()),
      headers: { 'content-type': response.headers.get('content-type') ?? '' },
    };
  }

  it('pushes a notice to a matching freelancer when a task is created or edited into shape', async () => {
    const category = await createCategory(t.db);
    const { user } = await freelancerWithAlert({ categories: [category.id], budget_min: 500 });
    const customer = await loggedInAgent(t.app, await createUser(t.db));
    const publishUser = jest.spyOn(t.app.push, 'publishUser');

    // Created below the minimum budget: no match.
    const fields = { ...validTaskFields(category.id), budget_to: '120' };
    const created = await customer.request('POST', '/api/tasks', ...(await send(fields)));
    expect(created.statusCode).toBe(201);
    const { uuid, identifier } = created.json<{ data: { uuid: string; identifier: string } }>()
      .data;
    expect(publishUser).not.toHaveBeenCalledWith(user.uuid, expect.anything());

    // Edited into a matching shape: one notice with the task's link data.
    const edited = await customer.request(
      'PUT',
      `/api/tasks/${uuid}`,
      ...(await send({ ...fields, budget_to: '600' })),
    );
    expect(edited.statusCode).toBe(200);
    expect(publishUser).toHaveBeenCalledWith(user.uuid, {
      handler: 'alerts.match',
      task_uuid: uuid,
      task_identifier: identifier,
      task_title: 'Fix a leaking tap',
    });
    // Edited again: not a second time.
    publishUser.mockClear();
    await customer.request(
      'PUT',
      `/api/tasks/${uuid}`,
      ...(await send({ ...fields, budget_to: '700' })),
    );
    expect(publishUser).not.toHaveBeenCalledWith(user.uuid, expect.anything());

    async function send(f: Record<string, string | string[]>) {
      const { payload, headers } = await multipart(f);
      return [payload, { headers }] as const;
    }
  });
});

describe('Tasks for you and the daily email', () => {
  it('lists the matched tasks, newest match first, paged', async () => {
    const { user, agent: a } = await freelancerWithAlert({ categories: [sibling.id] });
    const base = new Date('2030-01-01T10:00:00Z').getTime();
    const first = await postTask({ category_id: sibling.id }, { now: () => new Date(base) });
    const second = await postTask(
      { category_id: sibling.id },
      { now: () => new Date(base + 60_000) },
    );
    expect(first.reached).toContain(user.uuid);
    const res = await a.get('/api/alerts/matches?per_page=1');
    expect(res.statusCode).toBe(200);
    const body = res.json<Paginated<TaskSummary>>();
    expect(body.data.map((x) => x.uuid)).toEqual([second.task.uuid]);
    expect(body.meta).toMatchObject({ total: 2, per_page: 1 });
    const page2 = await a.get('/api/alerts/matches?per_page=1&page=2');
    expect(page2.json<Paginated<TaskSummary>>().data.map((x) => x.uuid)).toEqual([first.task.uuid]);
  });

  it('sends at most one email a day; the next one carries what waited', async () => {
    const category = await createCategory(t.db);
    const { user } = await freelancerWithAlert({ categories: [category.id] });
    const mails = async () =>
      t.db.query<{ body: string; subject: string }>(
        `SELECT subject, body FROM email_outbox
          WHERE to_email = $1 AND template = 'task_alert' ORDER BY id`,
        [user.email],
      );
    const day = 24 * 3600 * 1000;
    let now = new Date('2030-01-01T08:00:00Z').getTime();
    const clock = { now: () => new Date(now), dataDir: t.config.dataDir };

    const a = await postTask({ category_id: category.id, title: 'First task here' }, clock);
    expect(a.reached).toContain(user.uuid);
    expect(await mails()).toHaveLength(1);
    now += day - 60_000;
    await postTask({ category_id: category.id, title: 'Second task here' }, clock);
    expect(await mails()).toHaveLength(1);
    now += 60_000;
    await postTask({ category_id: category.id, title: 'Third task here' }, clock);
    const sent = await mails();
    expect(sent).toHaveLength(2);
    expect(sent[1].body).toContain('Second task here');
    expect(sent[1].body).toContain('Third task here');
    expect(sent[1].body).not.toContain('First task here');
    expect(sent[1].body).toContain('http://talka.test/lv/alerts/matches');
    // Development and tests read it as a file too.
    const files = fs.readdirSync(outboxDirOf(t.config.dataDir));
    const texts = files.map((f) =>
      fs.readFileSync(path.join(outboxDirOf(t.config.dataDir), f), 'utf8'),
    );
    expect(texts.some((x) => x.includes('Third task here'))).toBe(true);
  });
});
