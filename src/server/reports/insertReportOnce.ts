/**
 * One report per reporter per subject (a task or a public question), the rule both report routes
 * share (src/server/routes/reports.ts, src/server/routes/questions.ts).
 *
 * - The reporter is 'user:<uuid>' for a logged-in user, else 'anon:<id>' from the visitor's cookie
 *   (src/server/tasks/views.ts). A visitor's key also carries their address ('anon:<id>@addr:<hash>'),
 *   so a visitor gets one report per cookie and one per address: dropping the cookie does not allow
 *   another (issue 14 item 8).
 * - Two visitors of one address reporting at once: a transaction-level advisory lock on the subject
 *   makes one wait for the other's row.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/db';
import { addressKey, viewerKey } from '../tasks/views';

/** Where each kind of report is kept (fixed names: never from input). */
const SUBJECTS = {
  task: { table: 'reports', column: 'task_uuid', lock: 'report' },
  question: { table: 'question_reports', column: 'question_id', lock: 'question-report' },
} as const;

export type ReportSubject = { kind: 'task'; uuid: string } | { kind: 'question'; id: number };

/** Stores the report unless this reporter (or, for a visitor, this address) already made one. */
export async function insertReportOnce(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  subject: ReportSubject,
  message: string,
): Promise<boolean> {
  const { table, column, lock } = SUBJECTS[subject.kind];
  const subjectId = subject.kind === 'task' ? subject.uuid : subject.id;
  const reporter = viewerKey(request, reply);
  const address = request.user ? null : addressKey(request);
  const inserted = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${lock}:${subjectId}`]);
    return tx.query<{ id: number }>(
      `INSERT INTO ${table} (${column}, reporter_key, message)
       SELECT $1, $2, $3
        WHERE NOT EXISTS (
          SELECT 1 FROM ${table}
           WHERE ${column} = $1
             AND (split_part(reporter_key, '@', 1) = $4
                  OR ($5::text IS NOT NULL AND split_part(reporter_key, '@', 2) = $5))
        )
       ON CONFLICT (${column}, reporter_key) DO NOTHING
       RETURNING id`,
      [subjectId, address ? `${reporter}@${address}` : reporter, message, reporter, address],
    );
  });
  return inserted.length > 0;
}
