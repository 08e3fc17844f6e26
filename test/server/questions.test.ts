/**
 * Public questions on a task (issue 20): who may ask, answer, hide and report; the masking of
 * contacts before an offer is chosen; closing once one is; the push event that makes open pages
 * refetch; the moderation list of open question reports; the rate limit.
 */
import type { PushEvent } from '../../src/server/push';
import { listQuestionReportGroups } from '../../src/server/moderation/moderation';
import { CONTACT_MARKER } from '../../src/shared/contactMask';
import type { TaskQuestions } from '../../src/shared/types';
import {
  agent,
  buildTestApp,
  createOffer,
  createTask,
  createUser,
  loggedInAgent,
  randomUuid,
  type Agent,
  type TestApp,
  type TestUser,
} from '../support/server';

const EN = { headers: { 'accept-language': 'en' } };
const LV = { headers: { 'accept-language': 'lv' } };

const list = async (a: Agent, taskUuid: string): Promise<TaskQuestions> =>
  ((await a.get(`/api/tasks/${taskUuid}/questions`)).json() as { data: TaskQuestions }).data;

describe('questions on a task', () => {
  let t: TestApp;
  let owner: TestUser;
  let asker: TestUser;
  let other: TestUser;
  let ownerA: Agent;
  let askerA: Agent;
  let otherA: Agent;
  let taskUuid: string;

  beforeAll(async () => {
    t = await buildTestApp({ questionRateLimit: 1000 });
    owner = await createUser(t.db);
    asker = await createUser(t.db, { is_freelancer: true });
    other = await createUser(t.db);
    ownerA = await loggedInAgent(t.app, owner);
    askerA = await loggedInAgent(t.app, asker);
    otherA = await loggedInAgent(t.app, other);
    taskUuid = (await createTask(t.db, { author_uuid: owner.uuid, status: 'open' })).uuid;
  });
  afterAll(() => t.close());

  it('lets a signed-in user other than the owner ask; visitors see it', async () => {
    const res = await askerA.post(`/api/tasks/${taskUuid}/questions`, {
      message: '  Is the paint included?  ',
    });
    expect(res.statusCode).toBe(201);
    const { data } = res.json() as { data: { id: number; message: string } };
    expect(data.message).toBe('Is the paint included?');

    const seen = await list(agent(t.app), taskUuid);
    expect(seen.open).toBe(true);
    expect(seen.masked).toBe(true);
    expect(seen.questions).toEqual([
      expect.objectContaining({
        id: data.id,
        message: 'Is the paint included?',
        answer: null,
        author: expect.objectContaining({ uuid: asker.uuid }),
      }),
    ]);
  });

  it('refuses the owner (403) and visitors (401)', async () => {
    const body = { message: 'A question of mine' };
    expect((await ownerA.post(`/api/tasks/${taskUuid}/questions`, body)).statusCode).toBe(403);
    expect((await agent(t.app).post(`/api/tasks/${taskUuid}/questions`, body)).statusCode).toBe(
      401,
    );
  });

  it('answers 422 with field errors for a too short, too long or missing message', async () => {
    for (const message of ['abc', '    a   ', 'x'.repeat(1001), undefined, 42]) {
      const res = await askerA.post(`/api/tasks/${taskUuid}/questions`, { message }, EN);
      expect(res.statusCode).toBe(422);
      const errors = (res.json() as { errors: Record<string, string[]> }).errors;
      expect(Object.keys(errors)).toEqual(['message']);
    }
    const res = await askerA.post(`/api/tasks/${taskUuid}/questions`, { message: 'abc' }, EN);
    expect((res.json() as { errors: { message: string[] } }).errors.message[0]).toBe(
      'Use at least 5 characters.',
    );
  });

  it('answers 404 for an unknown task or question', async () => {
    expect((await askerA.get(`/api/tasks/${randomUuid()}/questions`)).statusCode).toBe(404);
    expect((await askerA.get('/api/tasks/not-a-uuid/questions')).statusCode).toBe(404);
    const answer = await ownerA.post(`/api/tasks/${taskUuid}/questions/999999/answer`, {
      message: 'Yes',
    });
    expect(answer.statusCode).toBe(404);
    expect((await ownerA.delete(`/api/tasks/${taskUuid}/questions/abc`)).statusCode).toBe(404);
  });

  it('lets only the owner answer, once per question (a second answer replaces it)', async () => {
    const { data } = (
      await askerA.post(`/api/tasks/${taskUuid}/questions`, { message: 'When can I start?' })
    ).json() as { data: { id: number } };
    const url = `/api/tasks/${taskUuid}/questions/${data.id}/answer`;
    expect((await askerA.post(url, { message: 'Now' })).statusCode).toBe(403);
    expect((await otherA.post(url, { message: 'Now' })).statusCode).toBe(403);
    expect((await agent(t.app).post(url, { message: 'Now' })).statusCode).toBe(401);
    expect((await ownerA.post(url, { message: '   ' })).statusCode).toBe(422);
    expect((await ownerA.post(url, { message: 'Monday' })).statusCode).toBe(200);
    const res = await ownerA.post(url, { message: 'Tuesday' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: { answer: { message: string } } }).data.answer.message).toBe(
      'Tuesday',
    );
    const question = (await list(otherA, taskUuid)).questions.find((q) => q.id === data.id);
    expect(question?.answer?.message).toBe('Tuesday');
  });

  it('masks contacts for everyone, the asker included, and stores them as written', async () => {
    const message = 'Call me on +371 29 123 456 or anna at gmail dot com, budget 150 EUR';
    const { data } = (
      await askerA.post(`/api/tasks/${taskUuid}/questions`, { message })
    ).json() as { data: { id: number; message: string } };
    const masked = `Call me on ${CONTACT_MARKER} or ${CONTACT_MARKER}, budget 150 EUR`;
    expect(data.message).toBe(masked);
    await ownerA.post(`/api/tasks/${taskUuid}/questions/${data.id}/answer`, {
      message: 'See www.example.lv',
    });
    for (const a of [askerA, ownerA, agent(t.app)]) {
      const question = (await list(a, taskUuid)).questions.find((q) => q.id === data.id);
      expect(question?.message).toBe(masked);
      expect(question?.answer?.message).toBe(`See ${CONTACT_MARKER}`);
    }
    const [row] = await t.db.query<{ message: string }>(
      'SELECT message FROM task_questions WHERE id = $1',
      [data.id],
    );
    expect(row.message).toBe(message);
  });

  it('lets the owner hide a question: it is no longer served, and stays stored', async () => {
    const { data } = (
      await askerA.post(`/api/tasks/${taskUuid}/questions`, { message: 'Something rude' })
    ).json() as { data: { id: number } };
    const url = `/api/tasks/${taskUuid}/questions/${data.id}`;
    expect((await askerA.delete(url)).statusCode).toBe(403);
    expect((await agent(t.app).delete(url)).statusCode).toBe(401);
    expect((await ownerA.delete(url)).statusCode).toBe(204);
    expect((await list(askerA, taskUuid)).questions.map((q) => q.id)).not.toContain(data.id);
    expect((await ownerA.delete(url)).statusCode).toBe(404);
    const rows = await t.db.query('SELECT 1 FROM task_questions WHERE id = $1', [data.id]);
    expect(rows).toHaveLength(1);
  });

  it('pushes tasks.view for the task on each change, so open pages refetch', async () => {
    const events: PushEvent[] = [];
    let arrived: () => void = () => undefined;
    const next = () =>
      new Promise<void>((resolve) => {
        arrived = resolve;
      });
    const unsubscribe = t.app.push.subscribe({ tasks: [taskUuid] }, (event) => {
      events.push(event);
      arrived();
    });
    try {
      let wait = next();
      const { data } = (
        await askerA.post(`/api/tasks/${taskUuid}/questions`, { message: 'Live question?' })
      ).json() as { data: { id: number } };
      await wait;
      expect(events).toEqual([{ handler: 'tasks.view', task_uuid: taskUuid }]);
      wait = next();
      await ownerA.post(`/api/tasks/${taskUuid}/questions/${data.id}/answer`, { message: 'Yes' });
      await wait;
      expect(events).toHaveLength(2);
    } finally {
      unsubscribe();
    }
  });
});

describe('closing when an offer is chosen', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ questionRateLimit: 1000 });
  });
  afterAll(() => t.close());

  it('refuses new questions and answers with a translated 403 and unmasks the texts', async () => {
    const owner = await createUser(t.db);
    const asker = await createUser(t.db, { is_freelancer: true });
    const ownerA = await loggedInAgent(t.app, owner);
    const askerA = await loggedInAgent(t.app, asker);
    const task = await createTask(t.db, { author_uuid: owner.uuid, status: 'open' });
    const { data } = (
      await askerA.post(`/api/tasks/${task.uuid}/questions`, { message: 'Phone 29123456?' })
    ).json() as { data: { id: number } };

    // The owner chooses an offer: the task is in progress.
    await createOffer(t.db, { task_uuid: task.uuid, chosen_at: new Date() });
    await t.db.query("UPDATE tasks SET status = 'in_progress' WHERE uuid = $1", [task.uuid]);

    const ask = await askerA.post(
      `/api/tasks/${task.uuid}/questions`,
      { message: 'Too late?' },
      EN,
    );
    expect(ask.statusCode).toBe(403);
    expect((ask.json() as { message: string }).message).toBe(
      'Questions on this task are closed: an offer has been chosen.',
    );
    const answer = await ownerA.post(
      `/api/tasks/${task.uuid}/questions/${data.id}/answer`,
      { message: 'Yes' },
      LV,
    );
    expect(answer.statusCode).toBe(403);
    expect((answer.json() as { message: string }).message).toBe(
      'Jautājumi par šo uzdevumu ir slēgti: piedāvājums jau ir izvēlēts.',
    );
    const seen = await list(agent(t.app), task.uuid);
    expect(seen).toMatchObject({ open: false, masked: false });
    expect(seen.questions[0].message).toBe('Phone 29123456?');
  });
});

describe('reporting a question', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ questionRateLimit: 1000 });
  });
  afterAll(() => t.close());

  it('lets anyone but its asker report it once, visitors too; lists open reports by task', async () => {
    const owner = await createUser(t.db);
    const asker = await createUser(t.db, { is_freelancer: true });
    const askerA = await loggedInAgent(t.app, asker);
    const ownerA = await loggedInAgent(t.app, owner);
    const task = await createTask(t.db, { author_uuid: owner.uuid, status: 'open' });
    const { data } = (
      await askerA.post(`/api/tasks/${task.uuid}/questions`, { message: 'Buy cheap watches' })
    ).json() as { data: { id: number } };
    const url = `/api/tasks/${task.uuid}/questions/${data.id}/report`;

    expect((await askerA.post(url, { message: 'Mine' })).statusCode).toBe(403);
    expect((await ownerA.post(url, { message: 'x'.repeat(5001) })).statusCode).toBe(422);
    expect((await ownerA.post(url, { message: 'Spam' })).statusCode).toBe(201);
    const again = await ownerA.post(url, { message: 'Spam again' }, EN);
    expect(again.statusCode).toBe(403);
    expect((again.json() as { message: string }).message).toBe(
      'You have already reported this question.',
    );
    const visitor = agent(t.app, { remoteAddress: '10.0.0.7' });
    expect((await visitor.post(url, {})).statusCode).toBe(201);
    expect((await visitor.post(url, {})).statusCode).toBe(403);
    expect(
      (await agent(t.app).post(`/api/tasks/${task.uuid}/questions/99999/report`, {})).statusCode,
    ).toBe(404);

    // The moderation queue (test/server/questionModeration.test.ts): oldest report first.
    const queue = await listQuestionReportGroups(t.db, 'open');
    expect(queue.groups).toEqual([
      expect.objectContaining({
        question: expect.objectContaining({ id: data.id, message: 'Buy cheap watches' }),
        task: expect.objectContaining({ uuid: task.uuid }),
        reports: [
          expect.objectContaining({ anonymous: false, message: 'Spam' }),
          expect.objectContaining({ anonymous: true, message: '' }),
        ],
      }),
    ]);
  });
});

describe('flooding', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ questionRateLimit: 2 });
  });
  afterAll(() => t.close());

  it('answers 429 past QUESTION_RATE_LIMIT questions a minute', async () => {
    const asker = await createUser(t.db, { is_freelancer: true });
    const askerA = await loggedInAgent(t.app, asker);
    const task = await createTask(t.db, { status: 'open' });
    const url = `/api/tasks/${task.uuid}/questions`;
    expect((await askerA.post(url, { message: 'First question' })).statusCode).toBe(201);
    expect((await askerA.post(url, { message: 'Second question' })).statusCode).toBe(201);
    expect((await askerA.post(url, { message: 'Third question' })).statusCode).toBe(429);
  });
});
