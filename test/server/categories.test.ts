import type { Category } from '../../src/shared/types';
import { buildTestApp, createCategory, createTask, type TestApp } from '../support/server';

let t: TestApp;
const DAY = 24 * 3600 * 1000;
beforeAll(async () => {
  t = await buildTestApp();
  await createCategory(t.db, {
    id: 1,
    slug: 'courier',
    position: 1,
    title: {
      lv: 'Kurjers',
      en: 'Courier',
      ru: 'Курьер',
      tr: 'Kurye',
      et: 'Kuller',
      lt: 'Kurjeris',
    },
  });
  await createCategory(t.db, {
    id: 2,
    parent_id: 1,
    slug: 'food',
    position: 2,
    title: { lv: 'Ēdiens', en: 'Food' },
  });
  await createCategory(t.db, {
    id: 3,
    parent_id: 1,
    slug: 'parcels',
    position: 1,
    title: { lv: 'Sūtījumi', en: 'Parcels' },
  });
  await createCategory(t.db, {
    id: 4,
    parent_id: 3,
    slug: 'big-parcels',
    title: { lv: 'Lieli', en: 'Big' },
  });
  await createCategory(t.db, {
    id: 11,
    slug: 'repair',
    position: 0,
    title: { lv: 'Remonts', en: 'Repair' },
  });

  const ago = (days: number) => new Date(Date.now() - days * DAY);
  await createTask(t.db, { category_id: 2, created_at: ago(2) }); // counted
  await createTask(t.db, { category_id: 2, created_at: ago(8) }); // too old
  await createTask(t.db, { category_id: 4, created_at: ago(1) }); // grandchild: counted up the tree
  await createTask(t.db, { category_id: 1, created_at: ago(6.9) }); // parent's own
  await createTask(t.db, { category_id: 11, created_at: ago(7.1) }); // too old
});
afterAll(() => t.close());

const get = async (query = '', lang = 'lv') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/categories${query}`,
    headers: { 'accept-language': lang },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { data: Category[] };
};

describe('GET /api/categories', () => {
  it('returns the tree ordered by position then id, with localised titles', async () => {
    const { data } = await get('?locale=en');
    expect(data.map((c) => c.id)).toEqual([11, 1]);
    const courier = data[1];
    expect(courier).toMatchObject({ id: 1, parent_id: null, slug: 'courier', title: 'Courier' });
    expect(courier.children!.map((c) => [c.id, c.title])).toEqual([
      [3, 'Parcels'],
      [2, 'Food'],
    ]);
    expect(courier.children![0].children!.map((c) => c.slug)).toEqual(['big-parcels']);
  });

  it('counts tasks of the last 7 days only, a parent including its descendants', async () => {
    const { data } = await get();
    const repair = data.find((c) => c.id === 11)!;
    const courier = data.find((c) => c.id === 1)!;
    const food = courier.children!.find((c) => c.id === 2)!;
    const parcels = courier.children!.find((c) => c.id === 3)!;
    expect(food.tasks_count).toBe(1); // the 8-day-old task is not counted
    expect(parcels.tasks_count).toBe(1); // from its child
    expect(parcels.children![0].tasks_count).toBe(1);
    expect(courier.tasks_count).toBe(3); // own + food + big-parcels
    expect(repair.tasks_count).toBe(0);
  });

  it('picks the locale from ?locale, then Accept-Language, and falls back to English titles', async () => {
    expect((await get('', 'ru')).data[1].title).toBe('Курьер');
    expect((await get('?locale=lt', 'ru')).data[1].title).toBe('Kurjeris');
    expect((await get('?locale=tr')).data[0].title).toBe('Repair'); // no tr title stored
  });
});
