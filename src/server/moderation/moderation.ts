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
  ModerationReportGroup,
  ModerationReportsPage,
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

interface GroupRow {
  uuid: string;
  identifier: string;
  title: string;
  status: string;
  created_at: Date | string;
  hidden_at: Date | string | null;
  hidden_reason: string | null;
  author_uuid: string;
  author_full_name: string;
  author_display_name: string;
  author_suspended_at: Date | string | null;
  author_deleted: boolean;
  reports: {
    id: number;
    message: string;
    created_at: string;
    status: 'open' | 'action_taken' | 'dismissed';
    decided_at: string | null;
    anonymous: boolean;
  }[];
  reports_count: number;
  first_reported_at: Date | string;
}

/**
 * GET /api/moderation/reports: reports grouped by task; open ones oldest first, closed ones
 * latest decided first; a page of `limit` groups after the cursor's group (keyset, ../cursor.ts).
 */
export async function listReportGroups(
  db: Queryable,
  status: 'open' | 'closed',
  page: { after?: Keyset | null; limit?: number } = {},
): Promise<ModerationReportsPage> {
  const open = status === 'open';
  const limit = page.limit ?? MODERATION_PAGE_GROUPS;
  // The group's sort key: when it was first reported (open), when it was last decided (closed).
  const at = open ? 'min(r.created_at)' : 'max(r.decided_at)';
  const rows = await db.query<GroupRow & { cursor_at: string }>(
    `SELECT t.uuid, t.identifier, t.title, t.status, t.created_at, t.hidden_at, t.hidden_reason,
            u.uuid AS author_uuid, u.full_name AS author_full_name,
            u.display_name AS author_display_name, u.suspended_at AS author_suspended_at,
            u.deleted_at IS NOT NULL AS author_deleted,
            json_agg(json_build_object('id', r.id, 'message', r.message,
                       'created_at', r.created_at, 'status', r.status, 'decided_at', r.decided_at,
                       'anonymous', r.reporter_key NOT LIKE 'user:%')
                     ORDER BY r.created_at, r.id) AS reports,
            count(*)::int AS reports_count, min(r.created_at) AS first_reported_at,
            ${cursorAt(at)} AS cursor_at
       FROM reports r
       JOIN tasks t ON t.uuid = r.task_uuid
       JOIN users u ON u.uuid = t.author_uuid
      WHERE ${open ? `r.status = 'open'` : `r.status <> 'open'`}
      GROUP BY t.uuid, u.uuid
      ${page.after ? `HAVING (${at}, t.uuid) ${open ? '>' : '<'} ($1::timestamptz, $2::uuid)` : ''}
      ORDER BY ${open ? `${at}, t.uuid` : `${at} DESC, t.uuid DESC`}
      LIMIT ${limit + 1}`,
    page.after ? [...page.after] : [],
  );
  const { rows: shown, next_cursor } = keysetPage(rows, limit, (row) => [row.cursor_at, row.uuid]);
  const [counts] = await db.query<{
    open_reports: number;
    open_tasks: number;
    closed_reports: number;
  }>(
    `SELECT count(*) FILTER (WHERE status = 'open')::int AS open_reports,
            count(DISTINCT task_uuid) FILTER (WHERE status = 'open')::int AS open_tasks,
            count(*) FILTER (WHERE status <> 'open')::int AS closed_reports
       FROM reports`,
  );
  const groups: ModerationReportGroup[] = shown.map((row) => ({
    task: {
      uuid: row.uuid,
      identifier: row.identifier,
      title: row.title,
      status: row.status,
      created_at: iso(row.created_at),
      hidden_at: isoOrNull(row.hidden_at),
      hidden_reason: row.hidden_reason,
      author: {
        uuid: row.author_uuid,
        full_name: row.author_full_name,
        display_name: row.author_display_name,
        suspended_at: isoOrNull(row.author_suspended_at),
        deleted: row.author_deleted,
      },
    },
    reports: row.reports.map((r) => ({
      id: Number(r.id),
      message: r.message,
      created_at: iso(r.created_at),
      status: r.status,
      decided_at: isoOrNull(r.decided_at),
      anonymous: Boolean(r.anonymous),
    })),
    reports_count: Number(row.reports_count),
    first_reported_at: iso(row.first_reported_at),
  }));
  return {
    status,
    groups,
    counts: {
      open_reports: Number(counts.open_reports),
      open_tasks: Number(counts.open_tasks),
      closed_reports: Number(counts.closed_reports),
    },
    next_cursor,
  };
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
            u.uuid AS user_uuid, u.display_name AS user_display_name
       FROM moderation_log l
       JOIN users m ON m.uuid = l.moderator_uuid
       LEFT JOIN tasks t ON t.uuid = l.task_uuid
       LEFT JOIN users u ON u.uuid = l.user_uuid
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
  }));
  return { entries, next_cursor };
}

/** GET /api/me/reports: what a signed-in user reported, newest first. */
export async function listMyReports(db: Queryable, userUuid: string): Promise<MyReport[]> {
  const rows = await db.query<{
    id: number;
    message: string;
    created_at: Date | string;
    status: MyReport['status'];
    decided_at: Date | string | null;
    task_uuid: string | null;
    task_identifier: string | null;
    task_title: string | null;
  }>(
    `SELECT r.id, r.message, r.created_at, r.status, r.decided_at,
            t.uuid AS task_uuid, t.identifier AS task_identifier, t.title AS task_title
       FROM reports r LEFT JOIN tasks t ON t.uuid = r.task_uuid
      WHERE r.reporter_key = $1
      ORDER BY r.created_at DESC, r.id DESC
      LIMIT 200`,
    [`user:${userUuid}`],
  );
  return rows.map((row) => ({
    id: Number(row.id),
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
    reason: string;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO moderation_log (moderator_uuid, action, task_uuid, user_uuid, reason)
     VALUES ($1, $2, $3, $4, $5)`,
    [
      entry.moderatorUuid,
      entry.action,
      entry.taskUuid ?? null,
      entry.userUuid ?? null,
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
  // An anonymous reporter has no follow-up.
  const notify = rows.flatMap((row) => {
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
  return { count: rows.length, notify };
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
