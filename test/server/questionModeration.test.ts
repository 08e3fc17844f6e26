/**
 * Reported questions join the moderation queue (issues 19 and 20; docs/MODERATION.md): the queue
 * (the question as written, unmasked; its author and task; every report; counts; oldest first),
 * hiding a question and dismissing its reports, each with its audit row, the reporter's
 * GET /api/me/reports and push. Every role on every route:
 * test/server/security/moderationAuthorization.test.ts.
 */
import type { PushEvent } from '../../src/server/push';
import { CONTACT_MARKER } from '../../src/shared/contactMask';
import type {
  ModerationQuestionReportsPage,
  MyReport,
  TaskQuestions,
} from '../../src/shared/types';
import {
  agent,
  buildTestApp,
  createTask,
  createUser,
  loggedInAgent,
  type Agent,
  type TestApp,
  type TestTask,
  type TestUser,
} from '../support/server';

const EN = { headers: { 'accept-language': 'en' } };
const SPAM = 'Cheap watches, call +371 2612 3456';

let t: TestApp;
let moderator: Agent;
let owner: TestUser;
let asker: TestUser;
let reporter: TestUser;
let reporterA: Agent;
let task: TestTask;
let askerA: Agent;

const ask = async (message: string): Promise<number> => {
  const res = await askerA.post(`/api/tasks/${task.uuid}/questions`, { message });
  expect(res.statusCode).toBe(201);
  return (res.json() as { data: { id: number } }).data.id;
};
const report = (a: Agent, id: number, message: string) =>
  a.post(`/api/tasks/${task.uuid}/questions/${id}/report`, { message });
const queue = async (status: 'open' | 'closed'): Promise<ModerationQuestionReportsPage> => {
  const res = await moderator.get(`/api/moderation/question-reports?status=${status}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: ModerationQuestionReportsPage }).data;
};
const logRows = () =>
  t.db.query<{ action: string; task_uuid: string; question_id: number; reason: string }>(
    'SELECT action, task_uuid, question_id, reason FROM moderation_log ORDER BY id',
  );

beforeAll(async () => {
  t = await buildTestApp({ questionRateLimit: 1000 });
  const mod = await createUser(t.db, { full_name: 'Māra Kalniņa' });
  await t.db.query('UPDATE users SET is_moderator = true WHERE uuid = $1', [mod.uuid]);
  moderator = await loggedInAgent(t.app, mod);
  owner = await createUser(t.db);
  asker = await createUser(t.db, { full_name: 'Ivars Asker', is_freelancer: true });
  askerA = await loggedInAgent(t.app, asker);
  reporter = await createUser(t.db);
  reporterA = await loggedInAgent(t.app, reporter);
  task = await createTask(t.db, {
    author_uuid: owner.uuid,
    status: 'open',
    title: 'Paint the fence',
  });
});
afterAll(() => t.close());

describe('the question report queue', () => {
  let spam: number;
  let fine: number;

  it('lists open question reports by question, oldest first, unmasked, with counts', async () => {
    spam = await ask(SPAM);
    fine = await ask('Is the paint included?');
    expect((await report(reporterA, spam, 'Selling watches')).statusCode).toBe(201);
    expect((await report(reporterA, fine, 'Off topic')).statusCode).toBe(201);
    expect((await report(agent(t.app), spam, '')).statusCode).toBe(201);

    const page = await queue('open');
    expect(page.status).toBe('open');
    expect(page.counts).toEqual({ open_reports: 3, open_questions: 2, closed_reports: 0 });
    expect(page.groups.map((g) => g.question.id)).toEqual([spam, fine]);
    expect(page.groups[0]).toMatchObject({
      question: {
        id: spam,
        // Moderators read the question as written, contacts included.
        message: SPAM,
        hidden_at: null,
        hidden_reason: null,
        author: { uuid: asker.uuid, full_name: 'Ivars Asker', deleted: false },
      },
      task: { uuid: task.uuid, identifier: task.identifier, title: 'Paint the fence' },
      reports_count: 2,
      reports: [
        { message: 'Selling watches', status: 'open', anonymous: false },
        { message: '', status: 'open', anonymous: true },
      ],
    });
    // The public still sees it masked.
    const pub = (await agent(t.app).get(`/api/tasks/${task.uuid}/questions`)).json() as {
      data: TaskQuestions;
    };
    expect(pub.data.questions[0].message).toBe(`Cheap watches, call ${CONTACT_MARKER}`);
    expect((await queue('closed')).groups).toEqual([]);
  });

  it('refuses a bad status, a bad reason (422 on the field) and an unknown id (404)', async () => {
    const bad = await moderator.get('/api/moderation/question-reports?status=all', EN);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.status).toBeDefined();
    for (const body of [{}, { reason: '' }, { reason: ' a ' }, { reason: 'x'.repeat(501) }]) {
      const res = await moderator.post(`/api/moderation/questions/${spam}/hide`, body, EN);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.reason).toBeDefined();
    }
    for (const id of ['99999', 'abc', '0', '1e3', '99999999999']) {
      for (const action of ['hide', 'dismiss']) {
        const res = await moderator.post(`/api/moderation/questions/${id}/${action}`, {
          reason: 'Spam offers',
        });
        expect(res.statusCode).toBe(404);
      }
    }
    expect(await logRows()).toEqual([]);
  });

  it('hides a question: gone for everyone, its reports action_taken, logged, the reporter told', async () => {
    const pushed: PushEvent[] = [];
    const unsubscribe = t.app.push.subscribe({ userUuid: reporter.uuid }, (e) => pushed.push(e));
    const publishTask = jest.spyOn(t.app.push, 'publishTask');
    const res = await moderator.post(`/api/moderation/questions/${spam}/hide`, {
      reason: '  Advertising  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: spam,
      hidden_at: expect.any(String),
      hidden_reason: 'Advertising',
      decided_reports: 2,
    });
    // Open pages of the task refetch its questions.
    expect(publishTask).toHaveBeenCalledWith(task.uuid);
    publishTask.mockRestore();
    expect(await logRows()).toEqual([
      { action: 'hide_question', task_uuid: task.uuid, question_id: spam, reason: 'Advertising' },
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(pushed).toEqual([
      {
        handler: 'reports.decided',
        task_uuid: task.uuid,
        task_identifier: task.identifier,
        task_title: 'Paint the fence',
        status: 'action_taken',
      },
    ]);
    unsubscribe();

    for (const a of [agent(t.app), askerA, await loggedInAgent(t.app, owner), moderator]) {
      const list = (await a.get(`/api/tasks/${task.uuid}/questions`)).json() as {
        data: TaskQuestions;
      };
      expect(list.data.questions.map((q) => q.id)).toEqual([fine]);
    }
    const page = await queue('open');
    expect(page.counts).toEqual({ open_reports: 1, open_questions: 1, closed_reports: 2 });
    const closed = await queue('closed');
    expect(closed.groups[0]).toMatchObject({
      question: { id: spam, hidden_reason: 'Advertising' },
      reports: [{ status: 'action_taken' }, { status: 'action_taken' }],
    });
  });

  it('is harmless twice: a decision that changes nothing answers 200 and logs nothing', async () => {
    const res = await moderator.post(`/api/moderation/questions/${spam}/hide`, {
      reason: 'Advertising again',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: spam, decided_reports: 0 });
    const dismiss = await moderator.post(`/api/moderation/questions/${spam}/dismiss`, {
      reason: 'Nothing open',
    });
    expect(dismiss.statusCode).toBe(200);
    expect(await logRows()).toHaveLength(1);
  });

  it('dismisses the reports of a question: it stays, its reports are dismissed, logged', async () => {
    const pushed: PushEvent[] = [];
    const unsubscribe = t.app.push.subscribe({ userUuid: reporter.uuid }, (e) => pushed.push(e));
    const res = await moderator.post(`/api/moderation/questions/${fine}/dismiss`, {
      reason: 'A fair question',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: fine,
      hidden_at: null,
      hidden_reason: null,
      decided_reports: 1,
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(pushed).toEqual([expect.objectContaining({ status: 'dismissed' })]);
    unsubscribe();
    expect((await logRows()).map((r) => r.action)).toEqual(['hide_question', 'dismiss_question']);
    const list = (await agent(t.app).get(`/api/tasks/${task.uuid}/questions`)).json() as {
      data: TaskQuestions;
    };
    expect(list.data.questions.map((q) => q.id)).toEqual([fine]);
    expect((await queue('open')).groups).toEqual([]);
  });

  it('shows the decisions in the log with the question and its task', async () => {
    const log = (await moderator.get('/api/moderation/log')).json().data;
    expect(log.slice(0, 2)).toEqual([
      expect.objectContaining({
        action: 'dismiss_question',
        reason: 'A fair question',
        task: { uuid: task.uuid, identifier: task.identifier, title: 'Paint the fence' },
        user: null,
        question: { id: fine, message: 'Is the paint included?' },
      }),
      expect.objectContaining({
        action: 'hide_question',
        reason: 'Advertising',
        question: { id: spam, message: SPAM },
      }),
    ]);
  });

  it("lists question reports in the reporter's own reports with their status", async () => {
    await reporterA.post(`/api/tasks/${task.uuid}/report`, { message: 'The task too' });
    const mine = (await reporterA.get('/api/me/reports')).json() as { data: MyReport[] };
    const task_ = { uuid: task.uuid, identifier: task.identifier, title: 'Paint the fence' };
    expect(mine.data).toEqual([
      expect.objectContaining({ subject: 'task', status: 'open', task: task_ }),
      expect.objectContaining({
        subject: 'question',
        message: 'Off topic',
        status: 'dismissed',
        decided_at: expect.any(String),
        task: task_,
      }),
      expect.objectContaining({
        subject: 'question',
        message: 'Selling watches',
        status: 'action_taken',
        task: task_,
      }),
    ]);
    // Nobody else's.
    const theirs = (await askerA.get('/api/me/reports')).json() as { data: MyReport[] };
    expect(theirs.data).toEqual([]);
  });
});
