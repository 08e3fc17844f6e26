/**
 * @jest-environment ./test/support/serverEnvironment.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { verifyPassword } from '../../src/server/auth/password';
import { pgliteDb, type Db } from '../../src/server/db/db';
import { migrate } from '../../src/server/db/migrate';
import { relativeLocal, seed, toLocalStamp } from '../../src/server/db/seed';
import { CATEGORIES } from '../../src/server/db/seedData/categories';
import { REASONS } from '../../src/server/db/seedData/reasons';
import {
  DEMO_TASK_IDS,
  DEMO_TASKS,
  TASK_IDENTIFIER_PATTERN,
} from '../../src/server/db/seedData/tasks';
import { DEMO_PASSWORD } from '../../src/server/db/seedData/users';
import { LOCALES, type Localized } from '../../src/shared/locales';
import { PICTURED_CATEGORY_IDS, TOP_CATEGORY_IDS } from '../../src/shared/limits';
import type { PgliteOpener } from '../support/serverEnvironment';
import { ensureSchemaDump } from '../support/serverSchema';

jest.setTimeout(60_000);

// A fixed instant keeps the relative dates reproducible.
const NOW = new Date('2025-03-12T10:30:00Z');
const TABLES = [
  'users',
  'categories',
  'incomplete_reasons',
  'tasks',
  'task_languages',
  'task_images',
  'task_locations',
  'offers',
  'reviews',
  'chat_conversations',
  'chat_messages',
  'reports',
  'question_reports',
  'moderation_log',
] as const;

let db: Db;
let uploadsDir: string;
let firstRun: { seeded: boolean };

async function counts(): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    result[table] = row.n;
  }
  return result;
}

beforeAll(async () => {
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'talka-seed-'));
  // A fresh in-memory PGlite from the migrated-schema dump (PGlite is opened outside jest's sandbox).
  const opener = (globalThis as { __talkaPglite?: PgliteOpener }).__talkaPglite;
  if (!opener) throw new Error('needs the serverEnvironment jest environment');
  db = pgliteDb(await opener.openFromDump(await ensureSchemaDump()));
  expect(await migrate(db)).toEqual([]);
  firstRun = await seed(db, { uploadsDir, now: NOW });
});

afterAll(async () => {
  await db?.close();
  if (uploadsDir) fs.rmSync(uploadsDir, { recursive: true, force: true });
});

describe('seed: reference data', () => {
  it('reports that it inserted the demo data on a fresh database', () => {
    expect(firstRun).toEqual({ seeded: true });
  });

  it('has the four defined top categories at the top level', async () => {
    const rows = await db.query<{ id: number; parent_id: number | null }>(
      'SELECT id, parent_id FROM categories WHERE id = ANY($1::int[])',
      [[...TOP_CATEGORY_IDS]],
    );
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([...TOP_CATEGORY_IDS]);
    for (const row of rows) expect(row.parent_id).toBeNull();
  });

  it('has every pictured category, and each top category has 2-4 children', async () => {
    const rows = await db.query<{ id: number; parent_id: number | null }>(
      'SELECT id, parent_id FROM categories',
    );
    const ids = new Set(rows.map((r) => r.id));
    for (const id of PICTURED_CATEGORY_IDS) expect(ids.has(id)).toBe(true);
    for (const top of rows.filter((r) => r.parent_id === null)) {
      const children = rows.filter((r) => r.parent_id === top.id).length;
      expect(children).toBeGreaterThanOrEqual(2);
      expect(children).toBeLessThanOrEqual(4);
    }
    // Only two levels.
    for (const row of rows.filter((r) => r.parent_id !== null)) {
      const parent = rows.find((r) => r.id === row.parent_id);
      expect(parent?.parent_id).toBeNull();
    }
  });

  it('has unique kebab-case slugs', async () => {
    const rows = await db.query<{ slug: string }>('SELECT slug FROM categories');
    expect(new Set(rows.map((r) => r.slug)).size).toBe(rows.length);
    for (const { slug } of rows) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  const expectTranslated = (titles: Localized[]) => {
    for (const title of titles) {
      for (const locale of LOCALES) expect(title[locale]?.trim()).toBeTruthy();
    }
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const same = titles.filter((t) => t[locale] === t.en).length;
      // Report the locale on failure: at most a few titles may equal the English one.
      expect({ locale, mostlyTranslated: same / titles.length < 0.1 }).toEqual({
        locale,
        mostlyTranslated: true,
      });
    }
  };

  it('titles every category in all six locales, really translated', async () => {
    const rows = await db.query<{ title: Localized }>('SELECT title FROM categories');
    expect(rows).toHaveLength(CATEGORIES.length);
    expectTranslated(rows.map((r) => r.title));
  });

  it('has incomplete reasons for both groups, titled in all six locales', async () => {
    const rows = await db.query<{ group: string; feedback_required: boolean; title: Localized }>(
      'SELECT "group", feedback_required, title FROM incomplete_reasons ORDER BY position',
    );
    expect(rows).toHaveLength(REASONS.length);
    for (const group of ['customer', 'freelancer']) {
      const ofGroup = rows.filter((r) => r.group === group);
      expect(ofGroup.length).toBeGreaterThanOrEqual(2);
      expect(ofGroup.some((r) => r.feedback_required)).toBe(true);
      expect(ofGroup.some((r) => !r.feedback_required)).toBe(true);
    }
    expectTranslated(rows.map((r) => r.title));
  });
});

describe('seed: demo data', () => {
  it('creates the demo logins with the demo password', async () => {
    for (const email of [
      'customer@talka.test',
      'freelancer@talka.test',
      'freelancer2@talka.test',
      'business@talka.test',
    ]) {
      const [user] = await db.query<{ password_hash: string; deleted_at: Date | null }>(
        'SELECT password_hash, deleted_at FROM users WHERE lower(email) = $1',
        [email],
      );
      expect(user).toBeDefined();
      expect(user.deleted_at).toBeNull();
      await expect(verifyPassword(DEMO_PASSWORD, user.password_hash)).resolves.toBe(true);
    }
  });

  it('stores the demo users as specified', async () => {
    const rows = await db.query<{
      email: string;
      full_name: string;
      display_name: string;
      is_legal: boolean;
      is_freelancer: boolean;
      phone_number: string | null;
      languages: string[];
      customer_rating: string | null;
      freelancer_rating: string | null;
    }>('SELECT * FROM users');
    const by = (email: string) => rows.find((r) => r.email === email);
    expect(by('customer@talka.test')).toMatchObject({
      full_name: 'Anna Bērziņa',
      display_name: 'Anna B.',
      phone_number: '+371 2000 0001',
      languages: ['lv', 'en'],
    });
    expect(by('freelancer@talka.test')).toMatchObject({
      full_name: 'Jānis Ozols',
      is_freelancer: true,
      languages: ['lv', 'ru', 'en'],
    });
    expect(Number(by('freelancer@talka.test')?.freelancer_rating)).toBe(4.8);
    expect(by('freelancer2@talka.test')).toMatchObject({
      full_name: 'Mari Tamm',
      is_freelancer: true,
      phone_number: null,
    });
    expect(by('business@talka.test')).toMatchObject({
      is_legal: true,
      display_name: 'Remontdarbi',
    });
    expect(Number(by('business@talka.test')?.customer_rating)).toBe(4.5);
    for (const row of rows) expect(row.email).toBe(row.email.toLowerCase());
  });

  it('has a deleted account with an unusable password that authored a task and made an offer', async () => {
    const [deleted] = await db.query<{ uuid: string; password_hash: string; deleted_at: Date }>(
      "SELECT uuid, password_hash, deleted_at FROM users WHERE email = 'deleted@talka.test'",
    );
    expect(deleted.deleted_at).not.toBeNull();
    await expect(verifyPassword(DEMO_PASSWORD, deleted.password_hash)).resolves.toBe(false);
    const [{ tasks }] = await db.query<{ tasks: number }>(
      'SELECT count(*)::int AS tasks FROM tasks WHERE author_uuid = $1',
      [deleted.uuid],
    );
    const [{ offers }] = await db.query<{ offers: number }>(
      'SELECT count(*)::int AS offers FROM offers WHERE freelancer_uuid = $1',
      [deleted.uuid],
    );
    expect(tasks).toBe(1);
    expect(offers).toBe(1);
  });

  it('covers every task status, with consistent offers and reviews', async () => {
    const rows = await db.query<{
      identifier: string;
      status: string;
      awaiting_action: boolean;
      chosen: number;
      reviews: number;
    }>(
      `SELECT t.identifier, t.status, t.awaiting_action,
         (SELECT count(*)::int FROM offers o WHERE o.task_uuid = t.uuid AND o.chosen_at IS NOT NULL) AS chosen,
         (SELECT count(*)::int FROM reviews r WHERE r.task_uuid = t.uuid) AS reviews
       FROM tasks t`,
    );
    expect(rows).toHaveLength(DEMO_TASKS.length);
    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set(['new', 'open', 'in_progress', 'completed', 'incomplete']),
    );
    for (const row of rows) {
      expect(row.identifier).toMatch(TASK_IDENTIFIER_PATTERN);
      const selected = ['in_progress', 'completed', 'incomplete'].includes(row.status);
      expect(row.chosen).toBe(selected ? 1 : 0);
      expect(row.awaiting_action).toBe(row.status === 'in_progress');
      if (row.status === 'completed' || row.status === 'incomplete') expect(row.reviews).toBe(2);
    }
    const inProgress = rows.find((r) => r.identifier === DEMO_TASK_IDS.inProgress);
    expect(inProgress).toMatchObject({ status: 'in_progress', awaiting_action: true, chosen: 1 });
  });

  it('has tasks with 0, 1 and several offers, and offers by each demo freelancer', async () => {
    const rows = await db.query<{ n: number }>(
      'SELECT (SELECT count(*)::int FROM offers o WHERE o.task_uuid = t.uuid) AS n FROM tasks t',
    );
    const n = rows.map((r) => r.n);
    expect(n).toContain(0);
    expect(n).toContain(1);
    expect(Math.max(...n)).toBeGreaterThanOrEqual(3);
    const by = await db.query<{ email: string }>(
      'SELECT DISTINCT u.email FROM offers o JOIN users u ON u.uuid = o.freelancer_uuid',
    );
    expect(by.map((r) => r.email)).toEqual(
      expect.arrayContaining([
        'freelancer@talka.test',
        'freelancer2@talka.test',
        'deleted@talka.test',
      ]),
    );
  });

  it('has an expired open task and an expiring-soon one, relative to now', async () => {
    const rows = await db.query<{ identifier: string; status: string; due_end: string | null }>(
      'SELECT identifier, status, to_char(due_end, \'YYYY-MM-DD"T"HH24:MI:SS\') AS due_end FROM tasks',
    );
    const nowLocal = toLocalStamp(NOW);
    const inTwoDays = toLocalStamp(new Date(NOW.getTime() + 2 * 24 * 3_600_000));
    const open = rows.filter((r) => r.status === 'new' || r.status === 'open');
    const expired = open.filter((r) => r.due_end !== null && r.due_end <= nowLocal);
    const soon = open.filter(
      (r) => r.due_end !== null && r.due_end > nowLocal && r.due_end <= inTwoDays,
    );
    expect(expired.map((r) => r.identifier)).toContain(DEMO_TASK_IDS.expired);
    expect(soon.map((r) => r.identifier)).toContain(DEMO_TASK_IDS.expiringSoon);
    expect(relativeLocal(NOW, { days: 1, hour: 18 })).toBe(
      rows.find((r) => r.identifier === DEMO_TASK_IDS.expiringSoon)?.due_end,
    );
  });

  it('covers location types, due types, budgets, languages and creation weeks', async () => {
    const tasks = await db.query<{
      uuid: string;
      location_type: string;
      due_type: string;
      budget_from: number;
      budget_to: number;
      created_at: Date;
    }>('SELECT uuid, location_type, due_type, budget_from, budget_to, created_at FROM tasks');
    expect(new Set(tasks.map((t) => t.location_type))).toEqual(new Set(['anywhere', 'specific']));
    expect(new Set(tasks.map((t) => t.due_type))).toEqual(new Set(['start', 'end', 'period']));
    expect(tasks.some((t) => t.budget_from === t.budget_to)).toBe(true);
    expect(tasks.some((t) => t.budget_from < t.budget_to)).toBe(true);
    const weekAgo = NOW.getTime() - 7 * 24 * 3_600_000;
    const old = tasks.filter((t) => new Date(t.created_at).getTime() < weekAgo);
    expect(old.length).toBeGreaterThan(0);
    expect(tasks.length - old.length).toBeGreaterThan(old.length);

    const locs = await db.query<{ task_uuid: string; location_type: string; city: string }>(
      `SELECT l.task_uuid, t.location_type, l.city FROM task_locations l
       JOIN tasks t ON t.uuid = l.task_uuid`,
    );
    for (const loc of locs) {
      expect(loc.location_type).toBe('specific');
      expect(loc.city).not.toBe('');
    }
    expect(new Set(locs.map((l) => l.city))).toEqual(new Set(['Rīga', 'Tallinn', 'Vilnius']));
    for (const t of tasks.filter((x) => x.location_type === 'specific')) {
      expect(locs.some((l) => l.task_uuid === t.uuid)).toBe(true);
    }
    const [{ without }] = await db.query<{ without: number }>(
      `SELECT count(*)::int AS without FROM tasks t
       WHERE NOT EXISTS (SELECT 1 FROM task_languages l WHERE l.task_uuid = t.uuid)`,
    );
    expect(without).toBe(0);
  });

  it('writes real task images and avatars under uploadsDir, stored as relative paths', async () => {
    const images = await db.query<{
      task_uuid: string;
      original_path: string;
      thumbnail_path: string;
      width: number;
      height: number;
    }>('SELECT task_uuid, original_path, thumbnail_path, width, height FROM task_images');
    expect(new Set(images.map((i) => i.task_uuid)).size).toBeGreaterThanOrEqual(4);
    for (const img of images) {
      expect(path.isAbsolute(img.original_path)).toBe(false);
      expect(img.original_path.startsWith(`tasks/${img.task_uuid}/`)).toBe(true);
      const original = await sharp(path.join(uploadsDir, img.original_path)).metadata();
      expect(original).toMatchObject({ format: 'jpeg', width: 1200, height: 800 });
      expect([img.width, img.height]).toEqual([1200, 800]);
      const thumb = await sharp(path.join(uploadsDir, img.thumbnail_path)).metadata();
      expect(['jpeg', 'webp']).toContain(thumb.format);
      expect([thumb.width, thumb.height]).toEqual([400, 267]);
    }
    const photos = await db.query<{ photo_path: string }>(
      'SELECT photo_path FROM users WHERE photo_path IS NOT NULL',
    );
    expect(photos.length).toBeGreaterThanOrEqual(2);
    for (const { photo_path } of photos) {
      expect(path.isAbsolute(photo_path)).toBe(false);
      const meta = await sharp(path.join(uploadsDir, photo_path)).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 256, height: 256 });
    }
  });
});

describe('seed: demo reports (issue 19)', () => {
  it('gives the moderator a queue: open reports about two tasks and a question, one dismissed and logged', async () => {
    const open = await db.query<{ identifier: string; reporter_key: string }>(
      `SELECT t.identifier, r.reporter_key FROM reports r JOIN tasks t ON t.uuid = r.task_uuid
        WHERE r.status = 'open' ORDER BY r.created_at`,
    );
    expect(new Set(open.map((r) => r.identifier)).size).toBe(2);
    expect(open.some((r) => r.reporter_key.startsWith('anon:'))).toBe(true);
    const questions = await db.query<{ status: string }>('SELECT status FROM question_reports');
    expect(questions).toEqual([{ status: 'open' }]);
    const decided = await db.query<{ identifier: string; status: string; decided_at: Date }>(
      `SELECT t.identifier, r.status, r.decided_at FROM reports r
         JOIN tasks t ON t.uuid = r.task_uuid WHERE r.status <> 'open'`,
    );
    expect(decided).toEqual([
      { identifier: DEMO_TASK_IDS.expired, status: 'dismissed', decided_at: expect.any(Date) },
    ]);
    const log = await db.query<{
      action: string;
      email: string;
      identifier: string;
      reason: string;
    }>(
      `SELECT l.action, m.email, t.identifier, l.reason FROM moderation_log l
         JOIN users m ON m.uuid = l.moderator_uuid JOIN tasks t ON t.uuid = l.task_uuid`,
    );
    expect(log).toEqual([
      {
        action: 'dismiss',
        email: 'moderator@talka.test',
        identifier: DEMO_TASK_IDS.expired,
        reason: expect.stringMatching(/\S{3}/),
      },
    ]);
  });

  it('lets demo users find their own reports ("My reports"), open and decided', async () => {
    const mine = await db.query<{ email: string; status: string }>(
      `SELECT u.email, r.status FROM reports r JOIN users u ON r.reporter_key = 'user:' || u.uuid
       UNION ALL
       SELECT u.email, r.status FROM question_reports r
         JOIN users u ON r.reporter_key = 'user:' || u.uuid`,
    );
    const of = (email: string) => mine.filter((r) => r.email === email).map((r) => r.status);
    expect(of('freelancer@talka.test')).toEqual(['open', 'open']);
    expect(of('customer@talka.test')).toEqual(['dismissed']);
  });
});

describe('seed: idempotence', () => {
  it('running the seed again duplicates nothing and updates reference titles', async () => {
    const before = await counts();
    const filesBefore = fs.readdirSync(uploadsDir, { recursive: true }).length;
    await db.query(`UPDATE categories SET title = '{"en":"stale"}'::jsonb WHERE id = 1`);
    await db.query(`UPDATE incomplete_reasons SET title = '{"en":"stale"}'::jsonb WHERE id = 1`);

    await expect(seed(db, { uploadsDir })).resolves.toEqual({ seeded: false });

    expect(await counts()).toEqual(before);
    expect(fs.readdirSync(uploadsDir, { recursive: true })).toHaveLength(filesBefore);
    const [category] = await db.query<{ title: Localized }>(
      'SELECT title FROM categories WHERE id = 1',
    );
    expect(category.title).toEqual(CATEGORIES.find((c) => c.id === 1)?.title);
    const [reason] = await db.query<{ title: Localized }>(
      'SELECT title FROM incomplete_reasons WHERE id = 1',
    );
    expect(reason.title.lv).toBe(REASONS[0].title.lv);
  });
});
