/**
 * The idempotent seed, run in one transaction:
 * - reference data (categories, incomplete reasons) is upserted every time, so new translations land;
 * - the demo data (users, tasks, offers, reviews, a chat, pictures) is inserted only when
 *   customer@talka.test does not exist yet.
 *
 * Dates are relative to `opts.now` (default: the current time). Due dates are local timestamps
 * (`timestamp` without time zone, as a customer enters them), computed in the process's time zone.
 * Pictures are written under `opts.uploadsDir`; the database stores paths relative to it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { REVIEW_BLIND_DAYS } from '../../shared/reviews';
import { hashPassword } from '../auth/password';
import type { Db, Queryable } from './db';
import { CATEGORIES, categoryById, topCategoryOf } from './seedData/categories';
import { avatarSvg, taskIllustrationSvg, writeAvatar, writeTaskImage } from './seedData/images';
import { REASONS } from './seedData/reasons';
import { DEMO_QUESTION_REPORTS, DEMO_REPORTS, DEMO_VISITOR_KEY } from './seedData/reports';
import { DEMO_TASKS, type RelativeLocal, type TaskSeed } from './seedData/tasks';
import {
  DEMO_MARKER_EMAIL,
  DEMO_MODERATOR,
  DEMO_PASSWORD,
  DEMO_USERS,
  type DemoUserKey,
} from './seedData/users';

export interface SeedOptions {
  /** Folder served as /uploads; demo pictures are written below it. */
  uploadsDir: string;
  now?: Date;
}

/** Serialises concurrent seeds (several API processes starting on one PostgreSQL). */
const SEED_LOCK_KEY = 7_240_511;

const HOUR_MS = 3_600_000;
const pad = (n: number): string => String(n).padStart(2, '0');

/** 'YYYY-MM-DDTHH:mm:ss' of a Date's local components. */
export function toLocalStamp(d: Date): string {
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` +
    `T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
  );
}

export function relativeLocal(now: Date, rel: RelativeLocal): string {
  const d = new Date(
    now.getFullYear(),
    now.getMonth(),
    now.getDate() + rel.days,
    rel.hour,
    rel.minute ?? 0,
    0,
  );
  return toLocalStamp(d);
}

/**
 * An instant `hours` before now, as an ISO string: timestamptz parameters travel as text, which both
 * drivers accept (and a Date from another realm, e.g. a jest sandbox, would not pass PGlite's check).
 */
const hoursAgo = (now: Date, hours: number): string =>
  new Date(now.getTime() - hours * HOUR_MS).toISOString();

export async function seed(db: Db, opts: SeedOptions): Promise<{ seeded: boolean }> {
  const now = opts.now ?? new Date();
  const writtenDirs: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
      await upsertCategories(tx);
      await upsertReasons(tx);
      const marker = await tx.query('SELECT 1 FROM users WHERE lower(email) = $1', [
        DEMO_MARKER_EMAIL,
      ]);
      if (marker.length > 0) {
        await ensureModerator(tx, now);
        return { seeded: false };
      }
      const uuidOf = await insertDemo(tx, now, opts.uploadsDir, writtenDirs);
      await ensureModerator(tx, now);
      await insertReports(tx, now, uuidOf);
      return { seeded: true };
    });
  } catch (err) {
    // The rows are rolled back; do not leave their pictures behind.
    await Promise.all(writtenDirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
    throw err;
  }
}

async function upsertCategories(tx: Queryable): Promise<void> {
  const rows = CATEGORIES.map((c) => ({
    id: c.id,
    parent_id: c.parentId,
    slug: c.slug,
    title: c.title,
    position: c.position,
  }));
  await tx.query(
    `INSERT INTO categories (id, parent_id, slug, title, position)
     SELECT id, parent_id, slug, title, position
       FROM jsonb_to_recordset($1::jsonb)
         AS x(id integer, parent_id integer, slug text, title jsonb, position integer)
     ON CONFLICT (id) DO UPDATE
       SET parent_id = EXCLUDED.parent_id, slug = EXCLUDED.slug,
           title = EXCLUDED.title, position = EXCLUDED.position`,
    [JSON.stringify(rows)],
  );
}

async function upsertReasons(tx: Queryable): Promise<void> {
  const rows = REASONS.map((r) => ({
    id: r.id,
    group: r.group,
    feedback_required: r.feedbackRequired,
    title: r.title,
    position: r.position,
  }));
  await tx.query(
    `INSERT INTO incomplete_reasons (id, "group", feedback_required, title, position)
     SELECT id, "group", feedback_required, title, position
       FROM jsonb_to_recordset($1::jsonb)
         AS x(id integer, "group" text, feedback_required boolean, title jsonb, position integer)
     ON CONFLICT (id) DO UPDATE
       SET "group" = EXCLUDED."group", feedback_required = EXCLUDED.feedback_required,
           title = EXCLUDED.title, position = EXCLUDED.position`,
    [JSON.stringify(rows)],
  );
}

/** The demo users and tasks; resolves to each demo user's uuid by key. */
async function insertDemo(
  tx: Queryable,
  now: Date,
  uploadsDir: string,
  writtenDirs: string[],
): Promise<(key: DemoUserKey) => string> {
  const userUuids = await insertUsers(tx, now, uploadsDir, writtenDirs);
  const uuidOf = (key: DemoUserKey): string => userUuids.get(key) as string;
  for (const [index, task] of DEMO_TASKS.entries()) {
    await insertTask(tx, now, uploadsDir, writtenDirs, task, index, uuidOf);
  }
  return uuidOf;
}

/**
 * The demo reports (seedData/reports.ts): open ones about tasks and a question, and one the demo
 * moderator dismissed, with its audit-log row (after ensureModerator: the log names them).
 */
async function insertReports(
  tx: Queryable,
  now: Date,
  uuidOf: (key: DemoUserKey) => string,
): Promise<void> {
  const keyOf = (reporter: DemoUserKey | null): string =>
    reporter === null ? DEMO_VISITOR_KEY : `user:${uuidOf(reporter)}`;
  const [moderator] = await tx.query<{ uuid: string }>(
    'SELECT uuid FROM users WHERE lower(email) = $1',
    [DEMO_MODERATOR.email],
  );
  for (const report of DEMO_REPORTS) {
    const [task] = await tx.query<{ uuid: string }>(
      'SELECT uuid FROM tasks WHERE identifier = $1',
      [report.task],
    );
    const decided = report.dismissed;
    await tx.query(
      `INSERT INTO reports (task_uuid, reporter_key, message, created_at, status, decided_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        task.uuid,
        keyOf(report.reporter),
        report.message,
        hoursAgo(now, report.createdHoursAgo),
        decided ? 'dismissed' : 'open',
        decided ? hoursAgo(now, decided.hoursAgo) : null,
      ],
    );
    if (decided) {
      await tx.query(
        `INSERT INTO moderation_log (moderator_uuid, action, task_uuid, reason, created_at)
         VALUES ($1, 'dismiss', $2, $3, $4)`,
        [moderator.uuid, task.uuid, decided.reason, hoursAgo(now, decided.hoursAgo)],
      );
    }
  }
  for (const report of DEMO_QUESTION_REPORTS) {
    const [question] = await tx.query<{ id: number }>(
      `SELECT q.id FROM task_questions q JOIN tasks t ON t.uuid = q.task_uuid
        WHERE t.identifier = $1 AND q.author_uuid = $2 ORDER BY q.id LIMIT 1`,
      [report.task, uuidOf(report.asker)],
    );
    await tx.query(
      `INSERT INTO question_reports (question_id, reporter_key, message, created_at)
       VALUES ($1, $2, $3, $4)`,
      [question.id, keyOf(report.reporter), report.message, hoursAgo(now, report.createdHoursAgo)],
    );
  }
}

/** The demo moderator, when missing (a database seeded before moderation existed gets it too). */
async function ensureModerator(tx: Queryable, now: Date): Promise<void> {
  const found = await tx.query('SELECT 1 FROM users WHERE lower(email) = $1', [
    DEMO_MODERATOR.email,
  ]);
  if (found.length > 0) return;
  await tx.query(
    `INSERT INTO users (email, password_hash, full_name, display_name, languages, is_moderator,
       created_at)
     VALUES ($1, $2, $3, $4, $5::text[], true, $6)`,
    [
      DEMO_MODERATOR.email,
      await hashPassword(DEMO_PASSWORD),
      DEMO_MODERATOR.fullName,
      DEMO_MODERATOR.displayName,
      DEMO_MODERATOR.languages,
      hoursAgo(now, DEMO_MODERATOR.createdDaysAgo * 24),
    ],
  );
}

async function insertUsers(
  tx: Queryable,
  now: Date,
  uploadsDir: string,
  writtenDirs: string[],
): Promise<Map<DemoUserKey, string>> {
  const uuids = new Map<DemoUserKey, string>();
  const demoHash = await hashPassword(DEMO_PASSWORD);
  for (const user of DEMO_USERS) {
    const uuid = crypto.randomUUID();
    uuids.set(user.key, uuid);
    // The deleted account keeps no usable password: a hash of a random secret nobody knows.
    const passwordHash =
      user.deletedDaysAgo === null
        ? demoHash
        : await hashPassword(crypto.randomBytes(32).toString('base64'));
    let photoPath: string | null = null;
    if (user.avatar) {
      writtenDirs.push(path.join(uploadsDir, 'users', uuid));
      photoPath = await writeAvatar(
        uploadsDir,
        uuid,
        crypto.randomUUID(),
        avatarSvg(user.avatar.initials, user.avatar.from, user.avatar.to),
      );
    }
    await tx.query(
      `INSERT INTO users (uuid, email, password_hash, full_name, display_name, is_legal, is_freelancer,
         phone_number, photo_path, languages, customer_rating, freelancer_rating, last_seen_at,
         deleted_at, created_at, categories)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::text[], $11, $12, $13, $14, $15,
         $16::int[])`,
      [
        uuid,
        user.email.toLowerCase(),
        passwordHash,
        user.fullName,
        user.displayName,
        user.isLegal,
        user.isFreelancer,
        user.phone,
        photoPath,
        user.languages,
        user.customerRating,
        user.freelancerRating,
        user.lastSeenMinutesAgo === null ? null : hoursAgo(now, user.lastSeenMinutesAgo / 60),
        user.deletedDaysAgo === null ? null : hoursAgo(now, user.deletedDaysAgo * 24),
        hoursAgo(now, user.createdDaysAgo * 24),
        user.categories,
      ],
    );
  }
  return uuids;
}

async function insertTask(
  tx: Queryable,
  now: Date,
  uploadsDir: string,
  writtenDirs: string[],
  task: TaskSeed,
  index: number,
  uuidOf: (key: DemoUserKey) => string,
): Promise<void> {
  const taskUuid = crypto.randomUUID();
  const createdAt = hoursAgo(now, task.createdHoursAgo);
  const chosen = task.offers.find((o) => o.chosenHoursAgo !== undefined);
  const lastChange = Math.min(
    task.createdHoursAgo,
    chosen?.chosenHoursAgo ?? Infinity,
    ...task.reviews.map((r) => r.createdHoursAgo),
  );
  await tx.query(
    `INSERT INTO tasks (uuid, identifier, author_uuid, category_id, title, description, status,
       location_type, due_type, due_start, due_end, budget_from, budget_to, views_count,
       awaiting_action, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::timestamp, $11::timestamp, $12, $13, $14, $15,
       $16, $17)`,
    [
      taskUuid,
      task.identifier,
      uuidOf(task.author),
      task.categoryId,
      task.title,
      task.description,
      task.status,
      task.locationType,
      task.dueType,
      task.dueStart ? relativeLocal(now, task.dueStart) : null,
      task.dueEnd ? relativeLocal(now, task.dueEnd) : null,
      task.budgetFrom,
      task.budgetTo,
      task.viewsCount,
      task.awaitingAction,
      createdAt,
      hoursAgo(now, lastChange),
    ],
  );

  for (const locale of task.languages) {
    await tx.query('INSERT INTO task_languages (task_uuid, locale) VALUES ($1, $2)', [
      taskUuid,
      locale,
    ]);
  }

  for (const [position, loc] of task.locations.entries()) {
    await tx.query(
      `INSERT INTO task_locations (task_uuid, position, address, city, lat, lng)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [taskUuid, position, loc.address, loc.city, loc.lat, loc.lng],
    );
  }

  if (task.images > 0) {
    writtenDirs.push(path.join(uploadsDir, 'tasks', taskUuid));
    const category = categoryById(task.categoryId);
    const top = topCategoryOf(task.categoryId);
    for (let position = 0; position < task.images; position++) {
      const imageUuid = crypto.randomUUID();
      const svg = taskIllustrationSvg(
        category.title.en,
        `${top.title.en} · ${task.identifier}`,
        index + position,
      );
      const img = await writeTaskImage(uploadsDir, taskUuid, imageUuid, svg);
      await tx.query(
        `INSERT INTO task_images (uuid, task_uuid, position, original_path, thumbnail_path, width,
           height, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          imageUuid,
          taskUuid,
          position,
          img.originalPath,
          img.thumbnailPath,
          img.width,
          img.height,
          createdAt,
        ],
      );
    }
  }

  for (const offer of task.offers) {
    const offerCreated = hoursAgo(now, offer.createdHoursAgo);
    await tx.query(
      `INSERT INTO offers (task_uuid, freelancer_uuid, description, price, notify_if_not_chosen,
         chosen_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
      [
        taskUuid,
        uuidOf(offer.freelancer),
        offer.description,
        offer.price,
        offer.notifyIfNotChosen,
        offer.chosenHoursAgo === undefined ? null : hoursAgo(now, offer.chosenHoursAgo),
        offerCreated,
      ],
    );
  }

  // Double-blind (src/shared/reviews.ts): both reviews are published by the second one; a lone
  // review once its blind days have passed.
  const secondReviewHoursAgo = Math.min(...task.reviews.map((r) => r.createdHoursAgo));
  const blindHours = REVIEW_BLIND_DAYS * 24;
  for (const review of task.reviews) {
    if (!chosen) throw new Error(`seed task ${task.identifier} has reviews but no chosen offer`);
    const target = review.targetRole === 'freelancer' ? chosen.freelancer : task.author;
    let publishedHoursAgo: number | null = null;
    if (task.reviews.length > 1) publishedHoursAgo = secondReviewHoursAgo;
    else if (review.createdHoursAgo >= blindHours)
      publishedHoursAgo = review.createdHoursAgo - blindHours;
    await tx.query(
      `INSERT INTO reviews (task_uuid, author_uuid, target_uuid, target_role, status, reason_id,
         rate, feedback, created_at, published_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        taskUuid,
        uuidOf(review.author),
        uuidOf(target),
        review.targetRole,
        review.status,
        review.reasonId,
        review.rate,
        review.feedback,
        hoursAgo(now, review.createdHoursAgo),
        publishedHoursAgo === null ? null : hoursAgo(now, publishedHoursAgo),
      ],
    );
  }

  for (const question of task.questions ?? []) {
    await tx.query(
      `INSERT INTO task_questions (task_uuid, author_uuid, message, answer, answered_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        taskUuid,
        uuidOf(question.author),
        question.message,
        question.answer?.message ?? null,
        question.answer ? hoursAgo(now, question.answer.hoursAgo) : null,
        hoursAgo(now, question.createdHoursAgo),
      ],
    );
  }

  for (const chat of task.chats) {
    const customerUuid = uuidOf(task.author);
    const freelancerUuid = uuidOf(chat.freelancer);
    const first = Math.max(...chat.messages.map((m) => m.minutesAgo));
    const [conversation] = await tx.query<{ uuid: string }>(
      `INSERT INTO chat_conversations (task_uuid, customer_uuid, freelancer_uuid, created_at)
       VALUES ($1, $2, $3, $4) RETURNING uuid`,
      [taskUuid, customerUuid, freelancerUuid, hoursAgo(now, first / 60)],
    );
    for (const message of chat.messages) {
      const sentAt = hoursAgo(now, message.minutesAgo / 60);
      await tx.query(
        `INSERT INTO chat_messages (conversation_uuid, sender_uuid, body, read_at, created_at)
         VALUES ($1, $2, $3, $4, $5)`,
        [
          conversation.uuid,
          message.from === 'customer' ? customerUuid : freelancerUuid,
          message.body,
          message.read ? hoursAgo(now, message.minutesAgo / 60 - 5 / 60) : null,
          sentAt,
        ],
      );
    }
  }
}
