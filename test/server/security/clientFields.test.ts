/**
 * ASVS 8.2.3: fields a client must not set are ignored on every write. Each request carries a
 * valid form plus the server-owned fields (status, author, chosen_at, ratings, views_count, ...)
 * with hostile values; the write succeeds and the stored row keeps the server's values.
 */
import sharp from 'sharp';
import {
  buildTestApp,
  createCategory,
  createOffer,
  createTask,
  createUser,
  loggedInAgent,
  type Agent,
  type TestApp,
  type TestUser,
} from '../../support/server';
import { multipartBody } from './support';

let t: TestApp;
let owner: TestUser;
let freelancer: TestUser;
let intruder: TestUser;
let ownerAgent: Agent;
let freelancerAgent: Agent;
let category: { id: number };
let png: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db);
  freelancer = await createUser(t.db, { is_freelancer: true });
  intruder = await createUser(t.db, { is_freelancer: true });
  category = await createCategory(t.db);
  ownerAgent = await loggedInAgent(t.app, owner);
  freelancerAgent = await loggedInAgent(t.app, freelancer);
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

/** Server-owned task columns, with values a client might try to force. */
const forgedTask = () => ({
  uuid: '00000000-0000-4000-8000-000000000001',
  identifier: 'TKHACK01',
  status: 'completed',
  author_uuid: intruder.uuid,
  'author[uuid]': intruder.uuid,
  user_id: intruder.uuid,
  chosen_at: '2020-01-01T00:00:00Z',
  views_count: '99999',
  offers_count: '42',
  awaiting_action: 'true',
  created_at: '2000-01-01T00:00:00Z',
  customer_rating: '1',
  freelancer_rating: '1',
  deleted_at: '2020-01-01T00:00:00Z',
});

const taskForm = (title: string) => ({
  category_id: String(category.id),
  title,
  description: 'The kitchen tap drips all night.',
  'languages[]': 'lv',
  due_type: 'end',
  due_end: '2035-06-02T17:30:00',
  location_type: 'anywhere',
  budget_from: '50',
  budget_to: '120',
});

interface TaskRow {
  uuid: string;
  identifier: string;
  status: string;
  author_uuid: string;
  views_count: number;
  awaiting_action: boolean;
  old: boolean;
}
const taskRow = async (where: string, value: string): Promise<TaskRow | undefined> =>
  (
    await t.db.query<TaskRow>(
      `SELECT uuid, identifier, status, author_uuid, views_count, awaiting_action,
              created_at < now() - interval '1 day' AS old
         FROM tasks WHERE ${where} = $1`,
      [value],
    )
  )[0];

describe('task writes (multipart)', () => {
  it('create ignores status, author, identifier, uuid, counters and dates', async () => {
    const { payload, headers } = await multipartBody({
      ...taskForm('Forged create'),
      ...forgedTask(),
      'images[]': { data: png, name: 'a.png', type: 'image/png' },
    });
    const res = await ownerAgent.request('POST', '/api/tasks', payload, { headers });
    expect(res.statusCode).toBe(201);
    const row = await taskRow('title', 'Forged create');
    expect(row).toMatchObject({
      status: 'open',
      author_uuid: owner.uuid,
      views_count: 0,
      awaiting_action: false,
      old: false,
    });
    expect(row!.uuid).not.toBe(forgedTask().uuid);
    expect(row!.identifier).not.toBe('TKHACK01');
    expect(
      await t.db.query('SELECT 1 FROM users WHERE uuid = $1 AND deleted_at IS NOT NULL', [
        owner.uuid,
      ]),
    ).toEqual([]);
  });

  it('update (both the _method=PUT form and PUT) keeps the server-owned columns', async () => {
    const task = await createTask(t.db, { author_uuid: owner.uuid, views_count: 7 });
    const before = await taskRow('uuid', task.uuid);
    for (const [method, extra] of [
      ['POST', { _method: 'PUT' }],
      ['PUT', {}],
    ] as const) {
      const { payload, headers } = await multipartBody({
        ...taskForm(`Forged update ${method}`),
        ...forgedTask(),
        ...extra,
      });
      const res = await ownerAgent.request(method, `/api/tasks/${task.uuid}`, payload, { headers });
      expect(res.statusCode).toBe(200);
      const after = await taskRow('uuid', task.uuid);
      expect(after).toEqual({ ...before, old: before!.old });
      expect((res.json() as { data: { title: string; status: string } }).data).toMatchObject({
        title: `Forged update ${method}`,
        status: 'open',
      });
    }
  });
});

describe('offer writes', () => {
  const forgedOffer = () => ({
    uuid: '00000000-0000-4000-8000-000000000002',
    task_uuid: '00000000-0000-4000-8000-000000000003',
    freelancer_uuid: intruder.uuid,
    'freelancer[uuid]': intruder.uuid,
    chosen_at: '2020-01-01T00:00:00Z',
    hash: 'forged',
    created_at: '2000-01-01T00:00:00Z',
    rating: 1,
  });
  interface OfferRow {
    uuid: string;
    task_uuid: string;
    freelancer_uuid: string;
    chosen_at: Date | null;
    price: number;
    old: boolean;
  }
  const offersOf = (taskUuid: string) =>
    t.db.query<OfferRow>(
      `SELECT uuid, task_uuid, freelancer_uuid, chosen_at, price::float AS price,
              created_at < now() - interval '1 day' AS old
         FROM offers WHERE task_uuid = $1`,
      [taskUuid],
    );

  it('create ignores the freelancer, task, uuid, chosen_at and dates', async () => {
    const task = await createTask(t.db, { author_uuid: owner.uuid });
    const res = await freelancerAgent.post(`/api/tasks/${task.uuid}/offers`, {
      description: 'I can do it tomorrow morning.',
      price: 80,
      notify_if_not_chosen: false,
      ...forgedOffer(),
    });
    expect(res.statusCode).toBe(201);
    const rows = await offersOf(task.uuid);
    expect(rows).toEqual([
      {
        uuid: expect.not.stringMatching(forgedOffer().uuid),
        task_uuid: task.uuid,
        freelancer_uuid: freelancer.uuid,
        chosen_at: null,
        price: 80,
        old: false,
      },
    ]);
    expect(await offersOf(forgedOffer().task_uuid)).toEqual([]);
  });

  it('update ignores them too', async () => {
    const task = await createTask(t.db, { author_uuid: owner.uuid });
    const offer = await createOffer(t.db, {
      task_uuid: task.uuid,
      freelancer_uuid: freelancer.uuid,
    });
    const res = await freelancerAgent.put(`/api/tasks/${task.uuid}/offers/${offer.uuid}`, {
      description: 'Changed: I can do it today.',
      price: 90,
      notify_if_not_chosen: true,
      ...forgedOffer(),
    });
    expect(res.statusCode).toBe(200);
    expect(await offersOf(task.uuid)).toEqual([
      {
        uuid: offer.uuid,
        task_uuid: task.uuid,
        freelancer_uuid: freelancer.uuid,
        chosen_at: null,
        price: 90,
        old: false,
      },
    ]);
  });
});

describe('other writes', () => {
  it('profile update ignores email, roles, ratings, password and deletion', async () => {
    const user = await createUser(t.db);
    const a = await loggedInAgent(t.app, user);
    const res = await a.put('/api/me/profile', {
      display_name: 'New N.',
      phone_number: '+371 20000009',
      languages: ['lv'],
      email: 'forged@example.test',
      is_freelancer: true,
      is_legal: true,
      customer_rating: 5,
      freelancer_rating: 5,
      password_hash: 'scrypt$1$1$1$AA==$AA==',
      deleted_at: '2020-01-01T00:00:00Z',
      uuid: intruder.uuid,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.query<Record<string, unknown>>(
      `SELECT email, display_name, is_freelancer, is_legal, customer_rating, freelancer_rating,
              password_hash = $2 AS same_hash, deleted_at
         FROM users WHERE uuid = $1`,
      [user.uuid, user.password_hash],
    );
    expect(row).toEqual({
      email: user.email,
      display_name: 'New N.',
      is_freelancer: false,
      is_legal: false,
      customer_rating: null,
      freelancer_rating: null,
      same_hash: true,
      deleted_at: null,
    });
  });

  it('a completion review ignores author, target, its role and the users’ stored ratings', async () => {
    const task = await createTask(t.db, {
      author_uuid: owner.uuid,
      status: 'in_progress',
      awaiting_action: true,
    });
    const offer = await createOffer(t.db, {
      task_uuid: task.uuid,
      freelancer_uuid: freelancer.uuid,
    });
    await t.db.query('UPDATE offers SET chosen_at = now() WHERE uuid = $1', [offer.uuid]);
    const res = await ownerAgent.post(`/api/tasks/${task.uuid}/complete`, {
      status: 'completed',
      rate: 4,
      feedback: 'Quick and tidy work.',
      author_uuid: intruder.uuid,
      target_uuid: intruder.uuid,
      target_role: 'customer',
      customer_rating: 1,
      freelancer_rating: 1,
      task_status: 'completed',
    });
    expect(res.statusCode).toBe(200);
    const reviews = await t.db.query(
      'SELECT author_uuid, target_uuid, target_role, rate FROM reviews WHERE task_uuid = $1',
      [task.uuid],
    );
    expect(reviews).toEqual([
      { author_uuid: owner.uuid, target_uuid: freelancer.uuid, target_role: 'freelancer', rate: 4 },
    ]);
    const ratings = await t.db.query<{ uuid: string; customer_rating: unknown }>(
      'SELECT uuid, customer_rating FROM users WHERE uuid = ANY($1::uuid[]) ORDER BY uuid',
      [[owner.uuid, intruder.uuid]],
    );
    expect(ratings.map((r) => r.customer_rating)).toEqual([null, null]);
  });

  it('a chat message ignores sender, read_at and dates', async () => {
    const task = await createTask(t.db, { author_uuid: owner.uuid });
    await createOffer(t.db, { task_uuid: task.uuid, freelancer_uuid: freelancer.uuid });
    const opened = await ownerAgent.post(
      `/api/chat/conversations/task/${task.uuid}/${freelancer.uuid}`,
    );
    expect(opened.statusCode).toBe(201);
    const conversation = (opened.json() as { data: { uuid: string } }).data.uuid;
    const res = await ownerAgent.post(`/api/chat/conversations/${conversation}/messages`, {
      body: 'Hello',
      sender_uuid: freelancer.uuid,
      read_at: '2020-01-01T00:00:00Z',
      created_at: '2000-01-01T00:00:00Z',
      conversation_uuid: '00000000-0000-4000-8000-000000000004',
    });
    expect(res.statusCode).toBe(201);
    const rows = await t.db.query(
      `SELECT conversation_uuid, sender_uuid, read_at, created_at > now() - interval '1 hour' AS fresh
         FROM chat_messages WHERE conversation_uuid = $1`,
      [conversation],
    );
    expect(rows).toEqual([
      { conversation_uuid: conversation, sender_uuid: owner.uuid, read_at: null, fresh: true },
    ]);
  });
});
