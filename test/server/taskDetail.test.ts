import fs from 'node:fs';
import path from 'node:path';
import type { Task, TaskLocation } from '../../src/shared/types';
import {
  APPROXIMATE_RADIUS_KM,
  coarsenPoint,
  offersVisibleTo,
} from '../../src/server/tasks/privacy';
import { VISITOR_COOKIE } from '../../src/server/tasks/views';
import {
  agent,
  buildTestApp,
  createCategory,
  createOffer,
  createTask,
  createUser,
  randomUuid,
  type Agent,
  type TestApp,
  type TestUser,
} from '../support/server';

let t: TestApp;
let owner: TestUser;
let offerer: TestUser;
let chosenFreelancer: TestUser;
let stranger: TestUser;
let categoryId: number;

const STREET = 'Brīvības iela 77';
const EXACT = { address: `${STREET}, Rīga, LV-1010`, city: 'Rīga', lat: 56.958123, lng: 24.121987 };

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db, { full_name: 'Owner Person' });
  offerer = await createUser(t.db, { full_name: 'Offer Maker', is_freelancer: true });
  chosenFreelancer = await createUser(t.db, { full_name: 'Chosen One', is_freelancer: true });
  stranger = await createUser(t.db, { full_name: 'Some Body', is_freelancer: true });
  categoryId = (await createCategory(t.db)).id;
});
afterAll(() => t.close());

const as = async (user: TestUser | null): Promise<Agent> => {
  const a = agent(t.app);
  if (user) expect((await a.login(user.email, user.password)).statusCode).toBe(200);
  return a;
};

const fetchTask = async (slug: string, user: TestUser | null) => {
  const res = await (await as(user)).get(`/api/tasks/${slug}`);
  expect(res.statusCode).toBe(200);
  return { body: res.body, task: (res.json() as { data: Task }).data };
};

/** Great-circle distance in km. */
function km(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

const expectExact = (location: TaskLocation) =>
  expect(location).toEqual({
    lat: EXACT.lat,
    lng: EXACT.lng,
    city: 'Rīga',
    address: EXACT.address,
    approximate_address: 'Rīga, LV-1010',
    distance: null,
  });

const expectApproximate = (location: TaskLocation) => {
  expect(location.address).toBe('Rīga, LV-1010');
  expect(location.approximate_address).toBe('Rīga, LV-1010');
  expect(location.city).toBe('Rīga');
  expect(location.distance).toBe(APPROXIMATE_RADIUS_KM);
  expect(location.lat).not.toBe(EXACT.lat);
  expect(location.lng).not.toBe(EXACT.lng);
  // The circle always contains the exact point.
  expect(km(location, EXACT)).toBeLessThan(APPROXIMATE_RADIUS_KM);
};

describe('places and offers by role', () => {
  describe('open task (no offer chosen)', () => {
    let task: { uuid: string; identifier: string };
    let offerUuid: string;
    beforeAll(async () => {
      task = await createTask(t.db, {
        author_uuid: owner.uuid,
        category_id: categoryId,
        locations: [EXACT, { address: 'Jūrmala, Latvia', city: 'Jūrmala', lat: 56.97, lng: 23.77 }],
      });
      offerUuid = (await createOffer(t.db, { task_uuid: task.uuid, freelancer_uuid: offerer.uuid }))
        .uuid;
      await createOffer(t.db, { task_uuid: task.uuid, freelancer_uuid: chosenFreelancer.uuid });
    });

    it('owner: exact places, every offer', async () => {
      const { task: data } = await fetchTask(task.identifier, owner);
      expectExact(data.locations[0]);
      expect(data.offers).toHaveLength(2);
      expect(data.offers_count).toBe(2);
    });

    it('visitor: approximate places only, the exact street never in the JSON, no offers', async () => {
      const { task: data, body } = await fetchTask(task.identifier, null);
      expectApproximate(data.locations[0]);
      expect(data.locations[1]).toMatchObject({
        address: 'Jūrmala, Latvia',
        approximate_address: 'Jūrmala, Latvia',
        distance: APPROXIMATE_RADIUS_KM,
      });
      expect(body).not.toContain(STREET);
      expect(body).not.toContain(String(EXACT.lat));
      expect(body).not.toContain(String(EXACT.lng));
      expect(data.offers).toEqual([]);
      expect(data.offers_count).toBe(2);
    });

    it('freelancer with an offer: approximate places, only their own offer', async () => {
      const { task: data, body } = await fetchTask(task.identifier, offerer);
      expectApproximate(data.locations[0]);
      expect(body).not.toContain(STREET);
      expect(data.offers.map((o) => o.uuid)).toEqual([offerUuid]);
      expect(data.offers_count).toBe(2);
    });

    it('other logged-in user: approximate places, no offers', async () => {
      const { task: data, body } = await fetchTask(task.identifier, stranger);
      expectApproximate(data.locations[0]);
      expect(body).not.toContain(STREET);
      expect(data.offers).toEqual([]);
    });

    it('the coarse point is stable across requests and viewers', async () => {
      const a = (await fetchTask(task.identifier, null)).task.locations[0];
      const b = (await fetchTask(task.identifier, stranger)).task.locations[0];
      expect({ lat: b.lat, lng: b.lng }).toEqual({ lat: a.lat, lng: a.lng });
    });
  });

  describe('assigned task (offer chosen)', () => {
    let task: { uuid: string; identifier: string };
    let chosenOffer: string;
    let otherOffer: string;
    beforeAll(async () => {
      task = await createTask(t.db, {
        author_uuid: owner.uuid,
        category_id: categoryId,
        status: 'in_progress',
        awaiting_action: true,
        locations: [EXACT],
      });
      otherOffer = (
        await createOffer(t.db, { task_uuid: task.uuid, freelancer_uuid: offerer.uuid })
      ).uuid;
      chosenOffer = (
        await createOffer(t.db, {
          task_uuid: task.uuid,
          freelancer_uuid: chosenFreelancer.uuid,
          chosen_at: new Date(),
        })
      ).uuid;
    });

    it('owner: exact, every offer, chosen first', async () => {
      const { task: data } = await fetchTask(task.identifier, owner);
      expectExact(data.locations[0]);
      expect(data.offers.map((o) => o.uuid)).toEqual([chosenOffer, otherOffer]);
    });

    it('chosen freelancer: exact places, only the chosen offer', async () => {
      const { task: data } = await fetchTask(task.identifier, chosenFreelancer);
      expectExact(data.locations[0]);
      expect(data.offers.map((o) => o.uuid)).toEqual([chosenOffer]);
      expect(data.offers_count).toBe(2);
    });

    it('not-chosen freelancer: still approximate, only their own offer', async () => {
      const { task: data, body } = await fetchTask(task.identifier, offerer);
      expectApproximate(data.locations[0]);
      expect(body).not.toContain(STREET);
      expect(data.offers.map((o) => o.uuid)).toEqual([otherOffer]);
    });

    it('visitor: still approximate, no offers', async () => {
      const { task: data, body } = await fetchTask(task.identifier, null);
      expectApproximate(data.locations[0]);
      expect(body).not.toContain(STREET);
      expect(data.offers).toEqual([]);
      expect(data.offers_count).toBe(2);
    });
  });

  it('coarsening: within the radius everywhere, stable, and different per task', () => {
    const taskA = randomUuid();
    const taskB = randomUuid();
    for (const [lat, lng] of [
      [56.95, 24.1],
      [0.004999, 0.004999],
      [-33.865143, 151.2099],
      [64.1466, -21.9426],
      [59.437, 24.7536],
      [54.6872, 25.2797],
    ]) {
      const a = coarsenPoint(lat, lng, taskA, 0);
      expect(km(a, { lat, lng })).toBeLessThan(APPROXIMATE_RADIUS_KM);
      expect(coarsenPoint(lat, lng, taskA, 0)).toEqual(a);
      expect(coarsenPoint(lat, lng, taskB, 0)).not.toEqual(a);
      expect(coarsenPoint(lat, lng, taskA, 1)).not.toEqual(a);
    }
    // Any exact point inside the same 0.01 degree cell gives the same output.
    expect(coarsenPoint(56.9512, 24.1009, taskA, 0)).toEqual(
      coarsenPoint(56.9488, 24.0961, taskA, 0),
    );
  });

  it('offersVisibleTo: owner all, offerer own, others none', () => {
    const offer = (uuid: string, freelancer: string) => ({
      uuid,
      description: 'x',
      price: 1,
      notify_if_not_chosen: false,
      hash: 'h',
      chosen_at: null,
      created_at: '2030-01-01T00:00:00.000Z',
      freelancer: {
        uuid: freelancer,
        photo: null,
        is_legal: false,
        full_name: 'F',
        display_name: 'F',
        freelancer_rating: null,
      },
      not_chosen_reason: null,
    });
    const offers = [offer('o1', 'f1'), offer('o2', 'f2')];
    expect(offersVisibleTo(offers, 'owner', 'owner')).toHaveLength(2);
    expect(offersVisibleTo(offers, 'owner', 'f2').map((o) => o.uuid)).toEqual(['o2']);
    expect(offersVisibleTo(offers, 'owner', 'someone')).toEqual([]);
    expect(offersVisibleTo(offers, 'owner', null)).toEqual([]);
  });
});

describe('view counting', () => {
  const viewsOf = async (uuid: string) =>
    (
      await t.db.query<{ views_count: number }>('SELECT views_count FROM tasks WHERE uuid = $1', [
        uuid,
      ])
    )[0].views_count;

  it('counts a viewer once per window; another viewer counts; the owner never', async () => {
    const task = await createTask(t.db, { author_uuid: owner.uuid, category_id: categoryId });
    const visitor = agent(t.app);
    const first = await visitor.get(`/api/tasks/${task.identifier}`);
    expect(first.json().data.views_count).toBe(1);
    expect(visitor.cookies.get(VISITOR_COOKIE)).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const cookie = first.cookies.find((c) => c.name === VISITOR_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    const second = await visitor.get(`/api/tasks/${task.identifier}`);
    expect(second.json().data.views_count).toBe(1);
    // The same cookie is kept, not replaced.
    expect(second.cookies.find((c) => c.name === VISITOR_COOKIE)).toBeUndefined();

    const other = await agent(t.app, { remoteAddress: '198.51.100.20' }).get(
      `/api/tasks/${task.uuid}`,
    );
    expect(other.json().data.views_count).toBe(2);

    const user = await as(stranger);
    expect((await user.get(`/api/tasks/${task.identifier}`)).json().data.views_count).toBe(3);
    expect((await user.get(`/api/tasks/${task.identifier}`)).json().data.views_count).toBe(3);

    const ownerAgent = await as(owner);
    expect((await ownerAgent.get(`/api/tasks/${task.identifier}`)).json().data.views_count).toBe(3);
    expect((await ownerAgent.get(`/api/tasks/${task.identifier}`)).json().data.views_count).toBe(3);
    expect(await viewsOf(task.uuid)).toBe(3);
    const keys = await t.db.query<{ viewer_key: string }>(
      'SELECT viewer_key FROM task_views WHERE task_uuid = $1 ORDER BY viewer_key',
      [task.uuid],
    );
    expect(keys.map((k) => k.viewer_key)).toEqual([
      expect.stringMatching(/^addr:/),
      expect.stringMatching(/^addr:/),
      expect.stringMatching(/^anon:/),
      expect.stringMatching(/^anon:/),
      `user:${stranger.uuid}`,
    ]);
  });

  it('cookieless views from one address count once; another address counts (issue 14 item 8)', async () => {
    const task = await createTask(t.db, { author_uuid: owner.uuid, category_id: categoryId });
    for (let i = 0; i < 20; i += 1) {
      await t.app.inject({ url: `/api/tasks/${task.identifier}`, remoteAddress: '203.0.113.50' });
    }
    expect(await viewsOf(task.uuid)).toBe(1);
    await t.app.inject({ url: `/api/tasks/${task.identifier}`, remoteAddress: '203.0.113.51' });
    expect(await viewsOf(task.uuid)).toBe(2);
  });

  it('counts the same viewer again once the window has passed', async () => {
    const task = await createTask(t.db, { author_uuid: owner.uuid, category_id: categoryId });
    const user = await as(stranger);
    expect((await user.get(`/api/tasks/${task.identifier}`)).json().data.views_count).toBe(1);
    await t.db.query(
      "UPDATE task_views SET viewed_at = now() - interval '6 hours 1 minute' WHERE task_uuid = $1",
      [task.uuid],
    );
    expect((await user.get(`/api/tasks/${task.identifier}`)).json().data.views_count).toBe(2);
    await t.db.query(
      "UPDATE task_views SET viewed_at = now() - interval '5 hours 59 minutes' WHERE task_uuid = $1",
      [task.uuid],
    );
    expect((await user.get(`/api/tasks/${task.identifier}`)).json().data.views_count).toBe(2);
  });

  it('a missing task counts nothing and is 404', async () => {
    expect((await agent(t.app).get('/api/tasks/TKNOPE99')).statusCode).toBe(404);
  });
});

describe('DELETE /api/tasks/:uuid', () => {
  const writeUpload = (relative: string) => {
    const target = path.join(t.uploadsDir, relative);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, 'image');
    return target;
  };
  const count = async (table: string, uuid: string) =>
    Number(
      (
        await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${table} WHERE task_uuid = $1`,
          [uuid],
        )
      )[0].n,
    );

  it('owner: 204, the task, its rows and its image files are gone', async () => {
    const uuidForFiles = randomUuid();
    const images = [
      {
        original_path: `tasks/${uuidForFiles}/a.jpg`,
        thumbnail_path: `tasks/${uuidForFiles}/a-thumb.jpg`,
      },
    ];
    const task = await createTask(t.db, {
      author_uuid: owner.uuid,
      category_id: categoryId,
      locations: [EXACT],
      images,
      languages: ['lv', 'en'],
    });
    const files = [writeUpload(images[0].original_path), writeUpload(images[0].thumbnail_path)];
    await createOffer(t.db, { task_uuid: task.uuid, freelancer_uuid: offerer.uuid });
    await agent(t.app).get(`/api/tasks/${task.identifier}`); // a task_views row

    const res = await (await as(owner)).delete(`/api/tasks/${task.uuid}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await t.db.query('SELECT 1 FROM tasks WHERE uuid = $1', [task.uuid])).toEqual([]);
    for (const table of [
      'task_images',
      'task_locations',
      'task_languages',
      'task_views',
      'offers',
    ]) {
      expect(await count(table, task.uuid)).toBe(0);
    }
    for (const file of files) expect(fs.existsSync(file)).toBe(false);
    expect((await agent(t.app).get(`/api/tasks/${task.uuid}`)).statusCode).toBe(404);
  });

  it('another user: 403, a visitor: 401, and the task stays', async () => {
    const task = await createTask(t.db, { author_uuid: owner.uuid, category_id: categoryId });
    expect((await (await as(stranger)).delete(`/api/tasks/${task.uuid}`)).statusCode).toBe(403);
    expect((await agent(t.app).delete(`/api/tasks/${task.uuid}`)).statusCode).toBe(401);
    expect(await t.db.query('SELECT 1 FROM tasks WHERE uuid = $1', [task.uuid])).toHaveLength(1);
  });

  it('missing task: 404', async () => {
    const a = await as(owner);
    expect((await a.delete(`/api/tasks/${randomUuid()}`)).statusCode).toBe(404);
    expect((await a.delete('/api/tasks/TKNOPE99')).statusCode).toBe(404);
  });

  it('once an offer is chosen: 403 for the owner too (lifecycle machine)', async () => {
    const task = await createTask(t.db, {
      author_uuid: owner.uuid,
      category_id: categoryId,
      status: 'in_progress',
      awaiting_action: true,
    });
    await createOffer(t.db, {
      task_uuid: task.uuid,
      freelancer_uuid: chosenFreelancer.uuid,
      chosen_at: new Date(),
    });
    expect((await (await as(owner)).delete(`/api/tasks/${task.uuid}`)).statusCode).toBe(403);
    expect(await t.db.query('SELECT 1 FROM tasks WHERE uuid = $1', [task.uuid])).toHaveLength(1);
  });

  it('refuses when an offer is chosen even if the status still says open (checked in SQL)', async () => {
    const task = await createTask(t.db, { author_uuid: owner.uuid, category_id: categoryId });
    await createOffer(t.db, {
      task_uuid: task.uuid,
      freelancer_uuid: chosenFreelancer.uuid,
      chosen_at: new Date(),
    });
    expect((await (await as(owner)).delete(`/api/tasks/${task.uuid}`)).statusCode).toBe(403);
    expect(await t.db.query('SELECT 1 FROM tasks WHERE uuid = $1', [task.uuid])).toHaveLength(1);
  });

  it('requires the CSRF token like every mutation', async () => {
    const task = await createTask(t.db, { author_uuid: owner.uuid, category_id: categoryId });
    const a = agent(t.app, { csrf: false });
    await a.request('GET', '/api/health');
    expect((await a.delete(`/api/tasks/${task.uuid}`)).statusCode).toBe(419);
  });
});
