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
  agentsFor,
  buildTestApp,
  createQuestion,
  createTask,
  createUser,
  keysetPages,
  loggedInAgent,
  type Agent,
  type TestApp,
  type TestTask,
  type TestUser,
} from '../support/server';

const EN = { headers: { 'accept-language': 'en' } };
const SPAM = 'Cheap watches, call +371 2612 3456';

let t: TestApp;
/** Each user's logged-in agent (once per suite); a fresh visitor for null. */
let as: (user: TestUser | null) => Promise<Agent>;
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
  as = agentsFor(t.app);
  moderator = await as(await createUser(t.db, { full_name: 'Māra Kalniņa', is_moderator: true }));
  owner = await createUser(t.db);
  asker = await createUser(t.db, { full_name: 'Ivars Asker', is_freelancer: true });
  askerA = await as(asker);
  reporter = await createUser(t.db);
  reporterA = await as(reporter);
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
    expect((await report(await as(null), spam, '')).statusCode).toBe(201);

    const page = await queue('open');
    expect(page.status).toBe('open');
    expect(page.counts).toEqual({
      open_reports: 3,
      open_questions: 2,
      closed_reports: 0,
      closed_questions: 0,
    });
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
    const pub = (await (await as(null)).get(`/api/tasks/${task.uuid}/questions`)).json() as {
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

    for (const a of [await as(null), askerA, await as(owner), moderator]) {
      const list = (await a.get(`/api/tasks/${task.uuid}/questions`)).json() as {
        data: TaskQuestions;
      };
      expect(list.data.questions.map((q) => q.id)).toEqual([fine]);
    }
    const page = await queue('open');
    expect(page.counts).toEqual({
      open_reports: 1,
      open_questions: 1,
      closed_reports: 2,
      closed_questions: 1,
    });
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
    const list = (await (await as(null)).get(`/api/tasks/${task.uuid}/questions`)).json() as {
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

describe('paging the question queue (keyset cursors, as the task queue)', () => {
  let p: TestApp;
  let mod: Agent;
  /** Question ids in the open queue's order (first reported first). */
  const queued: number[] = [];
  type Page = { groups: { question: { id: number } }[]; next_cursor: string | null };
  const idsOf = (page: Page) => page.groups.map((g) => g.question.id);

  beforeAll(async () => {
    p = await buildTestApp();
    mod = await loggedInAgent(p.app, await createUser(p.db, { is_moderator: true }));
    const on = await createTask(p.db, { status: 'open' });
    // Five reported questions; two of them first reported in the same microsecond (the id decides).
    for (let i = 0; i < 5; i += 1) {
      const id = await createQuestion(p.db, { task_uuid: on.uuid, message: `Question ${i}?` });
      const at = i === 3 ? '2026-01-01T10:00:02Z' : `2026-01-01T10:00:0${Math.min(i, 2)}Z`;
      await p.db.query(
        `INSERT INTO question_reports (question_id, reporter_key, message, created_at)
         VALUES ($1, $2, 'Spam.', $3::timestamptz + make_interval(secs => 0.000001 * $4))`,
        [id, `anon:${i}`, at, i === 3 || i === 2 ? 0 : i],
      );
      queued.push(id);
    }
  });
  afterAll(() => p.close());

  it('pages the open queue per_page groups at a time, none twice, none left out', async () => {
    const pages = await keysetPages(mod, '/api/moderation/question-reports?status=open', 2);
    expect(pages).toHaveLength(3);
    expect(pages.flatMap((page) => idsOf(page.data as Page))).toEqual(queued);
    expect((pages[2].data as Page).next_cursor).toBeNull();
    // The counts are the whole queue's on every page.
    expect(
      pages.map((page) => (page.data as ModerationQuestionReportsPage).counts.open_questions),
    ).toEqual([5, 5, 5]);
  });

  it('a question decided between two pages moves nothing; the closed queue pages latest first', async () => {
    const first = (await mod.get('/api/moderation/question-reports?per_page=2')).json()
      .data as Page;
    expect(idsOf(first)).toEqual(queued.slice(0, 2));
    for (const id of queued.slice(0, 2)) {
      const res = await mod.post(`/api/moderation/questions/${id}/dismiss`, { reason: 'Fine.' });
      expect(res.statusCode).toBe(200);
    }
    const second = (
      await mod.get(`/api/moderation/question-reports?per_page=2&cursor=${first.next_cursor}`)
    ).json().data as Page;
    expect(idsOf(second)).toEqual(queued.slice(2, 4));
    const closed = await keysetPages(mod, '/api/moderation/question-reports?status=closed', 1);
    expect(closed.flatMap((page) => idsOf(page.data as Page))).toEqual([queued[1], queued[0]]);
  });

  it('refuses a cursor it did not make (a task queue cursor too) and a bad per_page', async () => {
    const forged = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');
    for (const cursor of [
      'nonsense!',
      forged(['2026-01-01T10:00:00.000000Z', '55555555-5555-4555-8555-555555555555']),
      forged(['2026-01-01T10:00:00.000000Z', '0']),
      forged(['2026-02-30T10:00:00.000000Z', String(queued[0])]),
    ]) {
      const res = await mod.get(`/api/moderation/question-reports?cursor=${cursor}`, EN);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.cursor).toEqual(['This value is not valid.']);
    }
    for (const perPage of ['0', '101', 'many']) {
      const res = await mod.get(`/api/moderation/question-reports?per_page=${perPage}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.per_page).toBeDefined();
    }
  });
});
