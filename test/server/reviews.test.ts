/**
 * Double-blind reviews (issue 19; docs/COMPLETION.md 'Double-blind reviews'): neither party sees the
 * other's rating and feedback until both have reviewed or REVIEW_BLIND_DAYS have passed since the
 * first review, in every response that could show it (task, profile, the complete answer, push).
 * Time moves by injected "now" (loadTaskEntry, loadProfile, publishDueReviews) or by moving the
 * stored review back in time: no sleeps.
 */
import { publishDueReviews } from '../../src/server/completion/publish';
import type { PushEvent } from '../../src/server/push';
import { loadProfile } from '../../src/server/routes/profiles';
import { loadTaskEntry } from '../../src/server/tasks/loadTask';
import { REVIEW_BLIND_DAYS } from '../../src/shared/reviews';
import type { ActiveProfile, Task, TaskReview } from '../../src/shared/types';
import {
  agentsFor,
  buildTestApp,
  createAssignedTask,
  createCategory,
  createUser,
  seedIncompleteReasons,
  type Agent,
  type TestApp,
  type TestUser,
} from '../support/server';

let t: TestApp;
let stranger: TestUser;
let categoryId: number;
/** The logged-in agent of a user (a visitor's for null). */
let as: (user: TestUser | null) => Promise<Agent>;

beforeAll(async () => {
  t = await buildTestApp();
  as = agentsFor(t.app);
  await seedIncompleteReasons(t.db);
  stranger = await createUser(t.db, { full_name: 'Some Body' });
  categoryId = (await createCategory(t.db)).id;
});
afterAll(() => t.close());

interface Finished {
  uuid: string;
  identifier: string;
  owner: TestUser;
  freelancer: TestUser;
}

/** A fresh owner and chosen freelancer on an in-progress task. */
async function assignedTask(): Promise<Finished> {
  const owner = await createUser(t.db, { full_name: 'Olga Owner' });
  const freelancer = await createUser(t.db, { full_name: 'Frank Freelancer', is_freelancer: true });
  const { task } = await createAssignedTask(t.db, {
    customer: owner,
    freelancer,
    category_id: categoryId,
  });
  return { uuid: task.uuid, identifier: task.identifier, owner, freelancer };
}

const OWNER_REVIEW = { status: 'completed', rate: 5, feedback: 'Spotless work, thank you!' };
const FREELANCER_REVIEW = { status: 'completed', rate: 2, feedback: 'Paid late, twice.' };

const complete = async (user: TestUser, taskUuid: string, body: Record<string, unknown>) => {
  const res = await (await as(user)).post(`/api/tasks/${taskUuid}/complete`, body);
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { task: Task } }).data.task;
};

const reviewsSeenBy = async (task: Finished, viewer: TestUser | null): Promise<TaskReview[]> => {
  const res = await (await as(viewer)).get(`/api/tasks/${task.identifier}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: Task }).data.reviews;
};

const profileSeenBy = async (user: TestUser, viewer: TestUser | null): Promise<ActiveProfile> => {
  const res = await (await as(viewer)).get(`/api/users/${user.uuid}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: ActiveProfile }).data;
};

/** Everything a response says, as text: a hidden feedback must not appear anywhere in it. */
const leaks = (body: unknown, secret: string) => JSON.stringify(body).includes(secret);

describe('double-blind reviews', () => {
  it('hides the first review from the other party, other users and visitors', async () => {
    const task = await assignedTask();
    const answer = await complete(task.owner, task.uuid, OWNER_REVIEW);
    // The complete answer shows the author their own review, marked hidden until 14 days on.
    expect(answer.reviews).toHaveLength(1);
    const [own] = answer.reviews;
    expect(own).toMatchObject({
      author_role: 'customer',
      rate: 5,
      feedback: OWNER_REVIEW.feedback,
      visible: false,
    });
    expect(new Date(own.visible_at).getTime() - new Date(own.created_at).getTime()).toBe(
      REVIEW_BLIND_DAYS * 24 * 3600 * 1000,
    );
    expect(await reviewsSeenBy(task, task.owner)).toEqual([own]);

    for (const viewer of [task.freelancer, stranger, null]) {
      const res = await (await as(viewer)).get(`/api/tasks/${task.identifier}`);
      expect((res.json() as { data: Task }).data.reviews).toEqual([]);
      expect(leaks(res.json(), OWNER_REVIEW.feedback)).toBe(false);
    }
    // Nor on the reviewed freelancer's profile, nor in their rating.
    const profile = await profileSeenBy(task.freelancer, task.freelancer);
    expect(profile.reviews).toEqual([]);
    expect(profile.freelancer_rating).toBeNull();
    expect(leaks(await profileSeenBy(task.freelancer, null), OWNER_REVIEW.feedback)).toBe(false);
  });

  it('sends no review in push events', async () => {
    const task = await assignedTask();
    const events: PushEvent[] = [];
    const unsubscribe = t.app.push.subscribe(
      { tasks: [task.uuid], userUuid: task.freelancer.uuid },
      (e) => events.push(e),
    );
    try {
      await complete(task.owner, task.uuid, OWNER_REVIEW);
      // The hub delivers through LISTEN/NOTIFY: wait for the task's event, without a timer.
      await t.db.query('SELECT 1');
      for (let i = 0; i < 50 && events.length === 0; i += 1) await t.db.query('SELECT 1');
      expect(events).toEqual([{ handler: 'tasks.view', task_uuid: task.uuid }]);
    } finally {
      unsubscribe();
    }
  });

  it('shows both reviews to everyone once both have reviewed, and counts both ratings', async () => {
    const task = await assignedTask();
    await complete(task.owner, task.uuid, OWNER_REVIEW);
    // The second party's answer already shows both.
    const answer = await complete(task.freelancer, task.uuid, FREELANCER_REVIEW);
    expect(answer.reviews.map((r) => [r.author_role, r.rate, r.visible])).toEqual([
      ['customer', 5, true],
      ['freelancer', 2, true],
    ]);
    for (const viewer of [task.owner, task.freelancer, stranger, null]) {
      const reviews = await reviewsSeenBy(task, viewer);
      expect(reviews.map((r) => r.feedback)).toEqual([
        OWNER_REVIEW.feedback,
        FREELANCER_REVIEW.feedback,
      ]);
    }
    const freelancerProfile = await profileSeenBy(task.freelancer, null);
    expect(freelancerProfile.reviews.map((r) => r.feedback)).toEqual([OWNER_REVIEW.feedback]);
    expect(freelancerProfile.freelancer_rating).toBe(5);
    const ownerProfile = await profileSeenBy(task.owner, null);
    expect(ownerProfile.reviews.map((r) => r.feedback)).toEqual([FREELANCER_REVIEW.feedback]);
    expect(ownerProfile.customer_rating).toBe(2);
  });

  it(`shows a lone review ${REVIEW_BLIND_DAYS} days after it was written, not a minute before`, async () => {
    const task = await assignedTask();
    const [own] = (await complete(task.owner, task.uuid, OWNER_REVIEW)).reviews;
    const visibleAt = new Date(own.visible_at);
    const before = new Date(visibleAt.getTime() - 60_000);

    const seen = async (now: Date, viewer: TestUser | null) =>
      (await loadTaskEntry(t.db, task.uuid, viewer, 'en', { now }))?.task.reviews ?? [];
    expect(await seen(before, task.freelancer)).toEqual([]);
    expect(await seen(before, null)).toEqual([]);
    expect(await loadProfile(t.db, task.freelancer.uuid, 'en', before)).toMatchObject({
      reviews: [],
    });

    for (const viewer of [task.freelancer, stranger, null]) {
      const reviews = await seen(visibleAt, viewer);
      expect(reviews).toHaveLength(1);
      expect(reviews[0]).toMatchObject({ feedback: OWNER_REVIEW.feedback, visible: true });
    }
    const profile = (await loadProfile(
      t.db,
      task.freelancer.uuid,
      'en',
      visibleAt,
    )) as ActiveProfile;
    expect(profile.reviews.map((r) => r.feedback)).toEqual([OWNER_REVIEW.feedback]);

    // The rating takes it in when the sweep publishes it (not before its time).
    expect(await publishDueReviews(t.db, before)).toBe(0);
    expect((await profileSeenBy(task.freelancer, null)).freelancer_rating).toBeNull();
    expect(await publishDueReviews(t.db, visibleAt)).toBeGreaterThanOrEqual(1);
    expect((await profileSeenBy(task.freelancer, null)).freelancer_rating).toBe(5);
  });

  it('shows a lone review through the API once its days are over', async () => {
    const task = await assignedTask();
    await complete(task.owner, task.uuid, OWNER_REVIEW);
    await t.db.query(
      `UPDATE reviews SET created_at = now() - make_interval(days => $2) - interval '1 minute'
        WHERE task_uuid = $1`,
      [task.uuid, REVIEW_BLIND_DAYS],
    );
    expect((await reviewsSeenBy(task, null)).map((r) => r.feedback)).toEqual([
      OWNER_REVIEW.feedback,
    ]);
    expect((await profileSeenBy(task.freelancer, stranger)).reviews).toHaveLength(1);
  });
});
