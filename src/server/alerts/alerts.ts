/**
 * Task alerts (issue 20): a freelancer's saved alerts, and matching a task against everyone's.
 * The rules are src/shared/alerts.ts (alertMatchesTask); this file stores alerts with their bucket
 * keys and finds a task's candidates with one GIN lookup (task_alerts.match_keys && taskKeys).
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  ALERT_EMAIL_INTERVAL_HOURS,
  alertKeys,
  alertMatchesTask,
  taskKeys,
  type AlertMatchPushEvent,
  type TaskAlert,
  type TaskShape,
} from '../../shared/alerts';
import { isLocale, DEFAULT_LOCALE, type Locale } from '../../shared/locales';
import { ref, validationMessages as m } from '../../shared/validation/messages';
import type { AlertForm } from '../../shared/validation/alerts';
import type { LocationType } from '../../shared/types';
import { queueMail, writeMailFile, type OutgoingMail, type QueuedMail } from '../auth/mail';
import type { Db, Queryable } from '../db/db';
import { FieldErrors } from '../errors';
import { iso, localNow } from '../routes/browseQuery';
import { taskPagePath } from '../tasks/head';

/** A task_alerts row as read: the API's shape, with the driver's dates and free-form languages. */
type AlertRow = Omit<TaskAlert, 'languages' | 'created_at' | 'updated_at'> & {
  languages: string[];
  created_at: Date | string;
  updated_at: Date | string;
};

const ALERT_COLUMNS = `id, categories, location_type, address, lat, lng, radius_km, languages,
  budget_min, created_at, updated_at`;

export function toAlert(row: AlertRow): TaskAlert {
  return {
    id: Number(row.id),
    categories: row.categories.map(Number),
    location_type: row.location_type,
    address: row.address,
    lat: row.lat === null ? null : Number(row.lat),
    lng: row.lng === null ? null : Number(row.lng),
    radius_km: row.radius_km === null ? null : Number(row.radius_km),
    languages: row.languages.filter(isLocale),
    budget_min: row.budget_min === null ? null : Number(row.budget_min),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export async function listAlerts(db: Queryable, userUuid: string): Promise<TaskAlert[]> {
  const rows = await db.query<AlertRow>(
    `SELECT ${ALERT_COLUMNS} FROM task_alerts WHERE user_uuid = $1 ORDER BY id`,
    [userUuid],
  );
  return rows.map(toAlert);
}

/** The user's own alert, or null (someone else's id reads as unknown: 404). */
export async function findAlert(
  db: Queryable,
  userUuid: string,
  id: number,
): Promise<TaskAlert | null> {
  const [row] = await db.query<AlertRow>(
    `SELECT ${ALERT_COLUMNS} FROM task_alerts WHERE id = $1 AND user_uuid = $2`,
    [id, userUuid],
  );
  return row ? toAlert(row) : null;
}

/** Every category id must exist (a 422 on 'categories' otherwise). */
async function checkCategories(db: Queryable, ids: readonly number[]): Promise<void> {
  const [found] = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM categories WHERE id = ANY($1::int[])',
    [ids],
  );
  if (Number(found.count) !== new Set(ids).size) {
    throw new FieldErrors({ categories: [ref(m.unknownCategory)] });
  }
}

/** The stored columns of a validated form (the keys computed from them), as query parameters. */
function columnsOf(form: AlertForm) {
  const specific = form.location_type === 'specific';
  const shape = {
    categories: form.categories,
    location_type: form.location_type as LocationType,
    lat: specific ? (form.lat ?? null) : null,
    lng: specific ? (form.lng ?? null) : null,
    radius_km: specific ? (form.radius_km ?? null) : null,
    languages: form.languages as Locale[],
    budget_min: form.budget_min ?? null,
  };
  const address = specific ? (form.address ?? null) : null;
  // In the order of the INSERT's and the UPDATE's placeholders from their third on.
  return [
    shape.categories,
    shape.location_type,
    address,
    shape.lat,
    shape.lng,
    shape.radius_km,
    shape.languages,
    shape.budget_min,
    alertKeys(shape),
  ];
}

export async function createAlert(
  db: Db,
  userUuid: string,
  form: AlertForm,
  locale: Locale,
): Promise<TaskAlert> {
  await checkCategories(db, form.categories);
  const [row] = await db.query<AlertRow>(
    `INSERT INTO task_alerts (locale, user_uuid, categories, location_type, address, lat, lng,
                              radius_km, languages, budget_min, match_keys)
     VALUES ($1, $2, $3::int[], $4, $5, $6, $7, $8, $9::text[], $10, $11::text[])
     RETURNING ${ALERT_COLUMNS}`,
    [locale, userUuid, ...columnsOf(form)],
  );
  return toAlert(row);
}

export async function countAlerts(db: Queryable, userUuid: string): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM task_alerts WHERE user_uuid = $1',
    [userUuid],
  );
  return Number(row.count);
}

/** Null when the alert is not the user's. */
export async function updateAlert(
  db: Db,
  userUuid: string,
  id: number,
  form: AlertForm,
  locale: Locale,
): Promise<TaskAlert | null> {
  await checkCategories(db, form.categories);
  const [row] = await db.query<AlertRow>(
    `UPDATE task_alerts
        SET categories = $4::int[], location_type = $5, address = $6, lat = $7, lng = $8,
            radius_km = $9, languages = $10::text[], budget_min = $11, match_keys = $12::text[],
            locale = $3, updated_at = now()
      WHERE id = $1 AND user_uuid = $2
      RETURNING ${ALERT_COLUMNS}`,
    [id, userUuid, locale, ...columnsOf(form)],
  );
  return row ? toAlert(row) : null;
}

/** True when the user's alert was deleted. */
export async function deleteAlert(db: Queryable, userUuid: string, id: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'DELETE FROM task_alerts WHERE id = $1 AND user_uuid = $2 RETURNING id',
    [id, userUuid],
  );
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Matching

/** A task as matching reads it, with what the notice and the email show. */
export interface MatchableTask extends TaskShape {
  uuid: string;
  identifier: string;
  title: string;
  author_uuid: string;
}

/**
 * The task, when it takes alerts now: open (new or open) and not expired. Null otherwise (a task in
 * progress, closed, expired or unknown reaches nobody).
 */
export async function loadMatchableTask(
  db: Queryable,
  taskUuid: string,
  now: Date,
): Promise<MatchableTask | null> {
  const [task] = await db.query<{
    uuid: string;
    identifier: string;
    title: string;
    author_uuid: string;
    category_id: number;
    parent_category_id: number | null;
    location_type: string;
    budget_to: number;
    languages: string[];
    places: { lat: number; lng: number }[];
  }>(
    `SELECT t.uuid, t.identifier, t.title, t.author_uuid, t.category_id,
            c.parent_id AS parent_category_id, t.location_type, t.budget_to,
            ARRAY(SELECT l.locale FROM task_languages l WHERE l.task_uuid = t.uuid) AS languages,
            COALESCE((SELECT json_agg(json_build_object('lat', p.lat, 'lng', p.lng))
                        FROM task_locations p WHERE p.task_uuid = t.uuid), '[]'::json) AS places
       FROM tasks t JOIN categories c ON c.id = t.category_id
      WHERE t.uuid = $1 AND t.status IN ('new', 'open')
        AND (t.due_end IS NULL OR t.due_end > $2::timestamp)
        AND NOT EXISTS (SELECT 1 FROM offers o WHERE o.task_uuid = t.uuid AND o.chosen_at IS NOT NULL)`,
    [taskUuid, localNow(now)],
  );
  if (!task) return null;
  return {
    ...task,
    category_id: Number(task.category_id),
    parent_category_id: task.parent_category_id === null ? null : Number(task.parent_category_id),
    budget_to: Number(task.budget_to),
    places: task.places.map((p) => ({ lat: Number(p.lat), lng: Number(p.lng) })),
  };
}

/** A candidate alert that matched: whose, and which. */
export interface AlertHit {
  alert_id: number;
  user_uuid: string;
}

/**
 * The alerts this task matches, at most one per freelancer (the first alert of each): candidates by
 * the task's bucket keys, then every rule exactly. Never the task's owner, nor a deleted, suspended
 * or no-longer-freelancer account, nor someone the task already reached.
 */
export async function findMatchingAlerts(db: Queryable, task: MatchableTask): Promise<AlertHit[]> {
  const keys = taskKeys(task);
  if (keys.length === 0) return [];
  // Three lookups, each by its own index, so no plan can start from the users table (PGlite has
  // no autovacuum, hence no statistics: a join drove from every freelancer, seconds at 20,000).
  const rows = await db.query<AlertRow & { user_uuid: string }>(
    `SELECT a.id, a.user_uuid, a.categories, a.location_type, a.address, a.lat, a.lng,
            a.radius_km, a.languages, a.budget_min, a.created_at, a.updated_at
       FROM task_alerts a
      WHERE a.match_keys && $1::text[]
        AND a.user_uuid <> $2
        AND (a.budget_min IS NULL OR a.budget_min <= $3)
      ORDER BY a.id`,
    [keys, task.author_uuid, task.budget_to],
  );
  if (rows.length === 0) return [];
  const owners = [...new Set(rows.map((r) => r.user_uuid))];
  const reachable = new Set(
    (
      await db.query<{ uuid: string }>(
        `SELECT u.uuid FROM users u
          WHERE u.uuid = ANY($1::uuid[])
            AND u.is_freelancer AND u.deleted_at IS NULL AND u.suspended_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM task_alert_matches x
                             WHERE x.user_uuid = u.uuid AND x.task_uuid = $2)`,
        [owners, task.uuid],
      )
    ).map((r) => r.uuid),
  );
  const hits = new Map<string, AlertHit>();
  for (const row of rows) {
    if (hits.has(row.user_uuid) || !reachable.has(row.user_uuid)) continue;
    if (alertMatchesTask(toAlert(row), task)) {
      hits.set(row.user_uuid, { alert_id: Number(row.id), user_uuid: row.user_uuid });
    }
  }
  return [...hits.values()];
}

export interface MatchDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** The server's clock (the email cap is counted with it). */
  now?: () => Date;
  /** Sends a personal push event (the hub's publishUser); never throws. */
  notify?: (userUuid: string, event: AlertMatchPushEvent) => Promise<void>;
  /** Links in the email: `${publicUrl}/{locale}/...`. */
  publicUrl: string;
  /** Where development and tests read their mail (DATA_DIR/outbox); no file when absent. */
  dataDir?: string;
}

/** The "Tasks for you" page by locale (the same segments in every locale); a task's is taskPagePath. */
export const matchesPath = (locale: Locale): string => `/${locale}/alerts/matches`;

/** Most tasks one email lists. */
const EMAIL_TASKS_MAX = 10;

/**
 * The alert email of one freelancer, unless one went out in the last ALERT_EMAIL_INTERVAL_HOURS:
 * it lists every match not emailed yet (newest first), which are then marked. A capped match
 * waits for the next email. Returns what was queued (the caller writes the outbox file).
 */
export async function queueAlertEmail(
  db: Db,
  userUuid: string,
  now: Date,
  publicUrl: string,
): Promise<{ mail: OutgoingMail; queued: QueuedMail } | null> {
  return db.transaction(async (tx) => {
    // The row lock makes two matches at once send one email.
    await tx.query(
      `INSERT INTO task_alert_emails (user_uuid, sent_at) VALUES ($1, 'epoch')
       ON CONFLICT (user_uuid) DO NOTHING`,
      [userUuid],
    );
    const [last] = await tx.query<{ sent_at: Date | string }>(
      'SELECT sent_at FROM task_alert_emails WHERE user_uuid = $1 FOR UPDATE',
      [userUuid],
    );
    const since = now.getTime() - new Date(last.sent_at).getTime();
    if (since < ALERT_EMAIL_INTERVAL_HOURS * 3600 * 1000) return null;
    const [user] = await tx.query<{ email: string; full_name: string; locale: string | null }>(
      `SELECT u.email, u.full_name,
              (SELECT a.locale FROM task_alerts a WHERE a.user_uuid = u.uuid
                ORDER BY a.updated_at DESC LIMIT 1) AS locale
         FROM users u
        WHERE u.uuid = $1 AND u.deleted_at IS NULL AND u.suspended_at IS NULL`,
      [userUuid],
    );
    if (!user) return null;
    const pending = await tx.query<{ task_uuid: string; identifier: string; title: string }>(
      `SELECT m.task_uuid, t.identifier, t.title
         FROM task_alert_matches m JOIN tasks t ON t.uuid = m.task_uuid
        WHERE m.user_uuid = $1 AND m.emailed_at IS NULL
        ORDER BY m.created_at DESC, t.identifier
        LIMIT ${EMAIL_TASKS_MAX}`,
      [userUuid],
    );
    if (pending.length === 0) return null;
    const locale: Locale = isLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
    const mail: OutgoingMail = {
      to: user.email,
      locale,
      template: 'task_alert',
      values: {
        name: user.full_name,
        tasks: pending
          .map((t) => `- ${t.title}\n  ${publicUrl}${taskPagePath(locale, t.identifier)}`)
          .join('\n'),
        link: `${publicUrl}${matchesPath(locale)}`,
      },
    };
    const queued = await queueMail(tx, mail);
    await tx.query(
      `UPDATE task_alert_matches SET emailed_at = $2
        WHERE user_uuid = $1 AND emailed_at IS NULL`,
      [userUuid, now],
    );
    await tx.query('UPDATE task_alert_emails SET sent_at = $2 WHERE user_uuid = $1', [
      userUuid,
      now,
    ]);
    return { mail, queued };
  });
}

/**
 * Runs after a task write commits: records the new matches (each task reaches a freelancer once:
 * the (user, task) key), then tells each freelancer at once (push) and by email within the daily
 * cap. Returns the freelancers reached this time. Never throws: a failure is logged, the task stays.
 */
export async function matchTask(deps: MatchDeps, taskUuid: string): Promise<string[]> {
  const now = deps.now?.() ?? new Date();
  try {
    const task = await loadMatchableTask(deps.db, taskUuid, now);
    if (!task) return [];
    const hits = await findMatchingAlerts(deps.db, task);
    if (hits.length === 0) return [];
    const inserted = await deps.db.query<{ user_uuid: string }>(
      `INSERT INTO task_alert_matches (user_uuid, task_uuid, alert_id, created_at)
       SELECT h.user_uuid, $1, h.alert_id, $4
         FROM unnest($2::uuid[], $3::int[]) AS h (user_uuid, alert_id)
       ON CONFLICT (user_uuid, task_uuid) DO NOTHING
       RETURNING user_uuid`,
      [task.uuid, hits.map((h) => h.user_uuid), hits.map((h) => h.alert_id), now],
    );
    const reached = inserted.map((r) => r.user_uuid);
    const event: AlertMatchPushEvent = {
      handler: 'alerts.match',
      task_uuid: task.uuid,
      task_identifier: task.identifier,
      task_title: task.title,
    };
    for (const userUuid of reached) {
      await deps.notify?.(userUuid, event);
      try {
        const sent = await queueAlertEmail(deps.db, userUuid, now, deps.publicUrl);
        if (sent && deps.dataDir) {
          await writeMailFile(deps.dataDir, deps.log, sent.mail, sent.queued);
        }
      } catch (err) {
        deps.log.warn({ err, userUuid }, 'alerts: the alert email failed');
      }
    }
    return reached;
  } catch (err) {
    deps.log.warn({ err, taskUuid }, 'alerts: matching the task failed');
    return [];
  }
}
