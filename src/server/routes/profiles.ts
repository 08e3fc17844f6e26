/**
 * Profiles (issue 7): the public profile, editing one's own (name, phone, languages, photo) and
 * becoming a freelancer.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isLocale, type Locale } from '../../shared/locales';
import { REVIEW_BLIND_DAYS } from '../../shared/reviews';
import type { ActiveProfile, ProfileReview, PublicProfile } from '../../shared/types';
import { ref, validationMessages as m } from '../../shared/validation/messages';
import {
  becomeFreelancerSchema,
  PHOTO_FIELD,
  PHOTO_MAX_BYTES,
  profileSchema,
} from '../../shared/validation/profile';
import { requireUser } from '../auth/session';
import type { Db } from '../db/db';
import { FieldErrors, notFound } from '../errors';
import { pickLocale } from '../i18n';
import {
  createStorage,
  ImageRejectedError,
  isSafeRelative,
  rejectionMessage,
  type Storage,
} from '../storage';
import { isOnline, photoOf, toCurrentUser, type UserRow } from '../users';
import { validateBody } from '../validate';
import { iso, numOrNull } from './browseQuery';
import { categoryRefs, refsFor } from './freelancers';
import { listTasks } from './taskList';
import '../types';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Reviews shown on a profile, newest first. */
export const PROFILE_REVIEWS_MAX = 50;
/** Open tasks shown on a profile, newest first. */
export const PROFILE_TASKS_MAX = 12;

interface ReviewRow {
  rate: number;
  feedback: string | null;
  status: ProfileReview['status'];
  target_role: ProfileReview['target_role'];
  created_at: Date | string;
  author_uuid: string;
  author_display_name: string;
  author_photo_path: string | null;
  author_deleted: boolean;
  task_identifier: string;
  task_title: string;
}

export async function loadProfile(
  db: Db,
  uuid: string,
  locale: Locale,
  now = new Date(),
): Promise<PublicProfile | null> {
  if (!UUID_PATTERN.test(uuid)) return null;
  const [user] = await db.query<UserRow>('SELECT * FROM users WHERE uuid = $1::uuid', [uuid]);
  if (!user) return null;
  if (user.deleted_at !== null) return { uuid: user.uuid, deleted: true };

  const [reviews, tasks, refs] = await Promise.all([
    // A cancelled task (incomplete without feedback) leaves rate 0: a lock, not a review. Only
    // visible reviews (double-blind, src/shared/reviews.ts: both reviewed, or 14 days passed).
    db.query<ReviewRow>(
      `SELECT r.rate, r.feedback, r.status, r.target_role, r.created_at,
              a.uuid AS author_uuid, a.display_name AS author_display_name,
              a.photo_path AS author_photo_path, a.deleted_at IS NOT NULL AS author_deleted,
              t.identifier AS task_identifier, t.title AS task_title
         FROM reviews r
         JOIN users a ON a.uuid = r.author_uuid
         JOIN tasks t ON t.uuid = r.task_uuid
        WHERE r.target_uuid = $1 AND r.rate > 0
          AND (r.published_at IS NOT NULL
               OR r.created_at <= $2::timestamptz - make_interval(days => ${REVIEW_BLIND_DAYS}))
        ORDER BY r.created_at DESC, r.id DESC
        LIMIT ${PROFILE_REVIEWS_MAX}`,
      [user.uuid, now.toISOString()],
    ),
    listTasks(
      db,
      {
        author_uuid: user.uuid,
        statuses: ['open'],
        sort: 'newest',
        page: 1,
        per_page: PROFILE_TASKS_MAX,
      },
      locale,
      now,
    ),
    categoryRefs(db, (user.categories ?? []).map(Number), locale),
  ]);

  const profile: ActiveProfile = {
    uuid: user.uuid,
    deleted: false,
    display_name: user.display_name,
    photo: photoOf(user.photo_path),
    is_legal: user.is_legal,
    is_online: isOnline(user.last_seen_at, now.getTime()),
    customer_rating: numOrNull(user.customer_rating),
    freelancer_rating: numOrNull(user.freelancer_rating),
    is_freelancer: user.is_freelancer,
    languages: user.languages.filter(isLocale),
    categories: refsFor(user.categories ?? [], refs),
    created_at: iso(user.created_at),
    reviews: reviews.map((r) => ({
      rate: Number(r.rate),
      feedback: r.feedback,
      status: r.status,
      target_role: r.target_role,
      created_at: iso(r.created_at),
      author: r.author_deleted
        ? null
        : {
            uuid: r.author_uuid,
            display_name: r.author_display_name,
            photo: photoOf(r.author_photo_path),
          },
      task: { identifier: r.task_identifier, title: r.task_title },
    })),
    tasks: tasks.data,
  };
  return profile;
}

const photoError = (message = ref(m.required)) => new FieldErrors({ [PHOTO_FIELD]: [message] });

const isFileTooLarge = (err: unknown): boolean =>
  typeof err === 'object' &&
  err !== null &&
  (err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE';

/** The uploaded `photo` file's bytes, at most PHOTO_MAX_BYTES; anything else is a 422 on photo. */
async function readPhoto(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw photoError();
  let file: MultipartFile | undefined;
  try {
    file = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } });
  } catch (err) {
    if (isFileTooLarge(err)) throw photoError(rejectionMessage('too_large', PHOTO_MAX_BYTES));
    throw photoError();
  }
  if (!file) throw photoError();
  if (file.fieldname !== PHOTO_FIELD) {
    file.file.resume();
    throw photoError();
  }
  try {
    const buffer = await file.toBuffer();
    if (file.file.truncated) throw photoError(rejectionMessage('too_large', PHOTO_MAX_BYTES));
    return buffer;
  } catch (err) {
    if (err instanceof FieldErrors) throw err;
    if (isFileTooLarge(err)) throw photoError(rejectionMessage('too_large', PHOTO_MAX_BYTES));
    throw err;
  }
}

export const profileRoutes: FastifyPluginAsync<{ storage?: Storage }> = async (app, opts) => {
  const { db } = app;
  const storage = opts.storage ?? createStorage(app.config.uploadsDir);

  app.get<{ Params: { uuid: string }; Querystring: { locale?: string } }>(
    '/users/:uuid',
    async (request) => {
      const locale = pickLocale(request.query.locale, request.headers['accept-language']);
      const profile = await loadProfile(db, request.params.uuid, locale);
      if (!profile) throw notFound();
      return { data: profile };
    },
  );

  app.put('/me/profile', async (request) => {
    const user = requireUser(request);
    const form = await validateBody(profileSchema, request.body);
    const [row] = await db.query<UserRow>(
      `UPDATE users SET display_name = $2, phone_number = $3, languages = $4::text[]
        WHERE uuid = $1 AND deleted_at IS NULL
        RETURNING *`,
      [user.uuid, form.display_name, form.phone_number ?? null, form.languages],
    );
    if (!row) throw notFound();
    return { data: toCurrentUser(row) };
  });

  app.post('/me/photo', async (request) => {
    const user = requireUser(request);
    const buffer = await readPhoto(request);
    let saved: string;
    try {
      // Checked by content (never the name or declared type), re-encoded; SVG is rasterised.
      saved = await storage.saveProfilePhoto(user.uuid, buffer);
    } catch (err) {
      if (err instanceof ImageRejectedError) {
        throw photoError(rejectionMessage(err.reason, PHOTO_MAX_BYTES));
      }
      throw err;
    }
    let updated: { row: UserRow; previous: string | null };
    let marked: string[] = [];
    try {
      updated = await db.transaction(async (tx) => {
        const [current] = await tx.query<{ photo_path: string | null }>(
          'SELECT photo_path FROM users WHERE uuid = $1 AND deleted_at IS NULL FOR UPDATE',
          [user.uuid],
        );
        if (!current) throw notFound();
        const [row] = await tx.query<UserRow>(
          'UPDATE users SET photo_path = $2 WHERE uuid = $1 RETURNING *',
          [user.uuid, saved],
        );
        // In doubt until the commit (storage.ts, "Files in doubt"): a crash now keeps it.
        if (current.photo_path && isSafeRelative(current.photo_path)) {
          marked = [current.photo_path];
          await storage.mark(marked);
        }
        return { row, previous: current.photo_path };
      });
    } catch (err) {
      await storage.remove([saved]).catch(() => undefined);
      await storage.settle(marked).catch(() => undefined);
      throw err;
    }
    // Committed: the new photo stays (a mark left by a failure here is resolved at the next start).
    await storage.settle([saved]).catch(() => undefined);
    if (updated.previous && updated.previous !== saved) {
      // The row already points at the new file; a leftover old file is only wasted space.
      await storage.remove([updated.previous]).catch((err: unknown) => {
        request.log.warn({ err }, 'could not remove the previous profile photo');
      });
    }
    return { data: toCurrentUser(updated.row) };
  });

  app.post('/become-freelancer', async (request) => {
    const user = requireUser(request);
    const form = await validateBody(becomeFreelancerSchema, request.body);
    const categories = form.categories.map(Number);
    // Category ids are int4: a larger one names no category (and would fail the ::int[] cast).
    if (categories.some((id) => Math.abs(id) > 2_147_483_647)) {
      throw new FieldErrors({ categories: [ref(m.oneOf)] });
    }
    const row = await db.transaction(async (tx) => {
      const known = await tx.query<{ id: number }>(
        'SELECT id FROM categories WHERE id = ANY($1::int[])',
        [categories],
      );
      if (known.length !== categories.length) {
        throw new FieldErrors({ categories: [ref(m.oneOf)] });
      }
      const [updated] = await tx.query<UserRow>(
        `UPDATE users SET is_freelancer = true, categories = $2::int[], languages = $3::text[]
          WHERE uuid = $1 AND deleted_at IS NULL
          RETURNING *`,
        [user.uuid, categories, form.languages],
      );
      return updated;
    });
    if (!row) throw notFound();
    return { data: toCurrentUser(row) };
  });
};
