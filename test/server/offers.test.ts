/**
 * Offers API (issue 5; SPEC sections 4, 5 'Offer', 6, 7, 8): one offer per freelancer, who may
 * make / edit / delete / choose, validation, role filtering, the hash check and push events.
 */
import type { Offer, Task } from '../../src/shared/types';
import type { PushEvent } from '../../src/server/push';
import { loadConfig } from '../../config';
import { isUniqueViolation } from '../../src/server/offers/offers';
import { loadOffers, offerHash } from '../../src/server/tasks/loadTask';
import {
  agent,
  buildTestApp,
  createCategory,
  createOffer,
  createTask,
  createUser,
  loggedInAgent,
  randomUuid,
  type Agent,
  type TaskInput,
  type TestApp,
  type TestUser,
} from '../support/server';

/** The default the suite's app runs with (testConfig keeps it). */
const OFFER_CREATE_RATE_LIMIT = loadConfig({}).offerRateLimit;

let t: TestApp;
let category: { id: number; slug: string };
beforeAll(async () => {
  t = await buildTestApp();
  category = await createCategory(t.db);
}, 60_000);
afterAll(() => t.close());
afterEach(() => jest.restoreAllMocks());

const loginAs = (user: TestUser): Promise<Agent> => loggedInAgent(t.app, user);
const newFreelancer = () => createUser(t.db, { is_freelancer: true });
const offersUrl = (taskUuid: string) => `/api/tasks/${taskUuid}/offers`;
const offerUrl = (taskUuid: string, offerUuid: string) => `${offersUrl(taskUuid)}/${offerUuid}`;
const form = {
  description: 'I can fix it tomorrow morning.',
  price: 80,
  notify_if_not_chosen: false,
};

/** A task with its owner logged in. */
async function ownedTask(input: TaskInput = {}) {
  const owner = await createUser(t.db);
  const task = await createTask(t.db, {
    author_uuid: owner.uuid,
    category_id: category.id,
    ...input,
  });
  return { owner, task, ownerAgent: await loginAs(owner) };
}

/** Marks the offer chosen the way a choice does (status in_progress, awaiting_action). */
async function markChosen(taskUuid: string, offerUuid: string): Promise<void> {
  await t.db.query('UPDATE offers SET chosen_at = now() WHERE uuid = $1', [offerUuid]);
  await t.db.query(
    "UPDATE tasks SET status = 'in_progress', awaiting_action = true WHERE uuid = $1",
    [taskUuid],
  );
}

async function currentHash(taskUuid: string, offerUuid: string): Promise<string> {
  const offer = (await loadOffers(t.db, taskUuid)).find((o) => o.uuid === offerUuid);
  if (!offer) throw new Error('offer not found');
  return offer.hash;
}

const countOffers = async (taskUuid: string): Promise<number> =>
  (
    await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM offers WHERE task_uuid = $1', [
      taskUuid,
    ])
  )[0].n;

describe('POST /api/tasks/:taskUuid/offers', () => {
  it('creates the freelancer offer: 201, data[0] is the offer, and pushes tasks.view', async () => {
    const publishTask = jest.spyOn(t.app.push, 'publishTask');
    const { task } = await ownedTask();
    const freelancer = await createUser(t.db, {
      is_freelancer: true,
      full_name: 'Pēteris Kalniņš',
      freelancer_rating: 4.25,
    });
    const a = await loginAs(freelancer);
    const res = await a.post(offersUrl(task.uuid), {
      description: '  Tomorrow at nine.  ',
      price: '65.50',
      notify_if_not_chosen: true,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json() as { data: Offer[] };
    expect(body.data).toHaveLength(1);
    const [row] = await t.db.query<{
      uuid: string;
      created_at: Date;
      updated_at: Date;
    }>('SELECT uuid, created_at, updated_at FROM offers WHERE task_uuid = $1', [task.uuid]);
    const expected: Offer = {
      uuid: row.uuid,
      description: 'Tomorrow at nine.',
      price: 65.5,
      notify_if_not_chosen: true,
      hash: offerHash({
        uuid: row.uuid,
        description: 'Tomorrow at nine.',
        price: 65.5,
        notify_if_not_chosen: true,
        updated_at: row.updated_at,
      }),
      chosen_at: null,
      created_at: new Date(row.created_at).toISOString(),
      freelancer: {
        uuid: freelancer.uuid,
        photo: null,
        is_legal: false,
        full_name: 'Pēteris Kalniņš',
        display_name: 'Pēteris K.',
        freelancer_rating: 4.25,
      },
      not_chosen_reason: null,
    };
    expect(body.data[0]).toEqual(expected);
    expect(publishTask).toHaveBeenCalledWith(task.uuid);
  });

  it('refuses a second offer by the same freelancer (403) and keeps one', async () => {
    const { task } = await ownedTask();
    const a = await loginAs(await newFreelancer());
    expect((await a.post(offersUrl(task.uuid), form)).statusCode).toBe(201);
    const second = await a.post(offersUrl(task.uuid), { ...form, price: 70 });
    expect(second.statusCode).toBe(403);
    expect(await countOffers(task.uuid)).toBe(1);
  });

  it('answers 401 to a visitor and 403 to a logged-in non-freelancer', async () => {
    const { task } = await ownedTask();
    expect((await agent(t.app).post(offersUrl(task.uuid), form)).statusCode).toBe(401);
    const customer = await loginAs(await createUser(t.db, { is_freelancer: false }));
    expect((await customer.post(offersUrl(task.uuid), form)).statusCode).toBe(403);
    expect(await countOffers(task.uuid)).toBe(0);
  });

  it('refuses the owner, even when the owner is a freelancer', async () => {
    const owner = await createUser(t.db, { is_freelancer: true });
    const task = await createTask(t.db, { author_uuid: owner.uuid, category_id: category.id });
    const res = await (await loginAs(owner)).post(offersUrl(task.uuid), form);
    expect(res.statusCode).toBe(403);
    expect(await countOffers(task.uuid)).toBe(0);
  });

  it('refuses an expired task (due_end in the past)', async () => {
    const { task } = await ownedTask({ due_type: 'end', due_end: '2020-01-01T10:00:00' });
    const res = await (await loginAs(await newFreelancer())).post(offersUrl(task.uuid), form);
    expect(res.statusCode).toBe(403);
  });

  it('refuses a task with a chosen offer', async () => {
    const { task } = await ownedTask();
    const chosen = await createOffer(t.db, { task_uuid: task.uuid });
    await markChosen(task.uuid, chosen.uuid);
    const res = await (await loginAs(await newFreelancer())).post(offersUrl(task.uuid), form);
    expect(res.statusCode).toBe(403);
    expect(await countOffers(task.uuid)).toBe(1);
  });

  it('refuses a completed task and answers 404 for a missing task', async () => {
    const { task } = await ownedTask({ status: 'completed' });
    const a = await loginAs(await newFreelancer());
    expect((await a.post(offersUrl(task.uuid), form)).statusCode).toBe(403);
    expect((await a.post(offersUrl(randomUuid()), form)).statusCode).toBe(404);
    expect((await a.post(offersUrl('not-a-uuid'), form)).statusCode).toBe(404);
  });

  it.each([
    ['a description under 5 characters', { ...form, description: 'abcd' }, 'description'],
    ['a blank description', { ...form, description: '      ' }, 'description'],
    [
      'a description over 5000 characters',
      { ...form, description: 'x'.repeat(5001) },
      'description',
    ],
    ['no price', { description: form.description }, 'price'],
    ['an empty price', { ...form, price: '' }, 'price'],
    ['a price over 500000', { ...form, price: 500000.01 }, 'price'],
    ['a negative price', { ...form, price: -1 }, 'price'],
    ['a price with three decimals', { ...form, price: 10.005 }, 'price'],
    ['a price that is not a number', { ...form, price: 'ten' }, 'price'],
  ])('answers 422 for %s', async (_name, payload, field) => {
    const { task } = await ownedTask();
    const res = await (await loginAs(await newFreelancer())).post(offersUrl(task.uuid), payload);
    expect(res.statusCode).toBe(422);
    const body = res.json() as { message: string; errors: Record<string, string[]> };
    expect(Object.keys(body.errors)).toEqual([field]);
    expect(body.errors[field][0]).toEqual(expect.any(String));
    expect(await countOffers(task.uuid)).toBe(0);
  });

  it('accepts the limits: 5 characters, price 0 and 500000, notify_if_not_chosen defaulting to false', async () => {
    for (const price of [0, 500000]) {
      const { task } = await ownedTask();
      const res = await (
        await loginAs(await newFreelancer())
      ).post(offersUrl(task.uuid), {
        description: 'abcde',
        price,
      });
      expect(res.statusCode).toBe(201);
      const offer = (res.json() as { data: Offer[] }).data[0];
      expect(offer.price).toBe(price);
      expect(offer.notify_if_not_chosen).toBe(false);
    }
  });

  it(`is rate limited to ${OFFER_CREATE_RATE_LIMIT} a minute per user (429)`, async () => {
    const { task } = await ownedTask();
    const a = await loginAs(await newFreelancer());
    for (let i = 0; i < OFFER_CREATE_RATE_LIMIT; i += 1) {
      expect((await a.post(offersUrl(task.uuid), form)).statusCode).not.toBe(429);
    }
    expect((await a.post(offersUrl(task.uuid), form)).statusCode).toBe(429);
    // Another user is not affected.
    const other = await loginAs(await newFreelancer());
    expect((await other.post(offersUrl(task.uuid), form)).statusCode).toBe(201);
  });
});

describe('GET /api/tasks/:taskUuid/offers', () => {
  it('filters by role exactly like the task payload', async () => {
    const { task, ownerAgent } = await ownedTask();
    const first = await newFreelancer();
    const second = await newFreelancer();
    const offerA = await createOffer(t.db, { task_uuid: task.uuid, freelancer_uuid: first.uuid });
    const offerB = await createOffer(t.db, { task_uuid: task.uuid, freelancer_uuid: second.uuid });

    const viewers: Array<[string, Agent, string[]]> = [
      ['owner', ownerAgent, [offerA.uuid, offerB.uuid]],
      ['first freelancer', await loginAs(first), [offerA.uuid]],
      ['second freelancer', await loginAs(second), [offerB.uuid]],
      ['another freelancer', await loginAs(await newFreelancer()), []],
      ['customer', await loginAs(await createUser(t.db)), []],
      ['visitor', agent(t.app), []],
    ];
    for (const [name, a, expected] of viewers) {
      const res = await a.get(offersUrl(task.uuid));
      expect({ name, status: res.statusCode }).toEqual({ name, status: 200 });
      const offers = (res.json() as { data: Offer[] }).data;
      // Which offers, not their order: two offers made in the same millisecond tie on created_at.
      const uuids = offers.map((o) => o.uuid).sort();
      expect({ name, uuids }).toEqual({ name, uuids: [...expected].sort() });
      const payload = (await a.get(`/api/tasks/${task.uuid}`)).json() as { data: Task };
      expect(offers).toEqual(payload.data.offers);
    }
  });

  it('lists the chosen offer first for the owner after a choice', async () => {
    const { task, ownerAgent } = await ownedTask();
    const early = await createOffer(t.db, { task_uuid: task.uuid });
    const late = await createOffer(t.db, { task_uuid: task.uuid });
    await markChosen(task.uuid, late.uuid);
    const offers = ((await ownerAgent.get(offersUrl(task.uuid))).json() as { data: Offer[] }).data;
    expect(offers.map((o) => o.uuid)).toEqual([late.uuid, early.uuid]);
    expect(offers[0].chosen_at).toEqual(expect.any(String));
    expect(offers[1].chosen_at).toBeNull();
  });

  it('answers 404 for a missing task', async () => {
    expect((await agent(t.app).get(offersUrl(randomUuid()))).statusCode).toBe(404);
  });
});

describe('GET /api/tasks/:taskUuid/offers/:offerUuid', () => {
  it('answers the owner and the offer freelancer; 403 others, 401 visitors, 404 missing', async () => {
    const { task, ownerAgent } = await ownedTask();
    const freelancer = await newFreelancer();
    const offer = await createOffer(t.db, {
      task_uuid: task.uuid,
      freelancer_uuid: freelancer.uuid,
    });
    const url = offerUrl(task.uuid, offer.uuid);

    const asOwner = await ownerAgent.get(url);
    expect(asOwner.statusCode).toBe(200);
    const listed = (await loadOffers(t.db, task.uuid))[0];
    // Not chosen: the owner sees the freelancer's display name only; they see their full name.
    const { full_name: fullName, ...shown } = listed.freelancer!;
    expect(fullName).toBe(freelancer.full_name);
    expect(asOwner.json()).toEqual({ data: { ...listed, freelancer: shown } });
    const asFreelancer = await (await loginAs(freelancer)).get(url);
    expect(asFreelancer.statusCode).toBe(200);
    expect(asFreelancer.json()).toEqual({ data: listed });
    expect((await (await loginAs(await newFreelancer())).get(url)).statusCode).toBe(403);
    expect((await agent(t.app).get(url)).statusCode).toBe(401);
    expect((await ownerAgent.get(offerUrl(task.uuid, randomUuid()))).statusCode).toBe(404);

    // An offer of another task is not found under this one.
    const other = await createTask(t.db, { category_id: category.id });
    const foreign = await createOffer(t.db, { task_uuid: other.uuid });
    expect((await ownerAgent.get(offerUrl(task.uuid, foreign.uuid))).statusCode).toBe(404);
  });
});

describe('PUT /api/tasks/:taskUuid/offers/:offerUuid', () => {
  it('lets its freelancer update it; the hash changes and tasks.view is pushed', async () => {
    const { task } = await ownedTask();
    const freelancer = await newFreelancer();
    const offer = await createOffer(t.db, {
      task_uuid: task.uuid,
      freelancer_uuid: freelancer.uuid,
    });
    const before = await currentHash(task.uuid, offer.uuid);
    const publishTask = jest.spyOn(t.app.push, 'publishTask');

    const res = await (
      await loginAs(freelancer)
    ).put(offerUrl(task.uuid, offer.uuid), {
      description: 'Changed my mind: next week.',
      price: 120.25,
      notify_if_not_chosen: true,
    });
    expect(res.statusCode).toBe(200);
    const data = (res.json() as { data: Offer }).data;
    expect(data).toMatchObject({
      uuid: offer.uuid,
      description: 'Changed my mind: next week.',
      price: 120.25,
      notify_if_not_chosen: true,
    });
    expect(data.hash).not.toBe(before);
    expect(data.hash).toBe(await currentHash(task.uuid, offer.uuid));
    expect(publishTask).toHaveBeenCalledWith(task.uuid);

    // Same content saved again still moves updated_at, so a stale hash never matches.
    const again = await (
      await loginAs(freelancer)
    ).put(offerUrl(task.uuid, offer.uuid), {
      description: 'Changed my mind: next week.',
      price: 120.25,
      notify_if_not_chosen: true,
    });
    expect((again.json() as { data: Offer }).data.hash).not.toBe(data.hash);
  });

  it('answers 403 to another freelancer and to the owner, 401 to a visitor', async () => {
    const { task, ownerAgent } = await ownedTask();
    const offer = await createOffer(t.db, { task_uuid: task.uuid });
    const url = offerUrl(task.uuid, offer.uuid);
    expect((await (await loginAs(await newFreelancer())).put(url, form)).statusCode).toBe(403);
    expect((await ownerAgent.put(url, form)).statusCode).toBe(403);
    expect((await agent(t.app).put(url, form)).statusCode).toBe(401);
    const [row] = await t.db.query<{ description: string }>(
      'SELECT description FROM offers WHERE uuid = $1',
      [offer.uuid],
    );
    expect(row.description).toBe('I can do it tomorrow.');
  });

  it('is locked (403) once an offer on the task is chosen: its own or another', async () => {
    const { task } = await ownedTask();
    const mine = await newFreelancer();
    const myOffer = await createOffer(t.db, { task_uuid: task.uuid, freelancer_uuid: mine.uuid });
    const other = await createOffer(t.db, { task_uuid: task.uuid });
    await markChosen(task.uuid, other.uuid);
    const a = await loginAs(mine);
    expect((await a.put(offerUrl(task.uuid, myOffer.uuid), form)).statusCode).toBe(403);

    const { task: task2 } = await ownedTask();
    const chosenFreelancer = await newFreelancer();
    const chosen = await createOffer(t.db, {
      task_uuid: task2.uuid,
      freelancer_uuid: chosenFreelancer.uuid,
    });
    await markChosen(task2.uuid, chosen.uuid);
    const res = await (
      await loginAs(chosenFreelancer)
    ).put(offerUrl(task2.uuid, chosen.uuid), form);
    expect(res.statusCode).toBe(403);
  });

  it('answers 422 for invalid fields and 404 for a missing offer', async () => {
    const { task } = await ownedTask();
    const freelancer = await newFreelancer();
    const offer = await createOffer(t.db, {
      task_uuid: task.uuid,
      freelancer_uuid: freelancer.uuid,
    });
    const a = await loginAs(freelancer);
    const res = await a.put(offerUrl(task.uuid, offer.uuid), { description: 'abc', price: 600000 });
    expect(res.statusCode).toBe(422);
    expect(Object.keys((res.json() as { errors: object }).errors).sort()).toEqual([
      'description',
      'price',
    ]);
    expect((await a.put(offerUrl(task.uuid, randomUuid()), form)).statusCode).toBe(404);
  });
});

describe('DELETE /api/tasks/:taskUuid/offers/:offerUuid', () => {
  it('lets only its freelancer delete it (204); others get 403', async () => {
    const { task, ownerAgent } = await ownedTask();
    const freelancer = await newFreelancer();
    const offer = await createOffer(t.db, {
      task_uuid: task.uuid,
      freelancer_uuid: freelancer.uuid,
    });
    const url = offerUrl(task.uuid, offer.uuid);
    expect((await (await loginAs(await newFreelancer())).delete(url)).statusCode).toBe(403);
    expect((await ownerAgent.delete(url)).statusCode).toBe(403);
    expect(await countOffers(task.uuid)).toBe(1);

    const publishTask = jest.spyOn(t.app.push, 'publishTask');
    const a = await loginAs(freelancer);
    const res = await a.delete(url);
    expect(res.statusCode).toBe(204);
    expect(await countOffers(task.uuid)).toBe(0);
    expect(publishTask).toHaveBeenCalledWith(task.uuid);
    expect((await a.delete(url)).statusCode).toBe(404);
    // Deleted, the freelancer may offer again.
    expect((await a.post(offersUrl(task.uuid), form)).statusCode).toBe(201);
  });

  it('is refused (403) once an offer is chosen', async () => {
    const { task } = await ownedTask();
    const freelancer = await newFreelancer();
    const offer = await createOffer(t.db, {
      task_uuid: task.uuid,
      freelancer_uuid: freelancer.uuid,
    });
    const chosen = await createOffer(t.db, { task_uuid: task.uuid });
    await markChosen(task.uuid, chosen.uuid);
    const res = await (await loginAs(freelancer)).delete(offerUrl(task.uuid, offer.uuid));
    expect(res.statusCode).toBe(403);
    expect(await countOffers(task.uuid)).toBe(2);
  });
});

describe('POST /api/tasks/:taskUuid/offers/:offerUuid/choose', () => {
  const chooseUrl = (taskUuid: string, offerUuid: string) =>
    `${offerUrl(taskUuid, offerUuid)}/choose`;

  it('chooses the offer in one go: chosen_at, in_progress, awaiting_action; answers the task', async () => {
    const { task, ownerAgent } = await ownedTask();
    const freelancer = await newFreelancer();
    const offer = await createOffer(t.db, {
      task_uuid: task.uuid,
      freelancer_uuid: freelancer.uuid,
    });
    const other = await createOffer(t.db, { task_uuid: task.uuid });
    const publishTask = jest.spyOn(t.app.push, 'publishTask');

    const res = await ownerAgent.post(chooseUrl(task.uuid, offer.uuid), {
      hash: await currentHash(task.uuid, offer.uuid),
    });
    expect(res.statusCode).toBe(200);
    const data = (res.json() as { data: Task }).data;
    expect(data.uuid).toBe(task.uuid);
    expect(data.status).toBe('in_progress');
    expect(data.awaiting_action).toBe(true);
    expect(data.offers.map((o) => o.uuid)).toEqual([offer.uuid, other.uuid]);
    expect(data.offers[0].chosen_at).toEqual(expect.any(String));
    // The owner now sees the chosen freelancer's contacts.
    expect(data.second_party_contacts).toEqual({
      phone_number: freelancer.phone_number,
      email: freelancer.email,
    });

    const [taskRow] = await t.db.query<{ status: string; awaiting_action: boolean }>(
      'SELECT status, awaiting_action FROM tasks WHERE uuid = $1',
      [task.uuid],
    );
    expect(taskRow).toEqual({ status: 'in_progress', awaiting_action: true });
    const rows = await t.db.query<{ uuid: string; chosen: boolean }>(
      'SELECT uuid, chosen_at IS NOT NULL AS chosen FROM offers WHERE task_uuid = $1',
      [task.uuid],
    );
    expect(Object.fromEntries(rows.map((r) => [r.uuid, r.chosen]))).toEqual({
      [offer.uuid]: true,
      [other.uuid]: false,
    });
    expect(publishTask).toHaveBeenCalledWith(task.uuid);
  });

  it('is for the owner only (403), and 404 for a missing offer', async () => {
    const { task, ownerAgent } = await ownedTask();
    const freelancer = await newFreelancer();
    const offer = await createOffer(t.db, {
      task_uuid: task.uuid,
      freelancer_uuid: freelancer.uuid,
    });
    const hash = await currentHash(task.uuid, offer.uuid);
    const url = chooseUrl(task.uuid, offer.uuid);
    expect((await (await loginAs(freelancer)).post(url, { hash })).statusCode).toBe(403);
    expect((await (await loginAs(await createUser(t.db))).post(url, { hash })).statusCode).toBe(
      403,
    );
    expect((await agent(t.app).post(url, { hash })).statusCode).toBe(401);
    expect((await ownerAgent.post(chooseUrl(task.uuid, randomUuid()), { hash })).statusCode).toBe(
      404,
    );
    expect((await ownerAgent.post(url, {})).statusCode).toBe(422);
    const [row] = await t.db.query<{ status: string }>('SELECT status FROM tasks WHERE uuid = $1', [
      task.uuid,
    ]);
    expect(row.status).toBe('open');
  });

  it('answers 409 when the offer changed since it was shown (hash mismatch)', async () => {
    const { task, ownerAgent } = await ownedTask();
    const freelancer = await newFreelancer();
    const offer = await createOffer(t.db, {
      task_uuid: task.uuid,
      freelancer_uuid: freelancer.uuid,
    });
    const shown = await currentHash(task.uuid, offer.uuid);
    const edit = await (
      await loginAs(freelancer)
    ).put(offerUrl(task.uuid, offer.uuid), {
      ...form,
      price: 999,
    });
    expect(edit.statusCode).toBe(200);

    const res = await ownerAgent.post(chooseUrl(task.uuid, offer.uuid), { hash: shown });
    expect(res.statusCode).toBe(409);
    const rows = await t.db.query(
      'SELECT 1 FROM offers WHERE task_uuid = $1 AND chosen_at IS NOT NULL',
      [task.uuid],
    );
    expect(rows).toHaveLength(0);
    // With the current hash it succeeds.
    const ok = await ownerAgent.post(chooseUrl(task.uuid, offer.uuid), {
      hash: await currentHash(task.uuid, offer.uuid),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('answers 409 to a second choice, of the same or another offer', async () => {
    const { task, ownerAgent } = await ownedTask();
    const offer = await createOffer(t.db, { task_uuid: task.uuid });
    const other = await createOffer(t.db, { task_uuid: task.uuid });
    const hash = await currentHash(task.uuid, offer.uuid);
    const otherHash = await currentHash(task.uuid, other.uuid);
    expect((await ownerAgent.post(chooseUrl(task.uuid, offer.uuid), { hash })).statusCode).toBe(
      200,
    );
    expect((await ownerAgent.post(chooseUrl(task.uuid, offer.uuid), { hash })).statusCode).toBe(
      409,
    );
    const res = await ownerAgent.post(chooseUrl(task.uuid, other.uuid), { hash: otherHash });
    expect(res.statusCode).toBe(409);
    const chosen = await t.db.query<{ uuid: string }>(
      'SELECT uuid FROM offers WHERE task_uuid = $1 AND chosen_at IS NOT NULL',
      [task.uuid],
    );
    expect(chosen).toEqual([{ uuid: offer.uuid }]);
  });

  it('lets only one of two simultaneous choices win', async () => {
    const { task, ownerAgent } = await ownedTask();
    const a = await createOffer(t.db, { task_uuid: task.uuid });
    const b = await createOffer(t.db, { task_uuid: task.uuid });
    const [ra, rb] = await Promise.all([
      ownerAgent.post(chooseUrl(task.uuid, a.uuid), { hash: await currentHash(task.uuid, a.uuid) }),
      ownerAgent.post(chooseUrl(task.uuid, b.uuid), { hash: await currentHash(task.uuid, b.uuid) }),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
    const chosen = await t.db.query(
      'SELECT 1 FROM offers WHERE task_uuid = $1 AND chosen_at IS NOT NULL',
      [task.uuid],
    );
    expect(chosen).toHaveLength(1);
  });

  it('is backed by offers_one_chosen_per_task, whose violation is recognised', async () => {
    const task = await createTask(t.db, { category_id: category.id });
    const a = await createOffer(t.db, { task_uuid: task.uuid });
    const b = await createOffer(t.db, { task_uuid: task.uuid });
    await t.db.query('UPDATE offers SET chosen_at = now() WHERE uuid = $1', [a.uuid]);
    const err: unknown = await t.db
      .query('UPDATE offers SET chosen_at = now() WHERE uuid = $1', [b.uuid])
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(err, 'offers_one_chosen_per_task')).toBe(true);
    expect(isUniqueViolation(err, 'some_other_index')).toBe(false);
  });

  it('tells the not-chosen freelancers who asked (offers.not_chosen), and nobody else', async () => {
    const { task, ownerAgent } = await ownedTask({ title: 'Paint the fence' });
    const winner = await newFreelancer();
    const asked = await newFreelancer();
    const silent = await newFreelancer();
    const offer = await createOffer(t.db, {
      task_uuid: task.uuid,
      freelancer_uuid: winner.uuid,
      notify_if_not_chosen: true,
    });
    await createOffer(t.db, {
      task_uuid: task.uuid,
      freelancer_uuid: asked.uuid,
      notify_if_not_chosen: true,
    });
    await createOffer(t.db, { task_uuid: task.uuid, freelancer_uuid: silent.uuid });

    // The real hub: the event reaches the freelancer's stream through LISTEN/NOTIFY.
    const received: PushEvent[] = [];
    const unsubscribe = t.app.push.subscribe({ userUuid: asked.uuid }, (e) => received.push(e));
    const publishUser = jest.spyOn(t.app.push, 'publishUser');
    try {
      const res = await ownerAgent.post(chooseUrl(task.uuid, offer.uuid), {
        hash: await currentHash(task.uuid, offer.uuid),
      });
      expect(res.statusCode).toBe(200);
      const expected = {
        handler: 'offers.not_chosen',
        task_uuid: task.uuid,
        task_identifier: task.identifier,
        task_title: 'Paint the fence',
        reason: null,
      };
      expect(publishUser.mock.calls).toEqual([[asked.uuid, expected]]);
      for (let i = 0; i < 50 && received.length === 0; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(received).toEqual([expected]);
    } finally {
      unsubscribe();
    }
  });
});

describe('the reason for the freelancers who were not chosen (issue 19)', () => {
  const chooseUrl = (taskUuid: string, offerUuid: string) =>
    `${offerUrl(taskUuid, offerUuid)}/choose`;

  /** A task with three offers: the winner's, one whose freelancer asked to hear, one who did not. */
  async function threeOffers() {
    const owned = await ownedTask({ title: 'Tile the bathroom' });
    const winner = await newFreelancer();
    const asked = await newFreelancer();
    const silent = await newFreelancer();
    const offer = await createOffer(t.db, {
      task_uuid: owned.task.uuid,
      freelancer_uuid: winner.uuid,
    });
    const askedOffer = await createOffer(t.db, {
      task_uuid: owned.task.uuid,
      freelancer_uuid: asked.uuid,
      notify_if_not_chosen: true,
    });
    const silentOffer = await createOffer(t.db, {
      task_uuid: owned.task.uuid,
      freelancer_uuid: silent.uuid,
    });
    return { ...owned, winner, asked, silent, offer, askedOffer, silentOffer };
  }

  const choose = async (
    ownerAgent: Agent,
    taskUuid: string,
    offerUuid: string,
    extra: Record<string, unknown>,
  ) =>
    ownerAgent.post(chooseUrl(taskUuid, offerUuid), {
      hash: await currentHash(taskUuid, offerUuid),
      ...extra,
    });

  const offersSeenBy = async (user: TestUser | null, taskIdentifier: string) => {
    const a = user ? await loginAs(user) : agent(t.app);
    const res = await a.get(`/api/tasks/${taskIdentifier}`);
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: Task }).data.offers;
  };

  it('stores the reason on each offer that lost, and shows it only to its freelancer and the owner', async () => {
    const x = await threeOffers();
    const res = await choose(x.ownerAgent, x.task.uuid, x.offer.uuid, {
      not_chosen_reason: 'price',
    });
    expect(res.statusCode).toBe(200);
    // The owner's answer: the chosen offer carries no reason, the others 'price'.
    const owners = (res.json() as { data: Task }).data.offers;
    // The chosen offer comes first; the other two may tie on created_at.
    expect(owners[0]).toEqual(
      expect.objectContaining({ uuid: x.offer.uuid, not_chosen_reason: null }),
    );
    expect(Object.fromEntries(owners.map((o) => [o.uuid, o.not_chosen_reason]))).toEqual({
      [x.offer.uuid]: null,
      [x.askedOffer.uuid]: 'price',
      [x.silentOffer.uuid]: 'price',
    });
    const stored = await t.db.query<{ uuid: string; not_chosen_reason: string | null }>(
      'SELECT uuid, not_chosen_reason FROM offers WHERE task_uuid = $1',
      [x.task.uuid],
    );
    // By uuid, not by created_at: offers made in the same millisecond tie.
    expect(Object.fromEntries(stored.map((o) => [o.uuid, o.not_chosen_reason]))).toEqual({
      [x.offer.uuid]: null,
      [x.askedOffer.uuid]: 'price',
      [x.silentOffer.uuid]: 'price',
    });

    // Each freelancer who lost sees their own offer with the reason; nobody sees another's.
    expect(await offersSeenBy(x.asked, x.task.identifier)).toEqual([
      expect.objectContaining({ uuid: x.askedOffer.uuid, not_chosen_reason: 'price' }),
    ]);
    expect(await offersSeenBy(x.silent, x.task.identifier)).toEqual([
      expect.objectContaining({ uuid: x.silentOffer.uuid, not_chosen_reason: 'price' }),
    ]);
    // The chosen freelancer, other users and visitors see no reason at all.
    const winners = await offersSeenBy(x.winner, x.task.identifier);
    expect(winners.map((o) => [o.uuid, o.not_chosen_reason])).toEqual([[x.offer.uuid, null]]);
    expect(await offersSeenBy(await createUser(t.db), x.task.identifier)).toEqual([]);
    expect(await offersSeenBy(null, x.task.identifier)).toEqual([]);
    const single = await (await loginAs(x.winner)).get(offerUrl(x.task.uuid, x.askedOffer.uuid));
    expect(single.statusCode).toBe(403);
  });

  it('tells only the freelancers who asked, with the reason in the notice', async () => {
    const x = await threeOffers();
    const publishUser = jest.spyOn(t.app.push, 'publishUser');
    const res = await choose(x.ownerAgent, x.task.uuid, x.offer.uuid, {
      not_chosen_reason: 'known',
    });
    expect(res.statusCode).toBe(200);
    expect(publishUser.mock.calls).toEqual([
      [
        x.asked.uuid,
        {
          handler: 'offers.not_chosen',
          task_uuid: x.task.uuid,
          task_identifier: x.task.identifier,
          task_title: 'Tile the bathroom',
          reason: 'known',
        },
      ],
    ]);
  });

  it('keeps the reason optional: none given, none stored', async () => {
    const x = await threeOffers();
    expect((await choose(x.ownerAgent, x.task.uuid, x.offer.uuid, {})).statusCode).toBe(200);
    const offers = await offersSeenBy(x.asked, x.task.identifier);
    expect(offers[0].not_chosen_reason).toBeNull();
  });

  it.each(['cheaper', '', 5, ['price'], { reason: 'price' }])(
    'refuses the reason %p with a 422 field error, choosing nothing',
    async (reason) => {
      const x = await threeOffers();
      const res = await choose(x.ownerAgent, x.task.uuid, x.offer.uuid, {
        not_chosen_reason: reason,
      });
      expect(res.statusCode).toBe(422);
      expect(Object.keys((res.json() as { errors: Record<string, unknown> }).errors)).toEqual([
        'not_chosen_reason',
      ]);
      const [row] = await t.db.query<{ status: string }>(
        'SELECT status FROM tasks WHERE uuid = $1',
        [x.task.uuid],
      );
      expect(row.status).not.toBe('in_progress');
    },
  );
});
