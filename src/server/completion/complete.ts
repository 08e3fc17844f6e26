/**
 * Locking a task and reviewing the other party (SPEC sections 4 'Completion flow', 5 'Completion',
 * 6; the two-sided flow of docs/COMPLETION.md). In one transaction, with the task row locked:
 *
 * - who: only the owner or the chosen freelancer (403 for anyone else);
 * - first party (task in_progress): the lifecycle machine's COMPLETE must be allowed for them, and its
 *   LOCKED {outcome} decides the next status; the task gets locked_at / locked_by and keeps
 *   awaiting_action true for the other party;
 * - second party (task completed or incomplete): may only add their review, while their window is
 *   open (REVIEW_WINDOW_DAYS after the lock); their status goes on their review, the task's status
 *   stays; the task's awaiting_action turns false (both have reviewed);
 * - a party who has reviewed is locked out: 423 completion.already_reviewed; a closed window is 423
 *   completion.review_window_closed; a task that is not (or no longer) completable is 403;
 * - the body is completionSchema with the caller's reasons (owner: group customer, chosen
 *   freelancer: group freelancer), so a reason of the other group is a 422 on reason_id;
 * - the review targets the OTHER party (target_role freelancer when the owner reviews, customer when
 *   the freelancer does);
 * - double-blind (issue 19): the first review is stored unpublished and counts nowhere yet; the
 *   second publishes both and refreshes both ratings (the average of a user's published reviews in
 *   that role with rate > 0, to 2 decimals). publishDueReviews publishes a lone review after
 *   REVIEW_BLIND_DAYS.
 */
import {
  completionStep,
  isExpired,
  type CompletionStep,
  type ViewerRole,
} from '../../shared/taskLifecycle';
import { canTransition, nextState } from '../../shared/taskLifecycle.machine';
import {
  completionKind,
  completionSchema,
  findReason,
  REASON_GROUP_OF,
  type CompletionKind,
  type CompletionReason,
  type CompletionStatus,
} from '../../shared/validation/completion';
import type { Db, Queryable } from '../db/db';
import { forbidden, HttpError, notFound } from '../errors';
import type { UserRow } from '../users';
import { validateInput } from '../validate';
import { awaitingActionOf, REVIEW_WINDOW_OPEN_SQL } from './awaiting';

export type Party = 'owner' | 'chosen';

export interface CompletionResult {
  kind: CompletionKind;
  /** The caller's part: the lock that decided the outcome, or the second party's review. */
  step: CompletionStep;
  taskUuid: string;
  /** The task's status afterwards. */
  status: string;
  party: Party;
}

interface TaskFacts {
  uuid: string;
  status: string;
  author_uuid: string;
  awaiting_action: boolean;
  due_end: string | null;
  chosen_freelancer_uuid: string | null;
  has_offers: boolean;
  has_own_offer: boolean;
  reviewed: boolean;
  window_open: boolean;
}

const notInProgress = () => new HttpError(403, 'completion.not_in_progress');
const alreadyReviewed = () => new HttpError(423, 'completion.already_reviewed');
const windowClosed = () => new HttpError(423, 'completion.review_window_closed');

async function lockTaskFacts(
  tx: Queryable,
  taskUuid: string,
  userUuid: string,
): Promise<TaskFacts | null> {
  const rows = await tx.query<TaskFacts>(
    `SELECT t.uuid, t.status, t.author_uuid, t.awaiting_action,
            to_char(t.due_end, 'YYYY-MM-DD"T"HH24:MI:SS') AS due_end,
            (SELECT o.freelancer_uuid FROM offers o
              WHERE o.task_uuid = t.uuid AND o.chosen_at IS NOT NULL) AS chosen_freelancer_uuid,
            EXISTS (SELECT 1 FROM offers o WHERE o.task_uuid = t.uuid) AS has_offers,
            EXISTS (SELECT 1 FROM offers o WHERE o.task_uuid = t.uuid AND o.freelancer_uuid = $2)
              AS has_own_offer,
            EXISTS (SELECT 1 FROM reviews r WHERE r.task_uuid = t.uuid AND r.author_uuid = $2)
              AS reviewed,
            ${REVIEW_WINDOW_OPEN_SQL} AS window_open
       FROM tasks t
      WHERE t.uuid = $1
      FOR UPDATE OF t`,
    [taskUuid, userUuid],
  );
  return rows[0] ?? null;
}

function roleOf(facts: TaskFacts, user: Pick<UserRow, 'uuid' | 'is_freelancer'>): ViewerRole {
  if (facts.author_uuid === user.uuid) return 'owner';
  if (facts.chosen_freelancer_uuid === user.uuid) return 'chosen';
  if (facts.has_own_offer) return 'offerer';
  return user.is_freelancer ? 'freelancer' : 'customer';
}

async function reasonsFor(tx: Queryable, party: Party): Promise<CompletionReason[]> {
  const rows = await tx.query<{ id: number; feedback_required: boolean }>(
    'SELECT id, feedback_required FROM incomplete_reasons WHERE "group" = $1 ORDER BY position, id',
    [REASON_GROUP_OF[party]],
  );
  return rows.map((r) => ({ id: Number(r.id), feedback_required: r.feedback_required }));
}

/**
 * Average of the target's published reviews in that role with rate > 0, to 2 decimals: a review
 * still hidden by the double-blind rule does not count yet (src/shared/reviews.ts).
 */
export async function refreshRating(
  tx: Queryable,
  targetUuid: string,
  targetRole: 'customer' | 'freelancer',
): Promise<void> {
  // Two literal statements: the column name is never built from input.
  const sql =
    targetRole === 'freelancer'
      ? `UPDATE users SET freelancer_rating = (
           SELECT round(avg(r.rate), 2) FROM reviews r
            WHERE r.target_uuid = $1 AND r.target_role = 'freelancer' AND r.rate > 0
              AND r.published_at IS NOT NULL)
          WHERE uuid = $1`
      : `UPDATE users SET customer_rating = (
           SELECT round(avg(r.rate), 2) FROM reviews r
            WHERE r.target_uuid = $1 AND r.target_role = 'customer' AND r.rate > 0
              AND r.published_at IS NOT NULL)
          WHERE uuid = $1`;
  await tx.query(sql, [targetUuid]);
}

/**
 * The caller locks the task or adds their review (see the file comment). `taskUuid` must be a uuid
 * (the route answers 404 otherwise). Throws 404 / 403 / 423 HttpErrors and 422 (yup) errors; writes
 * nothing unless everything passes.
 */
export async function completeTask(
  db: Db,
  taskUuid: string,
  user: Pick<UserRow, 'uuid' | 'is_freelancer'>,
  body: unknown,
  now: Date = new Date(),
): Promise<CompletionResult> {
  return db.transaction(async (tx) => {
    const facts = await lockTaskFacts(tx, taskUuid, user.uuid);
    if (!facts) throw notFound();
    const role = roleOf(facts, user);
    if (role !== 'owner' && role !== 'chosen') throw forbidden();
    const party: Party = role;
    if (facts.reviewed) throw alreadyReviewed();

    const awaiting = awaitingActionOf(
      {
        status: facts.status,
        awaitingAction: facts.awaiting_action,
        authorUuid: facts.author_uuid,
        chosenFreelancerUuid: facts.chosen_freelancer_uuid,
        reviewed: facts.reviewed,
        windowOpen: facts.window_open,
      },
      user.uuid,
    );
    const input = {
      status: facts.status,
      awaitingAction: awaiting,
      expired: isExpired({ status: facts.status, due_end: facts.due_end }, now),
      role,
      hasOffers: facts.has_offers,
    };

    // completionStep: in progress, the caller locks the task; completed or incomplete, the other
    // party locked it and only the caller's review may follow, while their window is open (the
    // machine's COMPLETE needs awaiting action). The machine decides before the body matters.
    const step = completionStep(facts.status);
    if (step === null) throw notInProgress();
    if (!canTransition(input, { type: 'COMPLETE' })) {
      throw step === 'lock' ? notInProgress() : windowClosed();
    }

    const reasons = await reasonsFor(tx, party);
    const form = await validateInput(completionSchema, body, { context: { reasons } });
    const status = form.status as CompletionStatus;
    const reason = status === 'incomplete' ? findReason(reasons, form.reason_id) : undefined;

    let taskStatus = facts.status;
    if (step === 'lock') {
      const next = nextState(input, { type: 'LOCKED', outcome: status });
      if (next === null) throw notInProgress();
      taskStatus = next;
      await tx.query(
        `UPDATE tasks SET status = $2, locked_at = now(), locked_by = $3, updated_at = now()
          WHERE uuid = $1`,
        [facts.uuid, next, user.uuid],
      );
    } else {
      // Both parties have now reviewed: the task awaits nobody.
      await tx.query(
        'UPDATE tasks SET awaiting_action = false, updated_at = now() WHERE uuid = $1',
        [facts.uuid],
      );
    }

    const targetUuid = party === 'owner' ? facts.chosen_freelancer_uuid : facts.author_uuid;
    if (targetUuid === null) throw notInProgress();
    const targetRole = party === 'owner' ? 'freelancer' : 'customer';
    const inserted = await tx.query<{ id: number }>(
      `INSERT INTO reviews (task_uuid, author_uuid, target_uuid, target_role, status, reason_id,
                            rate, feedback)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (task_uuid, author_uuid) DO NOTHING
       RETURNING id`,
      [
        facts.uuid,
        user.uuid,
        targetUuid,
        targetRole,
        status,
        reason?.id ?? null,
        form.rate,
        form.feedback,
      ],
    );
    if (inserted.length === 0) throw alreadyReviewed();
    if (step === 'review') {
      // Double-blind: the second review publishes both, and both ratings take them in.
      await tx.query(
        'UPDATE reviews SET published_at = now() WHERE task_uuid = $1 AND published_at IS NULL',
        [facts.uuid],
      );
      await refreshRating(tx, facts.author_uuid, 'customer');
      if (facts.chosen_freelancer_uuid !== null) {
        await refreshRating(tx, facts.chosen_freelancer_uuid, 'freelancer');
      }
    }

    return {
      kind: completionKind(status, reason),
      step,
      taskUuid: facts.uuid,
      status: taskStatus,
      party,
    };
  });
}
