/**
 * Public questions on a task (issue 20 'Questions on a task'; docs/QUESTIONS.md).
 *
 * - Open for new questions and answers while the task is open ('new'/'open'), no offer is chosen
 *   and its owner's account exists; otherwise 403 questions.closed.
 * - Texts are stored as written and served masked (src/shared/contactMask.ts) until an offer is
 *   chosen, to everyone, the asker and the owner included.
 * - Hidden questions (the owner's DELETE, or a moderator's decision) stay in the table and are never
 *   served. Reported questions join the moderation queue (src/server/moderation/moderation.ts).
 */
import { maskContacts } from '../../shared/contactMask';
import { statusGroup } from '../../shared/taskLifecycle';
import type { TaskQuestion, TaskQuestions } from '../../shared/types';
import type { Db, Queryable } from '../db/db';
import { HttpError, notFound } from '../errors';
import { isUuid } from '../push/hub';
import { photoOf } from '../users';

const iso = (value: Date | string): string => new Date(value).toISOString();

/** What the routes decide with. */
export interface QuestionTask {
  uuid: string;
  author_uuid: string;
  /** New questions and answers are taken. */
  open: boolean;
  /** An offer is chosen: texts are served as written. */
  chosen: boolean;
}

/** 403 with a translated reason: the questions are closed (an offer is chosen). */
export const questionsClosed = (): HttpError => new HttpError(403, 'questions.closed');

/** The task by uuid, or 404 (also for a malformed uuid). */
export async function findQuestionTask(db: Queryable, taskUuid: string): Promise<QuestionTask> {
  if (!isUuid(taskUuid)) throw notFound();
  const [row] = await db.query<{
    uuid: string;
    author_uuid: string;
    status: string;
    author_deleted: boolean;
    chosen: boolean;
  }>(
    `SELECT t.uuid, t.author_uuid, t.status, u.deleted_at IS NOT NULL AS author_deleted,
            EXISTS (SELECT 1 FROM offers o WHERE o.task_uuid = t.uuid AND o.chosen_at IS NOT NULL)
              AS chosen
       FROM tasks t JOIN users u ON u.uuid = t.author_uuid
      WHERE t.uuid = $1`,
    [taskUuid.toLowerCase()],
  );
  if (!row) throw notFound();
  const chosen = row.chosen || statusGroup(row.status) !== 'open';
  return {
    uuid: row.uuid,
    author_uuid: row.author_uuid,
    chosen,
    open: !chosen && !row.author_deleted,
  };
}

interface QuestionRow {
  id: number;
  task_uuid: string;
  author_uuid: string;
  message: string;
  answer: string | null;
  answered_at: Date | string | null;
  hidden_at: Date | string | null;
  created_at: Date | string;
  author_display_name: string;
  author_photo_path: string | null;
  author_deleted: boolean;
}

const QUESTION_SQL = `SELECT q.id, q.task_uuid, q.author_uuid, q.message, q.answer, q.answered_at,
        q.hidden_at, q.created_at, u.display_name AS author_display_name,
        u.photo_path AS author_photo_path, u.deleted_at IS NOT NULL AS author_deleted
   FROM task_questions q JOIN users u ON u.uuid = q.author_uuid`;

function toQuestion(row: QuestionRow, masked: boolean): TaskQuestion {
  const serve = (text: string): string => (masked ? maskContacts(text) : text);
  return {
    id: Number(row.id),
    message: serve(row.message),
    author: row.author_deleted
      ? null
      : {
          uuid: row.author_uuid,
          display_name: row.author_display_name,
          photo: photoOf(row.author_photo_path),
        },
    created_at: iso(row.created_at),
    answer:
      row.answer === null || row.answered_at === null
        ? null
        : { message: serve(row.answer), answered_at: iso(row.answered_at) },
  };
}

/** Everything GET /api/tasks/{uuid}/questions answers: the same for every viewer. */
export async function listQuestions(db: Queryable, task: QuestionTask): Promise<TaskQuestions> {
  const rows = await db.query<QuestionRow>(
    `${QUESTION_SQL} WHERE q.task_uuid = $1 AND q.hidden_at IS NULL ORDER BY q.created_at, q.id`,
    [task.uuid],
  );
  const masked = !task.chosen;
  return { open: task.open, masked, questions: rows.map((row) => toQuestion(row, masked)) };
}

/** A question id from a path (a positive 32-bit integer), or null. */
export function parseQuestionId(id: string): number | null {
  return /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2147483647 ? Number(id) : null;
}

/** A shown (not hidden) question of the task, or 404 (also for an id that is not a number). */
export async function findQuestion(
  db: Queryable,
  task: QuestionTask,
  id: string,
): Promise<{ id: number; author_uuid: string; answered: boolean }> {
  if (parseQuestionId(id) === null) throw notFound();
  const [row] = await db.query<{ id: number; author_uuid: string; answered: boolean }>(
    `SELECT id, author_uuid, answer IS NOT NULL AS answered FROM task_questions
      WHERE id = $1 AND task_uuid = $2 AND hidden_at IS NULL`,
    [Number(id), task.uuid],
  );
  if (!row) throw notFound();
  return { id: Number(row.id), author_uuid: row.author_uuid, answered: row.answered };
}

/** The question as the routes answer it. */
async function servedQuestion(db: Queryable, task: QuestionTask, id: number) {
  const [row] = await db.query<QuestionRow>(`${QUESTION_SQL} WHERE q.id = $1`, [id]);
  if (!row) throw notFound();
  return toQuestion(row, !task.chosen);
}

/**
 * The task's row locked and re-read inside the transaction, so a choice made meanwhile closes the
 * questions first: 403 questions.closed unless they are still open.
 */
async function lockOpenQuestionTask(tx: Queryable, taskUuid: string): Promise<QuestionTask> {
  await tx.query('SELECT 1 FROM tasks WHERE uuid = $1 FOR UPDATE', [taskUuid]);
  const task = await findQuestionTask(tx, taskUuid);
  if (!task.open) throw questionsClosed();
  return task;
}

/**
 * Adds a question. The task row is locked and re-read, so a choice made meanwhile closes the
 * questions first (403 questions.closed).
 */
export async function addQuestion(
  db: Db,
  taskUuid: string,
  authorUuid: string,
  message: string,
): Promise<TaskQuestion> {
  return db.transaction(async (tx) => {
    const task = await lockOpenQuestionTask(tx, taskUuid);
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO task_questions (task_uuid, author_uuid, message) VALUES ($1, $2, $3)
       RETURNING id`,
      [task.uuid, authorUuid, message],
    );
    return servedQuestion(tx, task, Number(row.id));
  });
}

/** Sets (or replaces) the owner's answer while the questions are open. */
export async function answerQuestion(
  db: Db,
  taskUuid: string,
  questionId: number,
  message: string,
): Promise<TaskQuestion> {
  return db.transaction(async (tx) => {
    const task = await lockOpenQuestionTask(tx, taskUuid);
    const updated = await tx.query<{ id: number }>(
      `UPDATE task_questions SET answer = $3, answered_at = now()
        WHERE id = $1 AND task_uuid = $2 AND hidden_at IS NULL RETURNING id`,
      [questionId, task.uuid, message],
    );
    if (updated.length === 0) throw notFound();
    return servedQuestion(tx, task, questionId);
  });
}

/** Hides a question (the owner's DELETE): kept for moderation, never served again. */
export async function hideQuestion(db: Queryable, questionId: number): Promise<void> {
  await db.query(
    'UPDATE task_questions SET hidden_at = now() WHERE id = $1 AND hidden_at IS NULL',
    [questionId],
  );
}
