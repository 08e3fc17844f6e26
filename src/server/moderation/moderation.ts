/**
 * Moderation (issue 19): the report queue, the decisions and their audit log. Each decision runs in
 * one transaction with its audit row (moderation_log), so a decision is never kept without its
 * record nor recorded without taking effect. The routes (src/server/routes/moderation.ts) push the
 * consequences after the commit (open task pages refetch, reporters get a notice).
 *
 * Idempotent: a decision that changes nothing (hiding a hidden task with no open reports,
 * suspending a suspended user, ...) answers the same state and writes no audit row.
 * docs/MODERATION.md has the rules.
 */
import type {
  ModerationLogEntry,
  ModerationQuestionReportGroup,
  ModerationQuestionReportsPage,
  ModerationReport,
  ModerationReportGroup,
  ModerationReportsPage,
  ModerationTaskAuthor,
  MyReport,
} from '../../shared/types';
import type { ModerationAction } from '../../shared/validation/moderation';
import type { Queryable } from '../db/db';
import { cursorAt, keysetPage, type Keyset } from '../cursor';
import { HttpError, notFound } from '../errors';

const iso = (value: Date | string): string => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null): string | null =>
  value === null ? null : iso(value);

/** The task statuses a suspension hides (a task still taking offers). */
const OPEN_TASK_STATUSES_SQL = `('new', 'open')`;

/** At most this many task groups per page of the queue, and entries of the log (the default page). */
export const MODERATION_PAGE_GROUPS = 100;
export const MODERATION_LOG_ENTRIES = 100;

/** 'user:<uuid>' (a signed-in reporter) -> the uuid; an anonymous reporter has none. */
export function reporterUuid(reporterKey: string): string | null {
  const match = /^user:([0-9a-f-]{36})$/i.exec(reporterKey.split('@')[0]);
  return match ? match[1].toLowerCase() : null;
}

/** A decided report whose reporter may learn it (the routes push after the commit). */
export interface DecidedReport {
  reporterUuid: string;
  taskUuid: string;
  taskIdentifier: string;
  taskTitle: string;
  status: 'action_taken' | 'dismissed';
}

export interface DecisionResult<T> {
  data: T;
  /** Tasks whose pages must refetch. */
  changedTasks: string[];
  decided: DecidedReport[];
}

/** A report as json_agg built it (REPORT_JSON): the served shape, dates as Postgres wrote them. */
type ReportJson = ModerationReport;

/** One report of a group, oldest first (r is the report's row, of either report table). */
const REPORT_JSON = `json_agg(json_build_object('id', r.id, 'message', r.message,
                       'created_at', r.created_at, 'status', r.status, 'decided_at', r.decided_at,
                       'anonymous', r.reporter_key NOT LIKE 'user:%')
                     ORDER BY r.created_at, r.id) AS reports`;

/** The author columns of a group (u is the author's row). */
const AUTHOR_COLUMNS = `u.uuid AS author_uuid, u.full_name AS author_full_name,
            u.display_name AS author_display_name, u.suspended_at AS author_suspended_at,
            u.deleted_at IS NOT NULL AS author_deleted`;

interface AuthorColumns {
  author_uuid: string;
  author_full_name: string;
  author_display_name: string;
  author_suspended_at: Date | string | null;
  author_deleted: boolean;
}

const toAuthor = (row: AuthorColumns): ModerationTaskAuthor => ({
  uuid: row.author_uuid,
  full_name: row.author_full_name,
  display_name: row.author_display_name,
  suspended_at: isoOrNull(row.author_suspended_at),
  deleted: row.author_deleted,
});

/** A group's sort key in a queue: when it was first reported (open), last decided (closed). */
const queueKey = (open: boolean): string => (open ? 'min(r.created_at)' : 'max(r.decided_at)');

interface QueueCounts {
  open_reports: number;
  open_subjects: number;
  closed_reports: number;
  closed_subjects: number;
}

/** Open and decided reports of one report table, and how many subjects each are about. */
async function queueCounts(
  db: Queryable,
  table: 'reports' | 'question_reports',
  subject: 'task_uuid' | 'question_id',
): Promise<QueueCounts> {
  const [counts] = await db.query<QueueCounts>(
    `SELECT count(*) FILTER (WHERE status = 'open')::int AS open_reports,
            count(DISTINCT ${subject}) FILTER (WHERE status = 'open')::int AS open_subjects,
            count(*) FILTER (WHERE status <> 'open')::int AS closed_reports,
            count(DISTINCT ${subject}) FILTER (WHERE status <> 'open')::int AS closed_subjects
       FROM ${table}`,
  );
  return {
    open_reports: Number(counts.open_reports),
    open_subjects: Number(counts.open_subjects),
    closed_reports: Number(counts.closed_reports),
    closed_subjects: Number(counts.closed_subjects),
  };
}

const toReport = (r: ReportJson): ModerationReport => ({
  id: Number(r.id),
  message: r.message,
  created_at: iso(r.created_at),
  status: r.status,
  decided_at: isoOrNull(r.decided_at),
  anonymous: Boolean(r.anonymous),
});

/** The reports part of a group row (REPORT_JSON and its count and first date). */
interface GroupReportColumns {
  reports: ReportJson[];
  reports_count: number;
  first_reported_at: Date | string;
  cursor_at: string;
}

const groupReports = (row: GroupReportColumns) => ({
  reports: row.reports.map(toReport),
  reports_count: Number(row.reports_count),
  first_reported_at: iso(row.first_reported_at),
});

/** What tells the task queue from the question queue; everything else is one builder. */
interface QueueSpec<Row, Group, Counts> {
  /** The report table (aliased r) and its column naming what a report is about. */
  table: 'reports' | 'question_reports';
  subject: 'task_uuid' | 'question_id';
  /** The group's own columns and the joins they need. */
  columns: string;
  joins: string;
  /** GROUP BY; its first column is the group's id, which breaks ties, of type `idType`. */
  groupBy: string;
  idType: 'uuid' | 'bigint';
  idOf: (row: Row) => string;
  toGroup: (row: Row) => Group;
  counts: (counts: QueueCounts) => Counts;
}

/**
 * A page of a report queue: open reports (oldest group first) or decided ones (latest decided
 * first), grouped by the spec's subject, `limit` groups after the cursor's group (keyset,
 * ../cursor.ts), with the whole queue's counts.
 */
async function listQueue<Row extends GroupReportColumns, Group, Counts>(
  db: Queryable,
  spec: QueueSpec<Row, Group, Counts>,
  status: 'open' | 'closed',
  page: { after?: Keyset | null; limit?: number },
): Promise<{
  status: 'open' | 'closed';
  groups: Group[];
  counts: Counts;
  next_cursor: string | null;
}> {
  const open = status === 'open';
  const limit = page.limit ?? MODERATION_PAGE_GROUPS;
  const at = queueKey(open);
  const id = spec.groupBy.split(',')[0];
  const rows = await db.query<Row>(
    `SELECT ${spec.columns},
            ${REPORT_JSON},
            count(*)::int AS reports_count, min(r.created_at) AS first_reported_at,
            ${cursorAt(at)} AS cursor_at
       FROM ${spec.table} r
       ${spec.joins}
      WHERE ${open ? `r.status = 'open'` : `r.status <> 'open'`}
      GROUP BY ${spec.groupBy}
      ${page.after ? `HAVING (${at}, ${id}) ${open ? '>' : '<'} ($1::timestamptz, $2::${spec.idType})` : ''}
      ORDER BY ${open ? `${at}, ${id}` : `${at} DESC, ${id} DESC`}
      LIMIT ${limit + 1}`,
    page.after ? [...page.after] : [],
  );
  const { rows: shown, next_cursor } = keysetPage(rows, limit, (row) => [
    row.cursor_at,
    spec.idOf(row),
  ]);
  const counts = await queueCounts(db, spec.table, spec.subject);
  return { status, groups: shown.map(spec.toGroup), counts: spec.counts(counts), next_cursor };
}

interface GroupRow extends AuthorColumns, GroupReportColumns {
  uuid: string;
  identifier: string;
  title: string;
  status: string;
  created_at: Date | string;
  hidden_at: Date | string | null;
  hidden_reason: string | null;
}

const TASK_QUEUE: QueueSpec<GroupRow, ModerationReportGroup, ModerationReportsPage['counts']> = {
  table: 'reports',
  subject: 'task_uuid',
  columns: `t.uuid, t.identifier, t.title, t.status, t.created_at, t.hidden_at, t.hidden_reason,
            ${AUTHOR_COLUMNS}`,
  joins: `JOIN tasks t ON t.uuid = r.task_uuid
       JOIN users u ON u.uuid = t.author_uuid`,
  groupBy: 't.uuid, u.uuid',
  idType: 'uuid',
  idOf: (row) => row.uuid,
  toGroup: (row) => ({
    task: {
      uuid: row.uuid,
      identifier: row.identifier,
      title: row.title,
      status: row.status,
      created_at: iso(row.created_at),
      hidden_at: isoOrNull(row.hidden_at),
      hidden_reason: row.hidden_reason,
      author: toAuthor(row),
    },
    ...groupReports(row),
  }),
  counts: (c) => ({
    open_reports: c.open_reports,
    open_tasks: c.open_subjects,
    closed_reports: c.closed_reports,
    closed_tasks: c.closed_subjects,
  }),
};

/**
 * GET /api/moderation/reports: reports grouped by task; open ones oldest first, closed ones
 * latest decided first; a page of `limit` groups after the cursor's group (keyset, ../cursor.ts).
 */
export function listReportGroups(
  db: Queryable,
  status: 'open' | 'closed',
  page: { after?: Keyset | null; limit?: number } = {},
): Promise<ModerationReportsPage> {
  return listQueue(db, TASK_QUEUE, status, page);
}

interface QuestionGroupRow extends AuthorColumns, GroupReportColumns {
  id: number;
  message: string;
  created_at: Date | string;
  hidden_at: Date | string | null;
  hidden_reason: string | null;
  task_uuid: string;
  task_identifier: string;
  task_title: string;
  task_hidden_at: Date | string | null;
}

const QUESTION_QUEUE: QueueSpec<
  QuestionGroupRow,
  ModerationQuestionReportGroup,
  ModerationQuestionReportsPage['counts']
> = {
  table: 'question_reports',
  subject: 'question_id',
  columns: `q.id, q.message, q.created_at, q.hidden_at, q.hidden_reason,
            ${AUTHOR_COLUMNS},
            t.uuid AS task_uuid, t.identifier AS task_identifier, t.title AS task_title,
            t.hidden_at AS task_hidden_at`,
  joins: `JOIN task_questions q ON q.id = r.question_id
       JOIN tasks t ON t.uuid = q.task_uuid
       JOIN users u ON u.uuid = q.author_uuid`,
  groupBy: 'q.id, t.uuid, u.uuid',
  idType: 'bigint',
  idOf: (row) => String(row.id),
  toGroup: (row) => ({
    question: {
      id: Number(row.id),
      message: row.message,
      created_at: iso(row.created_at),
      hidden_at: isoOrNull(row.hidden_at),
      hidden_reason: row.hidden_reason,
      author: toAuthor(row),
    },
    task: {
      uuid: row.task_uuid,
      identifier: row.task_identifier,
      title: row.task_title,
      hidden_at: isoOrNull(row.task_hidden_at),
    },
    ...groupReports(row),
  }),
  counts: (c) => ({
    open_reports: c.open_reports,
    open_questions: c.open_subjects,
    closed_reports: c.closed_reports,
    closed_questions: c.closed_subjects,
  }),
};

/**
 * GET /api/moderation/question-reports: reports of public questions grouped by question, the
 * question as written (moderators read it unmasked), its author and its task; ordered and
 * keyset-paged as the task queue.
 */
export function listQuestionReportGroups(
  db: Queryable,
  status: 'open' | 'closed',
  page: { after?: Keyset | null; limit?: number } = {},
): Promise<ModerationQuestionReportsPage> {
  return listQueue(db, QUESTION_QUEUE, status, page);
}

interface LogRow {
  id: string | number;
  action: ModerationAction;
  reason: string;
  created_at: Date | string;
  moderator_uuid: string;
  moderator_display_name: string;
  task_uuid: string | null;
  task_identifier: string | null;
  task_title: string | null;
  user_uuid: string | null;
  user_display_name: string | null;
  question_id: number | null;
  question_message: string | null;
}

/** GET /api/moderation/log: the decisions, newest first, a page of `limit` after the cursor's. */
export async function listLog(
  db: Queryable,
  page: { after?: Keyset | null; limit?: number } = {},
): Promise<{ entries: ModerationLogEntry[]; next_cursor: string | null }> {
  const limit = page.limit ?? MODERATION_LOG_ENTRIES;
  const found = await db.query<LogRow & { cursor_at: string }>(
    `SELECT l.id, l.action, l.reason, l.created_at, ${cursorAt('l.created_at')} AS cursor_at,
            m.uuid AS moderator_uuid, m.display_name AS moderator_display_name,
            t.uuid AS task_uuid, t.identifier AS task_identifier, t.title AS task_title,
            u.uuid AS user_uuid, u.display_name AS user_display_name,
            q.id AS question_id, q.message AS question_message
       FROM moderation_log l
       JOIN users m ON m.uuid = l.moderator_uuid
       LEFT JOIN tasks t ON t.uuid = l.task_uuid
       LEFT JOIN users u ON u.uuid = l.user_uuid
       LEFT JOIN task_questions q ON q.id = l.question_id
      ${page.after ? 'WHERE (l.created_at, l.id) < ($1::timestamptz, $2::bigint)' : ''}
      ORDER BY l.created_at DESC, l.id DESC
      LIMIT ${limit + 1}`,
    page.after ? [...page.after] : [],
  );
  const { rows, next_cursor } = keysetPage(found, limit, (row) => [row.cursor_at, String(row.id)]);
  const entries: ModerationLogEntry[] = rows.map((row) => ({
    id: Number(row.id),
    action: row.action,
    reason: row.reason,
    created_at: iso(row.created_at),
    moderator: { uuid: row.moderator_uuid, display_name: row.moderator_display_name },
    task:
      row.task_uuid && row.task_identifier !== null && row.task_title !== null
        ? { uuid: row.task_uuid, identifier: row.task_identifier, title: row.task_title }
        : null,
    user:
      row.user_uuid && row.user_display_name !== null
        ? { uuid: row.user_uuid, display_name: row.user_display_name }
        : null,
    question:
      row.question_id !== null && row.question_message !== null
        ? { id: Number(row.question_id), message: row.question_message }
        : null,
  }));
  return { entries, next_cursor };
}

/** GET /api/me/reports: what a signed-in user reported (tasks and questions), newest first. */
export async function listMyReports(db: Queryable, userUuid: string): Promise<MyReport[]> {
  const rows = await db.query<{
    subject: MyReport['subject'];
    id: number;
    message: string;
    created_at: Date | string;
    status: MyReport['status'];
    decided_at: Date | string | null;
    task_uuid: string | null;
    task_identifier: string | null;
    task_title: string | null;
  }>(
    `SELECT 'task' AS subject, r.id, r.message, r.created_at, r.status, r.decided_at,
            t.uuid AS task_uuid, t.identifier AS task_identifier, t.title AS task_title
       FROM reports r LEFT JOIN tasks t ON t.uuid = r.task_uuid
      WHERE r.reporter_key = $1
     UNION ALL
     SELECT 'question' AS subject, r.id, r.message, r.created_at, r.status, r.decided_at,
            t.uuid AS task_uuid, t.identifier AS task_identifier, t.title AS task_title
       FROM question_reports r
       JOIN task_questions q ON q.id = r.question_id
       JOIN tasks t ON t.uuid = q.task_uuid
      WHERE r.reporter_key = $1
      ORDER BY created_at DESC, subject, id DESC
      LIMIT 200`,
    [`user:${userUuid}`],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    subject: row.subject,
    message: row.message,
    created_at: iso(row.created_at),
    status: row.status,
    decided_at: isoOrNull(row.decided_at),
    task:
      row.task_uuid && row.task_identifier !== null && row.task_title !== null
        ? { uuid: row.task_uuid, identifier: row.task_identifier, title: row.task_title }
        : null,
  }));
}

async function writeLog(
  tx: Queryable,
  entry: {
    moderatorUuid: string;
    action: ModerationAction;
    taskUuid?: string | null;
    userUuid?: string | null;
    questionId?: number | null;
    reason: string;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO moderation_log (moderator_uuid, action, task_uuid, user_uuid, question_id, reason)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      entry.moderatorUuid,
      entry.action,
      entry.taskUuid ?? null,
      entry.userUuid ?? null,
      entry.questionId ?? null,
      entry.reason,
    ],
  );
}

/** Closes the open reports of the given tasks: how many, and who may learn it. */
async function decideReports(
  tx: Queryable,
  taskUuids: readonly string[],
  status: 'action_taken' | 'dismissed',
): Promise<{ count: number; notify: DecidedReport[] }> {
  if (taskUuids.length === 0) return { count: 0, notify: [] };
  const rows = await tx.query<{
    reporter_key: string;
    task_uuid: string;
    identifier: string;
    title: string;
  }>(
    `UPDATE reports r SET status = $2, decided_at = now()
       FROM tasks t
      WHERE t.uuid = r.task_uuid AND r.task_uuid = ANY($1::uuid[]) AND r.status = 'open'
     RETURNING r.reporter_key, r.task_uuid, t.identifier, t.title`,
    [taskUuids, status],
  );
  return { count: rows.length, notify: toNotify(rows, status) };
}

/** The signed-in reporters of decided reports (an anonymous reporter has no follow-up). */
function toNotify(
  rows: readonly { reporter_key: string; task_uuid: string; identifier: string; title: string }[],
  status: 'action_taken' | 'dismissed',
): DecidedReport[] {
  return rows.flatMap((row) => {
    const uuid = reporterUuid(row.reporter_key);
    return uuid
      ? [
          {
            reporterUuid: uuid,
            taskUuid: row.task_uuid,
            taskIdentifier: row.identifier,
            taskTitle: row.title,
            status,
          },
        ]
      : [];
  });
}

export interface TaskModerationState {
  uuid: string;
  hidden_at: string | null;
  hidden_reason: string | null;
  decided_reports: number;
}

async function lockTask(
  tx: Queryable,
  taskUuid: string,
): Promise<{ uuid: string; hidden_at: Date | string | null; hidden_reason: string | null }> {
  const [task] = await tx.query<{
    uuid: string;
    hidden_at: Date | string | null;
    hidden_reason: string | null;
  }>('SELECT uuid, hidden_at, hidden_reason FROM tasks WHERE uuid = $1 FOR UPDATE', [taskUuid]);
  if (!task) throw notFound();
  return task;
}

const taskState = (
  task: { uuid: string; hidden_at: Date | string | null; hidden_reason: string | null },
  decided: number,
): TaskModerationState => ({
  uuid: task.uuid,
  hidden_at: isoOrNull(task.hidden_at),
  hidden_reason: task.hidden_reason,
  decided_reports: decided,
});

export type TaskDecision = 'hide' | 'restore' | 'dismiss';

/** Hide, restore, or dismiss the reports of a task, with its audit row, in one transaction. */
export async function decideTask(
  tx: Queryable,
  moderatorUuid: string,
  taskUuid: string,
  action: TaskDecision,
  reason: string,
): Promise<DecisionResult<TaskModerationState>> {
  const task = await lockTask(tx, taskUuid);
  let changed = false;
  let after = task;
  if (action === 'hide' && task.hidden_at === null) {
    [after] = await tx.query(
      `UPDATE tasks SET hidden_at = now(), hidden_reason = $2, hidden_by_suspension = false
        WHERE uuid = $1 RETURNING uuid, hidden_at, hidden_reason`,
      [task.uuid, reason],
    );
    changed = true;
  } else if (action === 'restore' && task.hidden_at !== null) {
    [after] = await tx.query(
      `UPDATE tasks SET hidden_at = NULL, hidden_reason = NULL, hidden_by_suspension = false
        WHERE uuid = $1 RETURNING uuid, hidden_at, hidden_reason`,
      [task.uuid],
    );
    changed = true;
  }
  // Hiding takes action on the open reports; dismissing closes them without. Restore leaves them.
  const decided =
    action === 'restore'
      ? { count: 0, notify: [] }
      : await decideReports(tx, [task.uuid], action === 'hide' ? 'action_taken' : 'dismissed');
  if (changed || decided.count > 0) {
    await writeLog(tx, { moderatorUuid, action, taskUuid: task.uuid, reason });
  }
  return {
    data: taskState(after, decided.count),
    changedTasks: changed ? [task.uuid] : [],
    decided: decided.notify,
  };
}

export interface QuestionModerationState {
  id: number;
  hidden_at: string | null;
  hidden_reason: string | null;
  decided_reports: number;
}

export type QuestionDecision = 'hide' | 'dismiss';

/**
 * Hide a reported question (it leaves its task's public list; its open reports become
 * action_taken) or dismiss its open reports, with the audit row, in one transaction. Hiding a
 * question its task's owner already hid changes only its reports.
 */
export async function decideQuestion(
  tx: Queryable,
  moderatorUuid: string,
  questionId: number,
  action: QuestionDecision,
  reason: string,
): Promise<DecisionResult<QuestionModerationState>> {
  const [question] = await tx.query<{
    id: number;
    task_uuid: string;
    hidden_at: Date | string | null;
    hidden_reason: string | null;
  }>(
    'SELECT id, task_uuid, hidden_at, hidden_reason FROM task_questions WHERE id = $1 FOR UPDATE',
    [questionId],
  );
  if (!question) throw notFound();
  let after = question;
  let changed = false;
  if (action === 'hide' && question.hidden_at === null) {
    [after] = await tx.query(
      `UPDATE task_questions SET hidden_at = now(), hidden_reason = $2 WHERE id = $1
       RETURNING id, task_uuid, hidden_at, hidden_reason`,
      [question.id, reason],
    );
    changed = true;
  }
  const status = action === 'hide' ? 'action_taken' : 'dismissed';
  const decided = await tx.query<{
    reporter_key: string;
    task_uuid: string;
    identifier: string;
    title: string;
  }>(
    `UPDATE question_reports r SET status = $2, decided_at = now()
       FROM tasks t
      WHERE t.uuid = $3 AND r.question_id = $1 AND r.status = 'open'
     RETURNING r.reporter_key, t.uuid AS task_uuid, t.identifier, t.title`,
    [question.id, status, question.task_uuid],
  );
  if (changed || decided.length > 0) {
    await writeLog(tx, {
      moderatorUuid,
      action: action === 'hide' ? 'hide_question' : 'dismiss_question',
      taskUuid: question.task_uuid,
      questionId: question.id,
      reason,
    });
  }
  return {
    data: {
      id: Number(after.id),
      hidden_at: isoOrNull(after.hidden_at),
      hidden_reason: after.hidden_reason,
      decided_reports: decided.length,
    },
    // The task's open pages refetch its questions.
    changedTasks: changed ? [question.task_uuid] : [],
    decided: toNotify(decided, status),
  };
}

export interface UserModerationState {
  uuid: string;
  suspended_at: string | null;
  hidden_tasks: number;
  withdrawn_offers: number;
  restored_tasks: number;
}

/**
 * Suspend or unsuspend a user, with the audit row, in one transaction. A suspension ends every
 * session of the user, hides their tasks that still take offers (hidden_by_suspension) and
 * withdraws (deletes) their offers that were not chosen on tasks still taking offers; the open
 * reports of the hidden tasks are decided (action taken). Unsuspending brings back the tasks the
 * suspension hid (not those a moderator hid on their own); withdrawn offers stay withdrawn.
 */
export async function decideUser(
  tx: Queryable,
  moderatorUuid: string,
  userUuid: string,
  action: 'suspend' | 'unsuspend',
  reason: string,
): Promise<DecisionResult<UserModerationState>> {
  const [user] = await tx.query<{
    uuid: string;
    is_moderator: boolean;
    suspended_at: Date | string | null;
  }>(
    `SELECT uuid, is_moderator, suspended_at FROM users
      WHERE uuid = $1 AND deleted_at IS NULL FOR UPDATE`,
    [userUuid],
  );
  if (!user) throw notFound();
  const state: UserModerationState = {
    uuid: user.uuid,
    suspended_at: isoOrNull(user.suspended_at),
    hidden_tasks: 0,
    withdrawn_offers: 0,
    restored_tasks: 0,
  };
  if (action === 'suspend') {
    if (user.is_moderator) throw new HttpError(403, 'moderation.cannot_suspend_moderator');
    if (user.suspended_at !== null) return { data: state, changedTasks: [], decided: [] };
    const [updated] = await tx.query<{ suspended_at: Date | string }>(
      `UPDATE users SET suspended_at = now(), suspended_reason = $2 WHERE uuid = $1
       RETURNING suspended_at`,
      [user.uuid, reason],
    );
    await tx.query('DELETE FROM sessions WHERE user_uuid = $1', [user.uuid]);
    const hidden = await tx.query<{ uuid: string }>(
      `UPDATE tasks SET hidden_at = now(), hidden_reason = $2, hidden_by_suspension = true
        WHERE author_uuid = $1 AND hidden_at IS NULL AND status IN ${OPEN_TASK_STATUSES_SQL}
       RETURNING uuid`,
      [user.uuid, reason],
    );
    const withdrawn = await tx.query<{ task_uuid: string }>(
      `DELETE FROM offers o USING tasks t
        WHERE t.uuid = o.task_uuid AND o.freelancer_uuid = $1 AND o.chosen_at IS NULL
          AND t.status IN ${OPEN_TASK_STATUSES_SQL}
       RETURNING o.task_uuid`,
      [user.uuid],
    );
    const hiddenUuids = hidden.map((t) => t.uuid);
    const decided = await decideReports(tx, hiddenUuids, 'action_taken');
    await writeLog(tx, { moderatorUuid, action, userUuid: user.uuid, reason });
    return {
      data: {
        ...state,
        suspended_at: iso(updated.suspended_at),
        hidden_tasks: hidden.length,
        withdrawn_offers: withdrawn.length,
      },
      changedTasks: [...new Set([...hiddenUuids, ...withdrawn.map((o) => o.task_uuid)])],
      decided: decided.notify,
    };
  }
  if (user.suspended_at === null) return { data: state, changedTasks: [], decided: [] };
  await tx.query('UPDATE users SET suspended_at = NULL, suspended_reason = NULL WHERE uuid = $1', [
    user.uuid,
  ]);
  const restored = await tx.query<{ uuid: string }>(
    `UPDATE tasks SET hidden_at = NULL, hidden_reason = NULL, hidden_by_suspension = false
      WHERE author_uuid = $1 AND hidden_by_suspension
     RETURNING uuid`,
    [user.uuid],
  );
  await writeLog(tx, { moderatorUuid, action, userUuid: user.uuid, reason });
  return {
    data: { ...state, suspended_at: null, restored_tasks: restored.length },
    changedTasks: restored.map((t) => t.uuid),
    decided: [],
  };
}
