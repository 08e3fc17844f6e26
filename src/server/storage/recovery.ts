/**
 * Start-up recovery of uploads (issue 14 item 5): files a crashed process left in doubt are kept
 * when a row references them and deleted otherwise (see storage.ts, "Files in doubt").
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/db';
import type { RecoveryReport, Storage } from './storage';

/** Which of these relative paths a row points at: a task image (either size) or a profile photo. */
export function referencedUploads(db: Queryable) {
  return async (paths: string[]): Promise<Set<string>> => {
    const rows = await db.query<{ path: string }>(
      `SELECT p AS path FROM unnest($1::text[]) AS p
        WHERE EXISTS (SELECT 1 FROM task_images i WHERE i.original_path = p OR i.thumbnail_path = p)
           OR EXISTS (SELECT 1 FROM users u WHERE u.photo_path = p)`,
      [paths],
    );
    return new Set(rows.map((r) => r.path));
  };
}

export async function recoverUploads(
  db: Queryable,
  storage: Storage,
  log: FastifyBaseLogger,
): Promise<RecoveryReport> {
  const report = await storage.recover(referencedUploads(db));
  if (report.kept + report.deleted > 0) {
    log.warn(report, 'uploads left in doubt by a stopped process: resolved by the database');
  }
  return report;
}
