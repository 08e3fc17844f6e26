import type { Paginated, TaskSummary } from '../../src/shared/types';
import {
  buildTestApp,
  createCategory,
  createOffer,
  createTask,
  createUser,
  type TestApp,
  type TestUser,
} from '../support/server';

let t: TestApp;
let author: TestUser;
const HOUR = 3600 * 1000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const parent = await createCategory(t.db, {
    slug: 'tl-parent',
    title: { lv: 'Vecāks', en: 'Parent' },
  });
  const child = await createCategory(t.db, {
    slug: 'tl-child',
    parent_id: parent.id,
    title: { lv: 'Bērns', en: 'Child' },
  });
  const other = await createCategory(t.db, { slug: 'tl-other' });
  author = await createUser(t.db, {
    full_name: 'Anna Bērziņa',
    is_legal: false,
    customer_rating: 4.5,
    photo_path: 'profiles/x/photo.png',
    last_seen_at: new Date(),
  });
  const gone = await createUser(t.db, { deleted_at: new Date() });
  const a = await createTask(t.db, {
    identifier: 'TKLIST0A',
    author_uuid: author.uuid,
    category_id: child.id,
    title: 'Fix a leaking tap',
    description: 'The kitchen tap drips all night.',
    status: 'open',
    due_end: '2030-01-05T18:30:00',
    budget_from: 50,
    budget_to: 100,
    created_at: ago(1),
    locations: [
      { address: 'Brīvības iela 1, Rīga, LV-1010', city: 'Rīga' },
      { address: 'Tērbatas iela 2, Tartu, 51003', city: 'Tartu' },
    ],
    images: [
      { original_path: 'tasks/a/1.jpg', thumbnail_path: 'tasks/a/1-thumb.jpg' },
      { original_path: 'tasks/a/2.jpg', thumbnail_path: 'tasks/a/2-thumb.jpg' },
    ],
  });
  await createOffer(t.db, { task_uuid: a.uuid });
  await createOffer(t.db, { task_uuid: a.uuid });
  const b = await createTask(t.db, {
    identifier: 'TKLIST0B',
    category_id: parent.id,
    title: 'Paint the garden fence',
    description: 'Twenty metres of wooden fence.',
    status: 'new',
    due_end: '2030-02-01T12:00:00',
    budget_from: 200,
    budget_to: 300,
    created_at: ago(2),
  });
  const c = await createTask(t.db, {
    identifier: 'TKLIST0C',
    category_id: other.id,
    title: 'Walk my dog',
    description: 'Every morning for a week.',
    status: 'open',
    due_end: '2020-01-01T10:00:00',
    budget_from: 10,
    budget_to: 20,
    created_at: ago(3),
    locations: [{ address: 'Tartu', city: 'Tartu' }],
  });
  const d = await createTask(t.db, {
    identifier: 'TKLIST0D',
    category_id: other.id,
    title: 'Build a website',
    description: 'A small shop with ten products.',
    status: 'in_progress',
    due_end: '2030-03-01T12:00:00',
    budget_from: 1000,
    budget_to: 1000,
    created_at: ago(4),
    locations: [{ address: 'Rīga, Latvia', city: 'RĪGA' }],
  });
  const e = await createTask(t.db, {
    identifier: 'TKLIST0E',
    category_id: other.id,
    title: 'Move a sofa',
    description: 'From the third floor.',
    status: 'completed',
    due_end: '2021-01-01T10:00:00',
    budget_from: 500,
    budget_to: 600,
    created_at: ago(5),
  });
  const f = await createTask(t.db, {
    identifier: 'TKLIST0F',
    category_id: other.id,
    title: 'Translate a letter',
    description: 'Latvian to English, one page.',
    status: 'incomplete',
    due_end: '2030-04-01T10:00:00',
    budget_from: 70,
    budget_to: 80,
    created_at: ago(6),
  });
  const g = await createTask(t.db, {
    identifier: 'TKLIST0G',
    author_uuid: gone.uuid,
    category_id: child.id,
    title: 'Hang three shelves',
    description: 'Concrete wall, drill needed.',
    status: 'open',
    due_type: 'start',
    due_start: '2030-01-02T10:00:00',
    due_end: null,
    budget_from: 0,
    budget_to: 40,
    created_at: ago(7),
  });
  Object.assign(ids, { a: a.uuid, b: b.uuid, c: c.uuid, d: d.uuid, e: e.uuid, f: f.uuid });
  ids.g = g.uuid;
});
afterAll(() => t.close());

const list = async (query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/tasks${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as Paginated<TaskSummary>;
};
/** Identifier suffixes in response order: 'TKLIST0A' -> 'A'. */
const letters = async (query = '') => (await list(query)).data.map((s) => s.identifier.slice(-1));

describe('GET /api/tasks', () => {
  it('lists by default the open tasks first (newest first), then in progress, then expired and closed', async () => {
    const body = await list();
    // A, B, G open (G has no end); D in progress; C open but expired, E completed, F incomplete.
    expect(body.data.map((s) => s.identifier.slice(-1))).toEqual([
      'A',
      'B',
      'G',
      'D',
      'C',
      'E',
      'F',
    ]);
    expect(body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 12, total: 7 });
  });

  it('answers the summary shape: first location approximate only, first thumbnail, author', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tasks?locale=en' });
    const a = (res.json() as Paginated<TaskSummary>).data[0];
    // A card shows the display name; the full name is not sent (issue 14 item 10).
    expect(a).toEqual({
      uuid: ids.a,
      identifier: 'TKLIST0A',
      title: 'Fix a leaking tap',
      status: 'open',
      category: { id: expect.any(Number), slug: 'tl-child', title: 'Child' },
      budget_from: 50,
      budget_to: 100,
      due_type: 'end',
      due_start: null,
      due_end: '2030-01-05T18:30:00',
      location_type: 'specific',
      city: 'Rīga',
      approximate_address: 'Rīga, LV-1010',
      offers_count: 2,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      author: {
        uuid: author.uuid,
        photo: { thumbnail: '/uploads/profiles/x/photo.png' },
        is_legal: false,
        is_online: true,
        display_name: 'Anna B.',
        customer_rating: 4.5,
      },
      thumbnail: '/uploads/tasks/a/1-thumb.jpg',
    });
    // The street of a location never leaves the server in the list.
    expect(res.body).not.toContain('Brīvības iela');
  });

  it('sends author null for a deleted author, null place and thumbnail for an anywhere task', async () => {
    const { data } = await list();
    const g = data.find((s) => s.identifier === 'TKLIST0G')!;
    expect(g.author).toBeNull();
    expect(g).toMatchObject({
      location_type: 'anywhere',
      city: null,
      approximate_address: null,
      thumbnail: null,
      offers_count: 0,
      due_start: '2030-01-02T10:00:00',
      due_end: null,
    });
  });

  it('filters by category slug; a parent includes its children', async () => {
    expect(await letters('?categories=tl-parent')).toEqual(['A', 'B', 'G']);
    expect(await letters('?categories=tl-child')).toEqual(['A', 'G']);
    expect(await letters('?categories[]=tl-child&categories[]=tl-other')).toEqual([
      'A',
      'G',
      'D',
      'C',
      'E',
      'F',
    ]);
  });

  it('filters by status: open excludes expired, expired excludes complete tasks', async () => {
    expect(await letters('?status=open')).toEqual(['A', 'B', 'G']);
    expect(await letters('?status=expired')).toEqual(['C']);
    expect(await letters('?status=in_progress')).toEqual(['D']);
    expect(await letters('?status=completed')).toEqual(['E']);
    expect(await letters('?status=incomplete')).toEqual(['F']);
    expect(await letters('?status=open&status=expired')).toEqual(['A', 'B', 'G', 'C']);
  });

  it('searches title and description by word prefix, case-insensitively', async () => {
    expect(await letters('?q=LEAK')).toEqual(['A']);
    expect(await letters('?q=drips')).toEqual(['A']);
    expect(await letters('?q=kitchen%20TAP')).toEqual(['A']);
    expect(await letters('?q=fence')).toEqual(['B']);
    expect(await letters('?q=latvian')).toEqual(['F']);
    expect(await letters('?q=nothing-like-this')).toEqual([]);
    // Punctuation only: no search terms, no filter.
    expect(await letters('?q=%21%21')).toHaveLength(7);
  });

  it('filters by city (any location, any letter case) and by anywhere', async () => {
    expect(await letters('?city=r%C4%ABga')).toEqual(['A', 'D']);
    expect(await letters('?city=Tartu')).toEqual(['A', 'C']);
    expect(await letters('?location=anywhere')).toEqual(['B', 'G', 'E', 'F']);
    expect(await letters('?location=specific')).toEqual(['A', 'D', 'C']);
    // A city plus anywhere: tasks in the city and those that can be done anywhere.
    expect(await letters('?city=Tartu&location=anywhere')).toEqual(['A', 'B', 'G', 'C', 'E', 'F']);
  });

  it('takes a city filter as long as a stored city (255) and refuses a longer one (422)', async () => {
    expect(await letters(`?city=${'c'.repeat(255)}`)).toEqual([]);
    const res = await t.app.inject({ url: `/api/tasks?city=${'c'.repeat(3000)}` });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.city).toHaveLength(1);
  });

  it('filters by budget range overlap', async () => {
    expect(await letters('?budget_min=150')).toEqual(['B', 'D', 'E']);
    expect(await letters('?budget_max=40')).toEqual(['G', 'C']);
    expect(await letters('?budget_min=60&budget_max=90')).toEqual(['A', 'F']);
    expect(await letters('?budget_min=1000&budget_max=1000')).toEqual(['D']);
  });

  it('sorts by deadline (soonest first, none last) and by budget, open tasks first in each', async () => {
    expect(await letters('?sort=deadline')).toEqual(['A', 'B', 'G', 'D', 'C', 'E', 'F']);
    expect(await letters('?sort=budget_desc')).toEqual(['B', 'A', 'G', 'D', 'E', 'F', 'C']);
    expect(await letters('?sort=budget_asc')).toEqual(['G', 'A', 'B', 'D', 'C', 'F', 'E']);
    expect(await letters('?sort=newest')).toEqual(['A', 'B', 'G', 'D', 'C', 'E', 'F']);
    // Within one status the sort alone decides.
    expect(
      await letters('?status=expired&status=completed&status=incomplete&sort=deadline'),
    ).toEqual(['C', 'E', 'F']);
  });

  it('combines filters', async () => {
    expect(await letters('?categories=tl-parent&status=open&sort=budget_desc')).toEqual([
      'B',
      'A',
      'G',
    ]);
  });

  it('paginates: page and per_page give the slice and the meta; past the end is empty', async () => {
    const page2 = await list('?per_page=3&page=2');
    expect(page2.data.map((s) => s.identifier.slice(-1))).toEqual(['D', 'C', 'E']);
    expect(page2.meta).toEqual({ current_page: 2, last_page: 3, per_page: 3, total: 7 });
    const page3 = await list('?per_page=3&page=3');
    expect(page3.data.map((s) => s.identifier.slice(-1))).toEqual(['F']);
    const beyond = await list('?per_page=3&page=9');
    expect(beyond).toEqual({
      data: [],
      meta: { current_page: 9, last_page: 3, per_page: 3, total: 7 },
    });
    const empty = await list('?q=nothing-like-this');
    expect(empty.meta).toEqual({ current_page: 1, last_page: 1, per_page: 12, total: 0 });
    expect((await list('?per_page=50')).meta.per_page).toBe(50);
  });

  it.each([
    ['page=-1', 'page'],
    ['page=0', 'page'],
    ['page=1.5', 'page'],
    ['page=abc', 'page'],
    ['per_page=1000', 'per_page'],
    ['per_page=0', 'per_page'],
    ['sort=bogus', 'sort'],
    ['status=bogus', 'status'],
    ['location=moon', 'location'],
    ['budget_min=abc', 'budget_min'],
    ['budget_max=500001', 'budget_max'],
    ['budget_min=500&budget_max=100', 'budget_max'],
    ['categories=no-such-category', 'categories'],
    ['categories=Not%20A%20Slug', 'categories'],
    [`q=${'x'.repeat(201)}`, 'q'],
  ])('answers 422 with a field error for %s', async (query, field) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/tasks?${query}`,
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json() as { message: string; errors: Record<string, string[]> };
    expect(body.message).toBe('The given data was invalid.');
    expect(Object.keys(body.errors)).toEqual([field]);
    expect(body.errors[field][0]).toEqual(expect.any(String));
  });
});
