/**
 * Creating and updating a task from the multipart task form (issue 4; SPEC sections 3, 5, 7, 9).
 *
 * - Fields arrive in Laravel bracket notation and go through the shared parseTaskMultipart and
 *   taskFormSchema, so the server applies exactly the form's rules (422 on failure).
 * - Files are streamed part by part: each is read up to the per-file limit, checked by its content
 *   (never its name or declared type) and re-encoded by the storage as it arrives, so at most one
 *   upload is held in memory.
 * - One create or update is all or nothing: the rows are written in one transaction, and when
 *   anything fails (a field, a bad file, the database) the files already written are removed.
 *   Image files an update deletes are removed only after the commit.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyBaseLogger } from 'fastify';
import { ValidationError } from 'yup';
import { TASK_IMAGE_FORMATS } from '../../shared/imageFormats';
import { LIMITS } from '../../shared/limits';
import type { Locale } from '../../shared/locales';
import { lifecycleInput } from '../../shared/taskLifecycle';
import { canTransition } from '../../shared/taskLifecycle.machine';
import type { DueType, LocationType } from '../../shared/types';
import { ref, validationMessages as m, type MessageRef } from '../../shared/validation/messages';
import {
  effectiveBudget,
  parseTaskMultipart,
  taskFormSchema,
  type TaskFormContext,
} from '../../shared/validation/taskForm';
import type { Db, Queryable } from '../db/db';
import { forbidden, HttpError, notFound } from '../errors';
import { yupFieldErrors } from '../plugins/errorHandler';
import {
  ImageRejectedError,
  inspectImage,
  isSafeRelative,
  rejectionMessage,
  type ImageFormat,
  type SavedTaskImage,
  type Storage,
} from '../storage';
import type { UserRow } from '../users';
import { loadTaskEntry } from './loadTask';

/** Raster formats a task image may be (by content); anything else is 'type not allowed'. */
export const TASK_UPLOAD_FORMATS: readonly ImageFormat[] = TASK_IMAGE_FORMATS;

/** images, images[] and images[3] all name task image files. */
const IMAGE_FIELD = /^images(?:\[\d*\])?$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IDENTIFIER_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const IDENTIFIER_ATTEMPTS = 10;
const INT4_MAX = 2_147_483_647;

/** 'TK' + 6 random upper-case letters and digits, e.g. TK7Q2ZPA. */
export function randomIdentifier(): string {
  let code = 'TK';
  for (let i = 0; i < 6; i++) code += IDENTIFIER_ALPHABET[randomInt(IDENTIFIER_ALPHABET.length)];
  return code;
}

// ---------------------------------------------------------------------------------------------
// Errors

/** One field message; `file` names the upload it is about (shown as 'photo.jpg: message'). */
export interface TaskFieldMessage {
  message: MessageRef;
  file?: string;
}
export type TaskFieldErrors = Record<string, TaskFieldMessage[]>;

/** 422 for the task form: field messages, some of them about a named file. */
export class TaskFormError extends Error {
  readonly statusCode = 422;
  constructor(readonly errors: TaskFieldErrors) {
    super('task form invalid');
    this.name = 'TaskFormError';
  }
}

function addError(errors: TaskFieldErrors, field: string, entry: TaskFieldMessage): void {
  const list = (errors[field] ??= []);
  const same = (e: TaskFieldMessage) => e.message.id === entry.message.id && e.file === entry.file;
  if (!list.some(same)) list.push(entry);
}

/** A bad file: under images.<index> and, for a form that shows one message, under images. */
function addFileError(errors: TaskFieldErrors, index: number, file: string, message: MessageRef) {
  addError(errors, `images.${index}`, { message, file });
  addError(errors, 'images', { message, file });
}

const tooManyImages = (): TaskFieldErrors => ({
  images: [{ message: ref(m.tooManyImages, { max: LIMITS.imagesPerTask }) }],
});

const errorCode = (err: unknown): unknown =>
  typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;

// ---------------------------------------------------------------------------------------------
// Receiving the multipart body

/** Options for request.parts(): per-file and file-count limits; a too-large file is truncated. */
export const TASK_PART_LIMITS = {
  limits: { fileSize: LIMITS.imageMaxBytes, files: LIMITS.imagesPerTask },
  // Read part.file.truncated instead of failing the whole request, so the file can be named.
  throwFileSizeLimit: false,
};

export interface ReceivedUpload {
  /** Text fields; repeated names keep every value. */
  fields: Record<string, string[]>;
  /** Images stored so far (re-encoded), in upload order. */
  saved: SavedTaskImage[];
  /** Image files that arrived, accepted or not. */
  imageCount: number;
  errors: TaskFieldErrors;
}

/** The file name to show in a message: its last path segment, printable, at most 100 chars. */
function displayName(filename: string | undefined, index: number): string {
  const base = (filename ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean ? clean.slice(0, 100) : `#${index + 1}`;
}

/** The whole file, or null when it went over the per-file limit (busboy truncates it). */
async function readFilePart(part: MultipartFile): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
  } catch (err) {
    if (errorCode(err) === 'FST_REQ_FILE_TOO_LARGE') return null;
    throw err;
  }
  return part.file.truncated ? null : Buffer.concat(chunks);
}

async function drain(part: MultipartFile): Promise<void> {
  for await (const chunk of part.file) void chunk;
}

const pathsOf = (images: readonly SavedTaskImage[]): string[] =>
  images.flatMap((i) => [i.original_path, i.thumbnail_path]);

/**
 * Reads every part: text fields are collected, images checked by content and stored under the
 * task's folder as they arrive. A bad file is recorded (naming it) and nothing more is stored,
 * since the request will fail; the remaining files are still checked so every bad one is named.
 * Too many files end the request at once with a 422. On a throw, stored files are removed.
 */
export async function receiveTaskUpload(
  parts: AsyncIterable<Multipart>,
  storage: Storage,
  taskUuid: string,
): Promise<ReceivedUpload> {
  const upload: ReceivedUpload = { fields: {}, saved: [], imageCount: 0, errors: {} };
  const maxBytes = LIMITS.imageMaxBytes;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        // multipart/form-data sends line breaks as CRLF; stored text (and its length limits) uses
        // LF, as the JSON routes and the SPA's counters do.
        if (typeof part.value === 'string')
          (upload.fields[part.fieldname] ??= []).push(part.value.replace(/\r\n?/g, '\n'));
        continue;
      }
      if (!IMAGE_FIELD.test(part.fieldname)) {
        await drain(part);
        continue;
      }
      const index = upload.imageCount++;
      const name = displayName(part.filename, index);
      const buffer = await readFilePart(part);
      if (buffer === null) {
        addFileError(upload.errors, index, name, rejectionMessage('too_large', maxBytes));
        continue;
      }
      const inspected = await inspectImage(buffer, {
        maxBytes,
        allowed: TASK_UPLOAD_FORMATS,
        decode: false,
      });
      if (!inspected.ok) {
        addFileError(upload.errors, index, name, rejectionMessage(inspected.reason, maxBytes));
        continue;
      }
      if (Object.keys(upload.errors).length > 0) continue;
      try {
        upload.saved.push(await storage.saveTaskImage(taskUuid, buffer));
      } catch (err) {
        // Saving decodes the whole image: a corrupt body or a pixel flood shows up here.
        if (!(err instanceof ImageRejectedError)) throw err;
        addFileError(upload.errors, index, name, rejectionMessage(err.reason, maxBytes));
      }
    }
  } catch (err) {
    await storage.remove(pathsOf(upload.saved)).catch(() => undefined);
    if (errorCode(err) === 'FST_FILES_LIMIT') throw new TaskFormError(tooManyImages());
    if (errorCode(err) === 'FST_REQ_FILE_TOO_LARGE') {
      throw new TaskFormError({
        images: [{ message: rejectionMessage('too_large', maxBytes) }],
      });
    }
    throw err;
  }
  return upload;
}

// ---------------------------------------------------------------------------------------------
// Validation

/** A validated task form, in the shape the rows take. */
export interface TaskRecord {
  category_id: number;
  title: string;
  description: string;
  languages: string[];
  due_type: DueType;
  due_start: string | null;
  due_end: string | null;
  location_type: LocationType;
  locations: { address: string; city: string; lat: number; lng: number }[];
  budget_from: number;
  budget_to: number;
  removable_images: string[];
}

const numberOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * The form's fields through the shared schema (context: server time, image total, stored dates)
 * plus what only the server knows (the category exists). Errors are merged with the upload's.
 */
async function checkForm(
  db: Queryable,
  upload: ReceivedUpload,
  context: TaskFormContext,
): Promise<TaskRecord> {
  const errors: TaskFieldErrors = {};
  for (const [field, list] of Object.entries(upload.errors)) {
    for (const entry of list) addError(errors, field, entry);
  }
  // PostgreSQL text cannot hold NUL: refused on the field ('locations[0][city]' -> locations.0.city).
  for (const [name, list] of Object.entries(upload.fields)) {
    if (!list.some((value) => value.includes('\u0000'))) continue;
    const field = name
      .replace(/\[(\d*)\]/g, (_m, i: string) => (i ? `.${i}` : ''))
      .replace(/\[([^\]]*)\]/g, '.$1');
    addError(errors, field || '_', { message: ref(m.invalid) });
  }
  const values = parseTaskMultipart(upload.fields);
  let record: TaskRecord | null = null;
  try {
    const valid = await taskFormSchema.validate(values, {
      abortEarly: false,
      stripUnknown: true,
      context,
    });
    const budget = effectiveBudget({
      budget_from: numberOrNull(valid.budget_from),
      budget_to: numberOrNull(valid.budget_to),
      budget_specific: numberOrNull(valid.budget_specific),
    });
    record = {
      category_id: Number(valid.category_id),
      title: valid.title,
      description: valid.description,
      languages: valid.languages.map(String),
      due_type: valid.due_type as DueType,
      due_start: valid.due_start ?? null,
      due_end: valid.due_end ?? null,
      location_type: valid.location_type as LocationType,
      locations:
        valid.location_type === 'specific'
          ? values.locations.map((l) => ({
              address: l.address.trim(),
              city: l.city.trim(),
              lat: Number(l.lat),
              lng: Number(l.lng),
            }))
          : [],
      budget_from: budget.budget_from ?? 0,
      budget_to: budget.budget_to ?? 0,
      removable_images: values.removable_images,
    };
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    for (const [field, messages] of Object.entries(yupFieldErrors(err))) {
      for (const message of messages) addError(errors, field, { message });
    }
  }

  const categoryId = values.category_id;
  // categories.id is an int4: a larger id names no category (and would be a query error).
  if (typeof categoryId === 'number' && Number.isInteger(categoryId) && categoryId > INT4_MAX) {
    addError(errors, 'category_id', { message: ref(m.invalid) });
  } else if (typeof categoryId === 'number' && Number.isInteger(categoryId) && categoryId > 0) {
    const [known] = await db.query<{ id: number }>('SELECT id FROM categories WHERE id = $1', [
      categoryId,
    ]);
    if (!known) addError(errors, 'category_id', { message: ref(m.invalid) });
  }

  if (Object.keys(errors).length > 0 || record === null) throw new TaskFormError(errors);
  return record;
}

// ---------------------------------------------------------------------------------------------
// Rows

async function insertChildren(
  tx: Queryable,
  taskUuid: string,
  record: TaskRecord,
  images: readonly SavedTaskImage[],
  firstImagePosition: number,
): Promise<void> {
  for (const locale of new Set(record.languages)) {
    await tx.query('INSERT INTO task_languages (task_uuid, locale) VALUES ($1, $2)', [
      taskUuid,
      locale,
    ]);
  }
  for (const [position, l] of record.locations.entries()) {
    await tx.query(
      `INSERT INTO task_locations (task_uuid, position, address, city, lat, lng)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [taskUuid, position, l.address, l.city, l.lat, l.lng],
    );
  }
  for (const [i, image] of images.entries()) {
    await tx.query(
      `INSERT INTO task_images (uuid, task_uuid, position, original_path, thumbnail_path, width, height)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        image.uuid,
        taskUuid,
        firstImagePosition + i,
        image.original_path,
        image.thumbnail_path,
        image.width,
        image.height,
      ],
    );
  }
}

/**
 * Inserts the task row with a fresh identifier; a taken identifier is retried (ON CONFLICT keeps
 * the transaction usable). Resolves to the identifier used.
 */
export async function insertTaskRow(
  tx: Queryable,
  row: { uuid: string; author_uuid: string; record: TaskRecord },
  newIdentifier: () => string = randomIdentifier,
): Promise<string> {
  const { record } = row;
  for (let attempt = 0; attempt < IDENTIFIER_ATTEMPTS; attempt++) {
    const [inserted] = await tx.query<{ identifier: string }>(
      `INSERT INTO tasks (uuid, identifier, author_uuid, category_id, title, description, status,
                          location_type, due_type, due_start, due_end, budget_from, budget_to)
       VALUES ($1, $2, $3, $4, $5, $6, 'open', $7, $8, $9, $10, $11, $12)
       ON CONFLICT (identifier) DO NOTHING
       RETURNING identifier`,
      [
        row.uuid,
        newIdentifier(),
        row.author_uuid,
        record.category_id,
        record.title,
        record.description,
        record.location_type,
        record.due_type,
        record.due_start,
        record.due_end,
        record.budget_from,
        record.budget_to,
      ],
    );
    if (inserted) return inserted.identifier;
  }
  throw new Error('could not find a free task identifier');
}

// ---------------------------------------------------------------------------------------------
// Create and update

export interface SaveTaskDeps {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
  /** The server's clock; default now. */
  now?: () => Date;
  newIdentifier?: () => string;
}

/** Opens the request's parts; called only once the request is allowed, so nothing is read before. */
export type PartsSource = () => AsyncIterable<Multipart>;

async function removeQuietly(deps: SaveTaskDeps, paths: readonly string[], what: string) {
  try {
    await deps.storage.remove(paths.filter((p) => isSafeRelative(p)));
  } catch (err) {
    deps.log.warn({ err }, what);
  }
}

/** The commit decided: the files stay, their in-doubt marks go (storage.ts, "Files in doubt"). */
async function settleQuietly(deps: SaveTaskDeps, paths: readonly string[]) {
  try {
    await deps.storage.settle(paths.filter((p) => isSafeRelative(p)));
  } catch (err) {
    // A mark left behind is resolved at the next start, by the database.
    deps.log.warn({ err }, 'could not drop the in-doubt marks of stored files');
  }
}

/** POST /tasks: creates an open task for `author`. All or nothing. */
export async function createTask(
  deps: SaveTaskDeps,
  author: Pick<UserRow, 'uuid'>,
  parts: PartsSource,
): Promise<{ uuid: string; identifier: string }> {
  const uuid = randomUUID();
  const upload = await receiveTaskUpload(parts(), deps.storage, uuid);
  try {
    const record = await checkForm(deps.db, upload, {
      now: deps.now?.() ?? new Date(),
      images_total: upload.imageCount,
    });
    const identifier = await deps.db.transaction(async (tx) => {
      const code = await insertTaskRow(
        tx,
        { uuid, author_uuid: author.uuid, record },
        deps.newIdentifier,
      );
      await insertChildren(tx, uuid, record, upload.saved, 0);
      return code;
    });
    await settleQuietly(deps, pathsOf(upload.saved));
    return { uuid, identifier };
  } catch (err) {
    await removeQuietly(deps, pathsOf(upload.saved), 'task not created but some files remain');
    // The folder is this request's own (a fresh uuid): nothing else can be in it.
    await deps.storage.removeTask(uuid).catch(() => undefined);
    throw err;
  }
}

/** 'PUT' and 'PATCH' are updates; POST /tasks/:uuid with another _method is not. */
function assertUpdateMethod(fields: Record<string, string[]>): void {
  const method = fields._method?.at(-1);
  if (method !== undefined && !/^(put|patch)$/i.test(method.trim())) {
    throw new HttpError(405, 'errors.bad_request');
  }
}

/**
 * POST /tasks/:uuid with _method=PUT (and PUT /tasks/:uuid): the owner replaces the form's fields,
 * deletes removable_images (only this task's; other uuids are ignored) and adds the new files, while
 * the lifecycle allows EDIT_TASK and no offer is chosen. Resolves to the task's uuid.
 */
export async function updateTask(
  deps: SaveTaskDeps,
  slugOrUuid: string,
  user: Pick<UserRow, 'uuid' | 'is_freelancer'>,
  locale: Locale,
  parts: PartsSource,
  options: { methodOverride: boolean },
): Promise<string> {
  const { db } = deps;
  const loaded = await loadTaskEntry(db, slugOrUuid, user, locale);
  if (!loaded) throw notFound();
  const { task } = loaded;
  const now = deps.now?.() ?? new Date();
  const input = lifecycleInput(task, { uuid: user.uuid, is_freelancer: user.is_freelancer }, now);
  if (
    loaded.authorUuid !== user.uuid ||
    loaded.chosenFreelancerUuid !== null ||
    !canTransition(input, { type: 'EDIT_TASK' })
  ) {
    throw forbidden();
  }

  const upload = await receiveTaskUpload(parts(), deps.storage, task.uuid);
  let removed: string[];
  // Files of deleted rows, marked in doubt inside the transaction (a crash before the commit keeps
  // them, after it deletes them: storage.ts, "Files in doubt").
  let marked: string[] = [];
  try {
    if (options.methodOverride) assertUpdateMethod(upload.fields);
    const existing = new Set(task.images.map((i) => i.uuid.toLowerCase()));
    const removable = parseTaskMultipart(upload.fields)
      .removable_images.map((u) => u.toLowerCase())
      .filter((u) => UUID_PATTERN.test(u) && existing.has(u));
    const record = await checkForm(db, upload, {
      now,
      images_total: existing.size - new Set(removable).size + upload.imageCount,
      original: { due_start: task.due_start, due_end: task.due_end },
    });

    removed = await db.transaction(async (tx) => {
      // Re-checked under a row lock: an offer chosen since the load above still wins.
      const [current] = await tx.query<{ author_uuid: string; status: string; chosen: boolean }>(
        `SELECT t.author_uuid, t.status,
                EXISTS (SELECT 1 FROM offers o
                         WHERE o.task_uuid = t.uuid AND o.chosen_at IS NOT NULL) AS chosen
           FROM tasks t WHERE t.uuid = $1 FOR UPDATE`,
        [task.uuid],
      );
      if (!current) throw notFound();
      if (
        current.author_uuid !== user.uuid ||
        current.chosen ||
        !['new', 'open'].includes(current.status)
      ) {
        throw forbidden();
      }

      await tx.query(
        `UPDATE tasks
            SET category_id = $2, title = $3, description = $4, location_type = $5, due_type = $6,
                due_start = $7, due_end = $8, budget_from = $9, budget_to = $10, updated_at = now()
          WHERE uuid = $1`,
        [
          task.uuid,
          record.category_id,
          record.title,
          record.description,
          record.location_type,
          record.due_type,
          record.due_start,
          record.due_end,
          record.budget_from,
          record.budget_to,
        ],
      );
      await tx.query('DELETE FROM task_languages WHERE task_uuid = $1', [task.uuid]);
      await tx.query('DELETE FROM task_locations WHERE task_uuid = $1', [task.uuid]);
      const deleted =
        removable.length === 0
          ? []
          : await tx.query<{ original_path: string; thumbnail_path: string }>(
              `DELETE FROM task_images WHERE task_uuid = $1 AND uuid = ANY($2::uuid[])
               RETURNING original_path, thumbnail_path`,
              [task.uuid, removable],
            );
      const [kept] = await tx.query<{ count: number; next: number }>(
        `SELECT count(*)::int AS count, COALESCE(max(position) + 1, 0)::int AS next
           FROM task_images WHERE task_uuid = $1`,
        [task.uuid],
      );
      // Another update may have added images since the check above.
      if (kept.count + upload.saved.length > LIMITS.imagesPerTask) {
        throw new TaskFormError(tooManyImages());
      }
      await insertChildren(tx, task.uuid, record, upload.saved, kept.next);
      marked = deleted
        .flatMap((d) => [d.original_path, d.thumbnail_path])
        .filter((p) => isSafeRelative(p));
      await deps.storage.mark(marked);
      return marked;
    });
  } catch (err) {
    await removeQuietly(deps, pathsOf(upload.saved), 'task not updated but some files remain');
    await settleQuietly(deps, marked);
    throw err;
  }
  await settleQuietly(deps, pathsOf(upload.saved));
  // The rows are gone: a file that cannot be removed is only wasted space.
  await removeQuietly(deps, removed, 'task images deleted but some files remain');
  return task.uuid;
}
