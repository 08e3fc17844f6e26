/**
 * awaiting_action per viewer (docs/COMPLETION.md). The stored tasks.awaiting_action says whether the
 * task as a whole still waits for someone: true from assignment until both parties have reviewed.
 * What the Task payload sends is per viewer: true only for the owner or the chosen freelancer who
 * has not reviewed yet, while their window is open:
 *
 * - in_progress: open (nobody has locked the task yet);
 * - completed / incomplete: open for REVIEW_WINDOW_DAYS after the first party locked it (locked_at;
 *   tasks locked before migration 003 count from updated_at);
 * - any other status: closed.
 *
 * Visitors and other users always get false, without a query.
 */
import { REVIEW_BLIND_DAYS } from '../../shared/reviews';
import { statusGroup } from '../../shared/taskLifecycle';
import type { Queryable } from '../db/db';

/**
 * How long the second party may still leave their review after the first one locked the task: the
 * same days after which the first review becomes visible on its own (src/shared/reviews.ts).
 */
export const REVIEW_WINDOW_DAYS = REVIEW_BLIND_DAYS;

/** SQL (over `tasks t`): is the second party's review window still open? */
export const REVIEW_WINDOW_OPEN_SQL = `COALESCE(t.locked_at, t.updated_at) > now() - make_interval(days => ${REVIEW_WINDOW_DAYS})`;

export interface AwaitingFacts {
  status: string;
  /** tasks.awaiting_action as stored. */
  awaitingAction: boolean;
  authorUuid: string;
  chosenFreelancerUuid: string | null;
  /** Whether the viewer has already left their review on this task. */
  reviewed: boolean;
  /** REVIEW_WINDOW_OPEN_SQL for the task (only read once the task is locked). */
  windowOpen: boolean;
}

export const isParty = (
  task: { authorUuid: string; chosenFreelancerUuid: string | null },
  viewerUuid: string | null,
): viewerUuid is string =>
  viewerUuid !== null &&
  task.chosenFreelancerUuid !== null &&
  (viewerUuid === task.authorUuid || viewerUuid === task.chosenFreelancerUuid);

/** Pure rule: see the file comment. */
export function awaitingActionOf(facts: AwaitingFacts, viewerUuid: string | null): boolean {
  if (!facts.awaitingAction || !isParty(facts, viewerUuid) || facts.reviewed) return false;
  const group = statusGroup(facts.status);
  if (group === 'in_progress') return true;
  if (group === 'completed' || group === 'incomplete') return facts.windowOpen;
  return false;
}

/** What a task loader already has at hand (loadTaskEntry: its row and the chosen offer). */
export interface AwaitingTask {
  uuid: string;
  status: string;
  /** tasks.awaiting_action as stored. */
  awaiting_action: boolean;
  authorUuid: string;
  chosenFreelancerUuid: string | null;
}

/**
 * The Task payload's awaiting_action for this viewer (null: a visitor). One small query, and only
 * for the two parties of a task that still awaits someone.
 */
export async function awaitingActionFor(
  db: Queryable,
  task: AwaitingTask,
  viewerUuid: string | null,
): Promise<boolean> {
  if (!task.awaiting_action || !isParty(task, viewerUuid)) return false;
  const rows = await db.query<{ reviewed: boolean; window_open: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM reviews r WHERE r.task_uuid = t.uuid AND r.author_uuid = $2)
              AS reviewed,
            ${REVIEW_WINDOW_OPEN_SQL} AS window_open
       FROM tasks t
      WHERE t.uuid = $1`,
    [task.uuid, viewerUuid],
  );
  const row = rows[0];
  if (!row) return false;
  return awaitingActionOf(
    {
      status: task.status,
      awaitingAction: task.awaiting_action,
      authorUuid: task.authorUuid,
      chosenFreelancerUuid: task.chosenFreelancerUuid,
      reviewed: row.reviewed,
      windowOpen: row.window_open,
    },
    viewerUuid,
  );
}
