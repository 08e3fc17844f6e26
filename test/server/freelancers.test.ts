import type { FreelancerCard, Paginated } from '../../src/shared/types';
import type { Db } from '../../src/server/db/db';
import {
  buildTestApp,
  createCategory,
  createOffer,
  createTask,
  createUser,
  type TestApp,
  type TestUser,
  type UserInput,
} from '../support/server';

let t: TestApp;
const DAY = 24 * 3600 * 1000;
const users: Record<string, TestUser> = {};
const cats: Record<string, { id: number; slug: string }> = {};

async function freelancer(
  db: Db,
  input: UserInput & { categories: number[]; languages: string[]; days: number },
): Promise<TestUser> {
  const { categories, languages, days, ...rest } = input;
  const user = await createUser(db, { is_freelancer: true, ...rest });
  await db.query(
    `UPDATE users SET categories = $2::int[], languages = $3::text[], created_at = $4
      WHERE uuid = $1`,
    [user.uuid, categories, languages, new Date(Date.now() - days * DAY).toISOString()],
  );
  return user;
}

/** A completed (or other status) task whose chosen offer belongs to the freelancer. */
async function chosenOn(db: Db, freelancerUuid: string, status: string) {
  const task = await createTask(db, { status, category_id: cats.other.id });
  await createOffer(db, {
    task_uuid: task.uuid,
    freelancer_uuid: freelancerUuid,
    chosen_at: new Date(),
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  cats.parent = await createCategory(t.db, {
    slug: 'fl-parent',
    title: { lv: 'Remonts', en: 'Repair' },
  });
  cats.child = await createCategory(t.db, {
    slug: 'fl-child',
    parent_id: cats.parent.id,
    title: { lv: 'Santehnika', en: 'Plumbing' },
  });
  cats.other = await createCategory(t.db, { slug: 'fl-other', title: { lv: 'Cits', en: 'Other' } });

  users.f1 = await freelancer(t.db, {
    full_name: 'Jānis Ozols',
    freelancer_rating: 4.9,
    categories: [cats.child.id],
    languages: ['lv', 'en'],
    days: 10,
    last_seen_at: new Date(),
    photo_path: 'profiles/f1/p.png',
  });
  users.f2 = await freelancer(t.db, {
    full_name: 'Mari Tamm',
    freelancer_rating: 4.5,
    categories: [cats.parent.id],
    languages: ['ru'],
    days: 5,
  });
  users.f3 = await freelancer(t.db, {
    full_name: 'SIA Remontdarbi',
    display_name: 'Remontdarbi',
    is_legal: true,
    freelancer_rating: null,
    categories: [cats.other.id],
    languages: ['en', 'et'],
    days: 1,
  });
  // Never listed: a deleted freelancer and a customer who once picked categories.
  await freelancer(t.db, {
    categories: [cats.child.id],
    languages: ['lv'],
    days: 2,
    freelancer_rating: 5,
    deleted_at: new Date(),
  });
  await freelancer(t.db, {
    categories: [cats.child.id],
    languages: ['lv'],
    days: 3,
    is_freelancer: false,
  });

  await chosenOn(t.db, users.f2.uuid, 'completed');
  await chosenOn(t.db, users.f2.uuid, 'completed');
  await chosenOn(t.db, users.f1.uuid, 'completed');
  await chosenOn(t.db, users.f1.uuid, 'in_progress');
  await chosenOn(t.db, users.f3.uuid, 'incomplete');
  // An offer that was not chosen on a completed task does not count.
  const done = await createTask(t.db, { status: 'completed', category_id: cats.other.id });
  await createOffer(t.db, { task_uuid: done.uuid, freelancer_uuid: users.f3.uuid });
});
afterAll(() => t.close());

const list = async (query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/freelancers${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as Paginated<FreelancerCard>;
};
const names = async (query = '') => {
  const byUuid = new Map(Object.entries(users).map(([k, u]) => [u.uuid, k]));
  return (await list(query)).data.map((f) => byUuid.get(f.uuid));
};

describe('GET /api/freelancers', () => {
  it('lists active freelancers only, best rated first, unrated last, with meta', async () => {
    const body = await list();
    expect(body.data.map((f) => f.uuid)).toEqual([users.f1.uuid, users.f2.uuid, users.f3.uuid]);
    expect(body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 12, total: 3 });
  });

  it('answers the card shape with localised categories and completed tasks', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/freelancers?locale=en' });
    const [f1, , f3] = (res.json() as Paginated<FreelancerCard>).data;
    expect(f1).toEqual({
      uuid: users.f1.uuid,
      display_name: 'Jānis O.',
      photo: { thumbnail: '/uploads/profiles/f1/p.png' },
      is_legal: false,
      is_online: true,
      freelancer_rating: 4.9,
      categories: [{ id: cats.child.id, slug: 'fl-child', title: 'Plumbing' }],
      languages: ['lv', 'en'],
      completed_tasks_count: 1,
    });
    expect(f3).toMatchObject({
      display_name: 'Remontdarbi',
      is_legal: true,
      is_online: false,
      photo: null,
      freelancer_rating: null,
      completed_tasks_count: 0,
      categories: [{ id: cats.other.id, slug: 'fl-other', title: 'Other' }],
    });
  });

  it('sorts by rating, completed tasks and newest, in both directions', async () => {
    expect(await names('?sort_by=freelancer_rating&sort_dir=desc')).toEqual(['f1', 'f2', 'f3']);
    expect(await names('?sort_by=freelancer_rating&sort_dir=asc')).toEqual(['f2', 'f1', 'f3']);
    expect(await names('?sort_by=completed_tasks')).toEqual(['f2', 'f1', 'f3']);
    expect(await names('?sort_by=completed_tasks&sort_dir=asc')).toEqual(['f3', 'f1', 'f2']);
    expect(await names('?sort_by=newest&sort_dir=desc')).toEqual(['f3', 'f2', 'f1']);
    expect(await names('?sort_by=newest&sort_dir=asc')).toEqual(['f1', 'f2', 'f3']);
  });

  it('filters by category: the category, its parent and its children match', async () => {
    // f1 offers the child itself, f2 the whole parent.
    expect(await names('?categories=fl-child')).toEqual(['f1', 'f2']);
    // A parent search shows who offers any of its children.
    expect(await names('?categories=fl-parent')).toEqual(['f1', 'f2']);
    expect(await names('?categories=fl-other')).toEqual(['f3']);
  });

  it('filters by languages (any of them), in every list form', async () => {
    expect(await names('?languages=lv&languages=ru')).toEqual(['f1', 'f2']);
    expect(await names('?languages[]=et')).toEqual(['f3']);
    expect(await names('?languages=en')).toEqual(['f1', 'f3']);
    expect(await names('?languages=tr')).toEqual([]);
  });

  it('takes the exact link the task page builds', async () => {
    const body = await list(
      '?categories=fl-child&languages=lv&languages=ru&sort_by=freelancer_rating&sort_dir=desc&page=1',
    );
    expect(body.data.map((f) => f.uuid)).toEqual([users.f1.uuid, users.f2.uuid]);
  });

  it('paginates', async () => {
    const page = await list('?per_page=2&page=2');
    expect(page.data.map((f) => f.uuid)).toEqual([users.f3.uuid]);
    expect(page.meta).toEqual({ current_page: 2, last_page: 2, per_page: 2, total: 3 });
  });

  it.each([
    ['sort_by=bogus', 'sort_by'],
    ['sort_dir=up', 'sort_dir'],
    ['page=0', 'page'],
    ['per_page=51', 'per_page'],
    ['languages=xx', 'languages'],
    ['categories=no-such-category', 'categories'],
  ])('answers 422 with a field error for %s', async (query, field) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/freelancers?${query}` });
    expect(res.statusCode).toBe(422);
    expect(Object.keys((res.json() as { errors: Record<string, string[]> }).errors)).toEqual([
      field,
    ]);
  });
});
