/**
 * The moderation page's "Reported questions" (issues 19 and 20) in the server render: a moderator
 * gets the section with the question as written in the HTML, and the embedded hand-over holds the
 * same answer, so the browser's first render requests nothing and matches.
 */
import type { ModerationQuestionReportsPage } from '../../../src/shared/types';
import {
  createQuestion,
  createTask,
  createUser,
  loggedInAgent,
  type Agent,
  type TestApp,
} from '../../support/server';
import { buildRenderApp } from '../../support/serverRender';
import { embeddedAnswer, rootOf } from '../../support/spaPage';

const QUESTION = 'Cheap watches, call +371 2912 3456';
let t: TestApp;
let moderator: Agent;

beforeAll(async () => {
  t = await buildRenderApp();
  moderator = await loggedInAgent(t.app, await createUser(t.db, { is_moderator: true }));
  const task = await createTask(t.db, { status: 'open', title: 'Paint the fence' });
  const question = await createQuestion(t.db, { task_uuid: task.uuid, message: QUESTION });
  await t.db.query(
    `INSERT INTO question_reports (question_id, reporter_key, message) VALUES ($1, 'anon:x', 'Ad')`,
    [question],
  );
}, 60_000);
afterAll(() => t.close());

it('renders the reported questions for a moderator, the question as written', async () => {
  const res = await moderator.get('/en/moderation');
  expect(res.statusCode).toBe(200);
  const root = rootOf(res.body);
  expect(root).toContain('Reported questions');
  expect(root).toContain(QUESTION);
  expect(root).toContain('Hide the question');
  const embedded = embeddedAnswer<{ pages: ModerationQuestionReportsPage[] }>(
    res.body,
    'getModerationQuestionReports',
  );
  expect(embedded?.pages.map((page) => page.groups.length)).toEqual([1]);
});
