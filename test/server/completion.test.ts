/**
 * POST /api/tasks/:taskUuid/complete: who may lock, reason groups, the cancelled path, rate and
 * feedback rules, rating aggregation, and the two-sided flow (docs/COMPLETION.md).
 */
import type { PushEvent } from '../../src/server/push';
import { awaitingActionFor, REVIEW_WINDOW_DAYS } from '../../src/server/completion/awaiting';
import { REASON_IDS } from '../../src/server/db/seedData/reasons';
import type { Task } from '../../src/shared/types';
import {
  agentsFor,
  buildTestApp,
  createAssignedTask,
  createCategory,
  createOffer,
  createTask,
  createUser,
  randomUuid,
  seedIncompleteReasons,
  type Agent,
  type TestApp,
  type TestUser,
} from '../support/server';

let t: TestApp;
let owner: TestUser;
let chosen: TestUser;
let offerer: TestUser;
let stranger: TestUser;
let categoryId: number;
/** The logged-in agent of a user (a visitor's for null). */
let as: (user: TestUser | null) => Promise<Agent>;

beforeAll(async () => {
  t = await buildTestApp();
  as = agentsFor(t.app);
  await seedIncompleteReasons(t.db);
  owner = await createUser(t.db, { full_name: 'Owner Person' });
  chosen = await createUser(t.db, { full_name: 'Chosen One', is_freelancer: true });
  offerer = await createUser(t.db, { full_name: 'Offer Maker', is_freelancer: true });
  stranger = await createUser(t.db, { full_name: 'Some Body' });
  categoryId = (await createCategory(t.db)).id;
});
afterAll(() => t.close());

interface Assigned {
  uuid: string;
  freelancer: TestUser;
  customer: TestUser;
}

/** An in_progress task awaiting action: `freelancer`'s offer is chosen, `offerer` has another. */
async function assignedTask(
  customer: TestUser = owner,
  freelancer: TestUser = chosen,
): Promise<Assigned> {
  const { task } = await createAssignedTask(t.db, {
    customer,
    freelancer,
    category_id: categoryId,
  });
  if (freelancer.uuid !== offerer.uuid) {
    await createOffer(t.db, { task_uuid: task.uuid, freelancer_uuid: offerer.uuid });
  }
  return { uuid: task.uuid, freelancer, customer };
}

const complete = async (user: TestUser | null, taskUuid: string, body: Record<string, unknown>) =>
  (await as(user)).post(`/api/tasks/${taskUuid}/complete`, body, {
    headers: { 'accept-language': 'en' },
  });

const COMPLETED = { status: 'completed', rate: 5, feedback: 'Great work, thank you!' };

interface ReviewRow {
  author_uuid: string;
  target_uuid: string;
  target_role: string;
  status: string;
  reason_id: number | null;
  rate: number;
  feedback: string | null;
}

const reviewsOf = (taskUuid: string) =>
  t.db.query<ReviewRow>(
    `SELECT author_uuid, target_uuid, target_role, status, reason_id, rate, feedback
       FROM reviews WHERE task_uuid = $1 ORDER BY id`,
    [taskUuid],
  );

const taskRow = async (taskUuid: string) =>
  (
    await t.db.query<{ status: string; awaiting_action: boolean; locked_by: string | null }>(
      'SELECT status, awaiting_action, locked_by FROM tasks WHERE uuid = $1',
      [taskUuid],
    )
  )[0];

const ratingsOf = async (user: TestUser) => {
  const [row] = await t.db.query<{
    customer_rating: number | null;
    freelancer_rating: number | null;
  }>(
    `SELECT customer_rating::float8 AS customer_rating, freelancer_rating::float8 AS freelancer_rating
       FROM users WHERE uuid = $1`,
    [user.uuid],
  );
  return row;
};

const awaitingFor = async (task: Assigned, viewer: TestUser | null) => {
  const [row] = await t.db.query<{ status: string; awaiting_action: boolean }>(
    'SELECT status, awaiting_action FROM tasks WHERE uuid = $1',
    [task.uuid],
  );
  return awaitingActionFor(
    t.db,
    {
      uuid: task.uuid,
      status: row.status,
      awaiting_action: row.awaiting_action,
      authorUuid: task.customer.uuid,
      chosenFreelancerUuid: task.freelancer.uuid,
    },
    viewer?.uuid ?? null,
  );
};

const errorsOf = (res: { json: () => unknown }) =>
  (res.json() as { errors: Record<string, string[]> }).errors;

describe('who may complete', () => {
  it('refuses visitors with 401', async () => {
    const task = await assignedTask();
    const res = await complete(null, task.uuid, COMPLETED);
    expect(res.statusCode).toBe(401);
    expect(await reviewsOf(task.uuid)).toEqual([]);
  });

  it('answers 404 for a missing task and a non-uuid', async () => {
    expect((await complete(owner, randomUuid(), COMPLETED)).statusCode).toBe(404);
    expect((await complete(owner, 'not-a-uuid', COMPLETED)).statusCode).toBe(404);
  });

  it('refuses a freelancer whose offer was not chosen, and any other user, with 403', async () => {
    const task = await assignedTask();
    expect((await complete(offerer, task.uuid, COMPLETED)).statusCode).toBe(403);
    expect((await complete(stranger, task.uuid, COMPLETED)).statusCode).toBe(403);
    expect(await reviewsOf(task.uuid)).toEqual([]);
    expect((await taskRow(task.uuid)).status).toBe('in_progress');
  });

  it('refuses the owner of an open task (no offer chosen) with 403', async () => {
    const task = await createTask(t.db, { author_uuid: owner.uuid, category_id: categoryId });
    await createOffer(t.db, { task_uuid: task.uuid, freelancer_uuid: offerer.uuid });
    const res = await complete(owner, task.uuid, COMPLETED);
    expect(res.statusCode).toBe(403);
    expect((res.json() as { message: string }).message).toBe('This task cannot be completed now.');
    expect((await taskRow(task.uuid)).status).toBe('open');
  });

  it('refuses an in_progress task that awaits nobody with 403', async () => {
    const task = await assignedTask();
    await t.db.query('UPDATE tasks SET awaiting_action = false WHERE uuid = $1', [task.uuid]);
    expect((await complete(owner, task.uuid, COMPLETED)).statusCode).toBe(403);
  });

  it('lets the owner lock the task: completed, the chosen freelancer reviewed', async () => {
    const task = await assignedTask();
    const res = await complete(owner, task.uuid, COMPLETED);
    expect(res.statusCode).toBe(200);
    const {
      kind,
      step,
      task: payload,
    } = (res.json() as { data: { kind: string; step: string; task: Task } }).data;
    expect(kind).toBe('completed');
    // The answer says the owner's choice decided the status.
    expect(step).toBe('lock');
    expect(payload.uuid).toBe(task.uuid);
    expect(payload.status).toBe('completed');
    expect(payload.awaiting_action).toBe(false);
    expect(await reviewsOf(task.uuid)).toEqual([
      {
        author_uuid: owner.uuid,
        target_uuid: chosen.uuid,
        target_role: 'freelancer',
        status: 'completed',
        reason_id: null,
        rate: 5,
        feedback: 'Great work, thank you!',
      },
    ]);
    expect(await taskRow(task.uuid)).toEqual({
      status: 'completed',
      awaiting_action: true,
      locked_by: owner.uuid,
    });
    // Per viewer: the owner is done, the freelancer still has to review, nobody else awaits.
    expect(await awaitingFor(task, owner)).toBe(false);
    expect(await awaitingFor(task, chosen)).toBe(true);
    expect(await awaitingFor(task, offerer)).toBe(false);
    expect(await awaitingFor(task, null)).toBe(false);
  });

  it('lets the chosen freelancer lock the task and rate the customer', async () => {
    const customer = await createUser(t.db);
    const task = await assignedTask(customer, chosen);
    const res = await complete(chosen, task.uuid, { ...COMPLETED, rate: 4 });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: { kind: string } }).data.kind).toBe('completed');
    const [review] = await reviewsOf(task.uuid);
    expect(review).toMatchObject({
      author_uuid: chosen.uuid,
      target_uuid: customer.uuid,
      target_role: 'customer',
      rate: 4,
    });
    // Double-blind: the rating counts once the customer has reviewed too.
    expect((await ratingsOf(customer)).customer_rating).toBeNull();
    expect(await awaitingFor(task, customer)).toBe(true);
    expect(await awaitingFor(task, chosen)).toBe(false);
    expect((await complete(customer, task.uuid, COMPLETED)).statusCode).toBe(200);
    expect((await ratingsOf(customer)).customer_rating).toBe(4);
  });

  it('publishes tasks.view after success', async () => {
    const task = await assignedTask();
    const events: PushEvent[] = [];
    const unsubscribe = t.app.push.subscribe({ tasks: [task.uuid] }, (e) => events.push(e));
    try {
      expect((await complete(owner, task.uuid, COMPLETED)).statusCode).toBe(200);
      for (let i = 0; i < 50 && events.length === 0; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(events).toEqual([{ handler: 'tasks.view', task_uuid: task.uuid }]);
    } finally {
      unsubscribe();
    }
  });
});

describe('reasons', () => {
  it('refuses a reason of the freelancer group for the owner (422 on reason_id)', async () => {
    const task = await assignedTask();
    const res = await complete(owner, task.uuid, {
      status: 'incomplete',
      reason_id: REASON_IDS.customerNoResponse,
      rate: 3,
      feedback: 'Did not answer at all.',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(errorsOf(res))).toEqual(['reason_id']);
    expect(await reviewsOf(task.uuid)).toEqual([]);
    expect((await taskRow(task.uuid)).status).toBe('in_progress');
  });

  it('refuses a reason of the customer group for the chosen freelancer', async () => {
    const task = await assignedTask();
    const res = await complete(chosen, task.uuid, {
      status: 'incomplete',
      reason_id: REASON_IDS.taskerNoShow,
      rate: 3,
    });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toHaveProperty('reason_id');
  });

  it('requires an existing reason when the status is incomplete', async () => {
    const task = await assignedTask();
    const missing = await complete(owner, task.uuid, { status: 'incomplete', rate: 3 });
    expect(missing.statusCode).toBe(422);
    expect(errorsOf(missing).reason_id).toEqual(['This field is required.']);
    const unknown = await complete(owner, task.uuid, {
      status: 'incomplete',
      reason_id: 999,
      rate: 3,
    });
    expect(unknown.statusCode).toBe(422);
    expect(errorsOf(unknown)).toHaveProperty('reason_id');
  });

  it('requires a valid status', async () => {
    const task = await assignedTask();
    const res = await complete(owner, task.uuid, { status: 'done', rate: 3 });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toHaveProperty('status');
  });

  it('cancels with rate 0 and feedback null when the reason needs no feedback', async () => {
    const task = await assignedTask();
    const before = await ratingsOf(chosen);
    const res = await complete(owner, task.uuid, {
      status: 'incomplete',
      reason_id: REASON_IDS.noLongerNeeded,
      rate: 4,
      feedback: 'ignored text',
    });
    expect(res.statusCode).toBe(200);
    const data = (res.json() as { data: { kind: string; task: Task } }).data;
    expect(data.kind).toBe('cancelled');
    expect(data.task.status).toBe('incomplete');
    expect(await reviewsOf(task.uuid)).toEqual([
      {
        author_uuid: owner.uuid,
        target_uuid: chosen.uuid,
        target_role: 'freelancer',
        status: 'incomplete',
        reason_id: REASON_IDS.noLongerNeeded,
        rate: 0,
        feedback: null,
      },
    ]);
    // A cancellation is not a rating.
    expect(await ratingsOf(chosen)).toEqual(before);
  });

  it('asks for a rating when the reason requires feedback: kind incomplete', async () => {
    const task = await assignedTask();
    const withoutRate = await complete(owner, task.uuid, {
      status: 'incomplete',
      reason_id: REASON_IDS.poorWork,
      rate: 0,
      feedback: null,
    });
    expect(withoutRate.statusCode).toBe(422);
    expect(errorsOf(withoutRate)).toHaveProperty('rate');

    const res = await complete(owner, task.uuid, {
      status: 'incomplete',
      reason_id: REASON_IDS.poorWork,
      rate: 2,
      feedback: 'The paint is already peeling.',
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: { kind: string } }).data.kind).toBe('incomplete');
    expect(await reviewsOf(task.uuid)).toMatchObject([
      { status: 'incomplete', reason_id: REASON_IDS.poorWork, rate: 2 },
    ]);
  });
});

describe('rate and feedback', () => {
  it.each([0, 6, -1, 2.5, 'abc'])('refuses rate %p with 422 on rate', async (rate) => {
    const task = await assignedTask();
    const res = await complete(owner, task.uuid, { ...COMPLETED, rate });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(errorsOf(res))).toEqual(['rate']);
    expect(await reviewsOf(task.uuid)).toEqual([]);
  });

  it('requires a rate', async () => {
    const task = await assignedTask();
    const res = await complete(owner, task.uuid, { status: 'completed' });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res).rate).toEqual(['This field is required.']);
  });

  it('refuses feedback of 4 characters and of 1001 characters', async () => {
    const task = await assignedTask();
    const short = await complete(owner, task.uuid, { ...COMPLETED, feedback: 'abcd' });
    expect(short.statusCode).toBe(422);
    expect(errorsOf(short).feedback).toEqual(['Use at least 5 characters.']);
    const long = await complete(owner, task.uuid, { ...COMPLETED, feedback: 'a'.repeat(1001) });
    expect(long.statusCode).toBe(422);
    expect(errorsOf(long).feedback).toEqual(['Use at most 1,000 characters.']);
    expect(await reviewsOf(task.uuid)).toEqual([]);
  });

  it('accepts feedback of 5 characters, and no feedback at all', async () => {
    const five = await assignedTask();
    expect((await complete(owner, five.uuid, { ...COMPLETED, feedback: 'abcde' })).statusCode).toBe(
      200,
    );
    const none = await assignedTask();
    expect((await complete(owner, none.uuid, { status: 'completed', rate: 3 })).statusCode).toBe(
      200,
    );
    expect((await reviewsOf(none.uuid))[0].feedback).toBeNull();
  });
});

describe('rating aggregation', () => {
  it('sets the target rating to the average of their rated reviews, to 2 decimals', async () => {
    const freelancer = await createUser(t.db, { is_freelancer: true, freelancer_rating: null });
    // Both parties review, so each review is published and counts (double-blind).
    const both = async (taskUuid: string, rate: number) => {
      expect((await complete(owner, taskUuid, { ...COMPLETED, rate })).statusCode).toBe(200);
      expect((await complete(freelancer, taskUuid, COMPLETED)).statusCode).toBe(200);
    };
    const first = await assignedTask(owner, freelancer);
    await both(first.uuid, 5);
    expect((await ratingsOf(freelancer)).freelancer_rating).toBe(5);

    const second = await assignedTask(owner, freelancer);
    await both(second.uuid, 4);
    expect((await ratingsOf(freelancer)).freelancer_rating).toBe(4.5);

    // A cancellation (rate 0) does not count.
    const cancelled = await assignedTask(owner, freelancer);
    const res = await complete(owner, cancelled.uuid, {
      status: 'incomplete',
      reason_id: REASON_IDS.noPriceAgreement,
    });
    expect(res.statusCode).toBe(200);
    expect((await ratingsOf(freelancer)).freelancer_rating).toBe(4.5);

    const third = await assignedTask(owner, freelancer);
    await both(third.uuid, 4);
    expect((await ratingsOf(freelancer)).freelancer_rating).toBe(4.33);
    // Reviews of a freelancer leave their customer rating alone.
    expect((await ratingsOf(freelancer)).customer_rating).toBeNull();
  });
});

describe('the two-sided flow', () => {
  it('lets the second party add their review without changing the outcome', async () => {
    const customer = await createUser(t.db);
    const task = await assignedTask(customer, chosen);
    expect((await complete(customer, task.uuid, COMPLETED)).statusCode).toBe(200);

    const res = await complete(chosen, task.uuid, {
      status: 'incomplete',
      reason_id: REASON_IDS.differedFromDescription,
      rate: 2,
      feedback: 'The job was twice as big as described.',
    });
    expect(res.statusCode).toBe(200);
    const data = (res.json() as { data: { kind: string; step: string; task: Task } }).data;
    expect(data.kind).toBe('incomplete');
    // The answer says it was only a review: the freelancer's 'incomplete' left the status alone.
    expect(data.step).toBe('review');
    expect(data.task.status).toBe('completed');
    expect(data.task.awaiting_action).toBe(false);

    const reviews = await reviewsOf(task.uuid);
    expect(reviews).toHaveLength(2);
    expect(reviews[1]).toEqual({
      author_uuid: chosen.uuid,
      target_uuid: customer.uuid,
      target_role: 'customer',
      status: 'incomplete',
      reason_id: REASON_IDS.differedFromDescription,
      rate: 2,
      feedback: 'The job was twice as big as described.',
    });
    expect(await taskRow(task.uuid)).toEqual({
      status: 'completed',
      awaiting_action: false,
      locked_by: customer.uuid,
    });
    expect((await ratingsOf(customer)).customer_rating).toBe(2);
    expect(await awaitingFor(task, customer)).toBe(false);
    expect(await awaitingFor(task, chosen)).toBe(false);
  });

  it('refuses a party who has already reviewed with 423', async () => {
    const task = await assignedTask();
    expect((await complete(owner, task.uuid, COMPLETED)).statusCode).toBe(200);
    const again = await complete(owner, task.uuid, { ...COMPLETED, rate: 1 });
    expect(again.statusCode).toBe(423);
    expect((again.json() as { message: string }).message).toBe(
      'You have already left your feedback on this task.',
    );
    expect((await complete(chosen, task.uuid, COMPLETED)).statusCode).toBe(200);
    expect((await complete(chosen, task.uuid, COMPLETED)).statusCode).toBe(423);
    expect(await reviewsOf(task.uuid)).toHaveLength(2);
    expect((await reviewsOf(task.uuid))[0].rate).toBe(5);
  });

  it(`closes the second party's window ${REVIEW_WINDOW_DAYS} days after the lock (423)`, async () => {
    const task = await assignedTask();
    expect((await complete(owner, task.uuid, COMPLETED)).statusCode).toBe(200);
    await t.db.query(
      `UPDATE tasks SET locked_at = now() - make_interval(days => $2) - interval '1 minute'
        WHERE uuid = $1`,
      [task.uuid, REVIEW_WINDOW_DAYS],
    );
    expect(await awaitingFor(task, chosen)).toBe(false);
    const res = await complete(chosen, task.uuid, COMPLETED);
    expect(res.statusCode).toBe(423);
    expect((res.json() as { message: string }).message).toBe(
      'The time to leave feedback on this task has passed.',
    );
    expect(await reviewsOf(task.uuid)).toHaveLength(1);
  });

  it('keeps the window open just before it ends', async () => {
    const task = await assignedTask();
    expect((await complete(owner, task.uuid, COMPLETED)).statusCode).toBe(200);
    await t.db.query(
      `UPDATE tasks SET locked_at = now() - make_interval(days => $2) + interval '1 hour'
        WHERE uuid = $1`,
      [task.uuid, REVIEW_WINDOW_DAYS],
    );
    expect(await awaitingFor(task, chosen)).toBe(true);
    expect((await complete(chosen, task.uuid, COMPLETED)).statusCode).toBe(200);
  });

  it('still refuses other users once the task is locked', async () => {
    const task = await assignedTask();
    expect((await complete(owner, task.uuid, COMPLETED)).statusCode).toBe(200);
    expect((await complete(offerer, task.uuid, COMPLETED)).statusCode).toBe(403);
    expect((await complete(null, task.uuid, COMPLETED)).statusCode).toBe(401);
  });
});
