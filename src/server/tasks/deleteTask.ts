/**
 * Deleting a task: the owner, while the lifecycle machine allows DELETE_TASK (no offer chosen).
 * The rows go by ON DELETE CASCADE; the image files are removed after the commit.
 */
import type { FastifyBaseLogger } from 'fastify';
import { lifecycleInput } from '../../shared/taskLifecycle';
import { canTransition } from '../../shared/taskLifecycle.machine';
import type { Locale } from '../../shared/locales';
import type { Db } from '../db/db';
import { forbidden, notFound } from '../errors';
import { createStorage, isSafeRelative } from '../storage';
import type { UserRow } from '../users';
import { loadTaskEntry } from './loadTask';

export interface DeleteTaskDeps {
  db: Db;
  uploadsDir: string;
  log: FastifyBaseLogger;
}

/**
 * Deletes the task (by uuid or identifier) for `user`, or throws 404 / 403. Resolves to the deleted
 * task's uuid.
 */
export async function deleteTask(
  deps: DeleteTaskDeps,
  slugOrUuid: string,
  user: Pick<UserRow, 'uuid' | 'is_freelancer'>,
  locale: Locale,
): Promise<string> {
  const { db } = deps;
  const loaded = await loadTaskEntry(db, slugOrUuid, user, locale);
  if (!loaded) throw notFound();
  const { task } = loaded;
  const input = lifecycleInput(
    task,
    { uuid: user.uuid, is_freelancer: user.is_freelancer },
    new Date(),
  );
  if (loaded.authorUuid !== user.uuid || !canTransition(input, { type: 'DELETE_TASK' })) {
    throw forbidden();
  }

  const storage = createStorage(deps.uploadsDir);
  const images = await db.transaction(async (tx) => {
    const files = await tx.query<{ original_path: string; thumbnail_path: string }>(
      'SELECT original_path, thumbnail_path FROM task_images WHERE task_uuid = $1',
      [task.uuid],
    );
    // Re-checked in the statement itself: an offer chosen since the load above still wins.
    const deleted = await tx.query<{ uuid: string }>(
      `DELETE FROM tasks t
        WHERE t.uuid = $1 AND t.author_uuid = $2 AND t.status IN ('new', 'open')
          AND NOT EXISTS (SELECT 1 FROM offers o WHERE o.task_uuid = t.uuid AND o.chosen_at IS NOT NULL)
        RETURNING t.uuid`,
      [task.uuid, user.uuid],
    );
    if (deleted.length === 0) return null;
    // In doubt until the commit (storage.ts, "Files in doubt"): a crash after it deletes them.
    await storage.mark(
      files.flatMap((i) => [i.original_path, i.thumbnail_path]).filter((p) => isSafeRelative(p)),
    );
    return files;
  });
  if (images === null) {
    const [still] = await db.query<{ uuid: string }>('SELECT uuid FROM tasks WHERE uuid = $1', [
      task.uuid,
    ]);
    throw still ? forbidden() : notFound();
  }

  // The database is the truth: a file that cannot be removed is logged, not an error.
  const paths = images
    .flatMap((i) => [i.original_path, i.thumbnail_path])
    .filter((p) => isSafeRelative(p));
  try {
    await storage.remove(paths);
    await storage.removeTask(task.uuid);
  } catch (err) {
    deps.log.warn({ err, taskUuid: task.uuid }, 'task deleted but some image files remain');
  }
  return task.uuid;
}
