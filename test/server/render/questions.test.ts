/**
 * The task page's questions (issue 20) in the server render: the questions and answers are in the
 * HTML for a visitor, contacts as the translated "[hidden]" (never the number), and the embedded
 * hand-over holds the same answer, so the browser's first render requests nothing and matches.
 */
import type { TaskQuestions } from '../../../src/shared/types';
import { createTask, createUser, type TestApp } from '../../support/server';
import { buildRenderApp } from '../../support/serverRender';
import { embeddedAnswer, rootOf } from '../../support/spaPage';

const PHONE = '+371 2912 3456';
let t: TestApp;
let identifier: string;

beforeAll(async () => {
  t = await buildRenderApp();
  const owner = await createUser(t.db);
  const asker = await createUser(t.db, { is_freelancer: true, display_name: 'Asker A.' });
  const task = await createTask(t.db, { author_uuid: owner.uuid, status: 'open' });
  identifier = task.identifier;
  await t.db.query(
    `INSERT INTO task_questions (task_uuid, author_uuid, message, answer, answered_at)
     VALUES ($1, $2, $3, $4, now())`,
    [task.uuid, asker.uuid, `May I call you on ${PHONE}?`, 'Please ask here instead.'],
  );
}, 60_000);
afterAll(() => t.close());

it.each([
  ['en', '[hidden]', 'Questions to the customer'],
  ['lv', '[paslēpts]', 'Jautājumi pasūtītājam'],
  ['ru', '[скрыто]', 'Вопросы заказчику'],
])(
  'renders the questions for a visitor in %s, the phone as %s',
  async (locale, hidden, heading) => {
    const res = await t.app.inject({ method: 'GET', url: `/${locale}/tasks/${identifier}` });
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toContain(heading);
    expect(root).toContain('May I call you on ');
    expect(root).toContain(hidden);
    expect(root).toContain('Please ask here instead.');
    expect(res.body).not.toContain('2912');
    const embedded = embeddedAnswer<TaskQuestions>(res.body, 'getQuestions');
    expect(embedded?.questions).toHaveLength(1);
    expect(embedded?.masked).toBe(true);
  },
);
