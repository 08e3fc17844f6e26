/**
 * Offers (SPEC sections 4, 5 'Offer', 6): who may do what, and the writes.
 *
 * - Permission is the task-lifecycle machine's (MAKE_OFFER, EDIT_OFFER, DELETE_OFFER, OFFER_CHOSEN),
 *   asked with the task as the actor sees it, exactly as the SPA asks it to show the controls.
 * - Each write locks the task row and re-checks the state in the database, so a choice made
 *   meanwhile wins: no offer is created, edited or deleted on a task once an offer is chosen.
 * - Only one chosen offer per task: the partial unique index offers_one_chosen_per_task backs the
 *   check; its violation (two owners' tabs choosing at once) is answered 409 like any other conflict.
 */
import type { FastifyRequest } from 'fastify';
import type { NotChosenReason } from '../../shared/notChosenReasons';
import {
  isChoosable,
  lifecycleInput,
  OPEN_STATUSES,
  statusGroup,
} from '../../shared/taskLifecycle';
import {
  canTransition,
  nextState,
  type TaskLifecycleEvent,
} from '../../shared/taskLifecycle.machine';
import type { OfferForm } from '../../shared/validation/offer';
import type { Db, Queryable } from '../db/db';
import { forbidden, HttpError, notFound } from '../errors';
import { isUuid } from '../push/hub';
import { offerHash, type LoadedTask, type Viewer } from '../tasks/loadTask';
import type { UserRow } from '../users';

/** The requesting user, as far as offers care. */
export type Actor = Pick<UserRow, 'uuid' | 'is_freelancer'>;

/**
 * 409: the request conflicts with the current state (offer changed since it was shown, or an offer
 * is already chosen). The SPA shows its own popup texts for 409 (SPEC section 8).
 */
export const conflict = (): HttpError => new HttpError(409, 'errors.conflict');

/** 403: the offer's freelancer deleted their account (isChoosable), so it cannot be chosen. */
const freelancerDeleted = (): HttpError => new HttpError(403, 'offers.freelancer_deleted');

/**
 * A task the routes decide with, as this actor sees it, or 404 (also for a malformed uuid). Read
 * through the read model (the row a visitor's read keeps): every write below checks the state
 * again in the database, under the task row's lock, so a cached row never lets a stale decision
 * through.
 */
export async function findTask(
  request: FastifyRequest,
  taskUuid: string,
  actor: (Actor & Viewer) | null,
): Promise<LoadedTask> {
  if (!isUuid(taskUuid)) throw notFound();
  const { readModel, db } = request.server;
  const answer = await readModel.taskAnswer(db, taskUuid, actor, request.locale);
  if (!answer) throw notFound();
  return answer.loaded;
}

/** Just the task's owner (kept when the owner's account is deleted), or 404. */
export async function findTaskRef(
  db: Db,
  taskUuid: string,
): Promise<{ uuid: string; author_uuid: string }> {
  if (!isUuid(taskUuid)) throw notFound();
  const [task] = await db.query<{ uuid: string; author_uuid: string }>(
    'SELECT uuid, author_uuid FROM tasks WHERE uuid = $1',
    [taskUuid],
  );
  if (!task) throw notFound();
  return task;
}

/** May this actor perform the event on the task now? (The SPA asks the same machine.) */
export function machineAllows(
  loaded: LoadedTask,
  actor: Actor,
  event: TaskLifecycleEvent,
  now: Date = new Date(),
): boolean {
  return canTransition(
    lifecycleInput(loaded.task, { uuid: actor.uuid, is_freelancer: actor.is_freelancer }, now),
    event,
  );
}

/** The row behind an Offer, with what permission checks need. */
export interface OfferRecord {
  uuid: string;
  task_uuid: string;
  freelancer_uuid: string;
  description: string;
  price: number;
  notify_if_not_chosen: boolean;
  chosen_at: Date | string | null;
  updated_at: Date | string;
}

const OFFER_RECORD_SQL = `SELECT uuid, task_uuid, freelancer_uuid, description, price::float8 AS price,
        notify_if_not_chosen, chosen_at, updated_at
   FROM offers WHERE uuid = $1 AND task_uuid = $2`;

/** The offer of this task, or 404 (an offer of another task is not found here either). */
export async function findOfferRecord(
  db: Queryable,
  taskUuid: string,
  offerUuid: string,
  lock: '' | 'FOR UPDATE' = '',
): Promise<OfferRecord> {
  if (!isUuid(offerUuid)) throw notFound();
  const [offer] = await db.query<OfferRecord>(`${OFFER_RECORD_SQL} ${lock}`, [offerUuid, taskUuid]);
  if (!offer) throw notFound();
  return offer;
}

/**
 * The uuid of this freelancer's own offer on the task, for its edit and delete: from the task as
 * they see it (an offer never changes hands), else from the database: 404 when the task has no such
 * offer, 403 when it is another freelancer's.
 */
export async function ownOfferOf(
  db: Queryable,
  loaded: LoadedTask,
  offerUuid: string,
  freelancerUuid: string,
): Promise<string> {
  const shown = loaded.task.offers.find((o) => o.uuid === offerUuid.toLowerCase());
  if (shown && shown.freelancer?.uuid === freelancerUuid) return shown.uuid;
  const record = await findOfferRecord(db, loaded.task.uuid, offerUuid);
  if (record.freelancer_uuid !== freelancerUuid) throw forbidden();
  return record.uuid;
}

interface TaskLockRow {
  status: string;
  chosen: boolean;
}

/**
 * Locks the task row for the rest of the transaction (a choice: FOR UPDATE, which conflicts with
 * the offer writes' FOR SHARE below) and says whether it is still open for offers.
 */
async function lockTask(tx: Queryable, taskUuid: string): Promise<TaskLockRow> {
  const [task] = await tx.query<{ status: string }>(
    'SELECT status FROM tasks WHERE uuid = $1 FOR UPDATE',
    [taskUuid],
  );
  if (!task) throw notFound();
  const [chosen] = await tx.query<{ uuid: string }>(
    'SELECT uuid FROM offers WHERE task_uuid = $1 AND chosen_at IS NOT NULL',
    [taskUuid],
  );
  return { status: task.status, chosen: chosen !== undefined };
}

const isOpen = (task: TaskLockRow): boolean => statusGroup(task.status) === 'open' && !task.chosen;

/**
 * The condition every offer write states in its one statement ($1: the task's uuid, $2: the open
 * statuses): the task is open and no offer on it is chosen. The task row is locked FOR SHARE for
 * the statement, so a choice (FOR UPDATE, which sets the task in_progress) either commits first
 * and the write finds the task no longer open, or waits until the write is done. One statement
 * instead of a transaction of four: on the embedded database each round trip waits in its queue.
 */
const TASK_TAKES_OFFERS_SQL = `(SELECT status FROM tasks WHERE uuid = $1 FOR SHARE) = ANY($2::text[])
   AND NOT EXISTS (SELECT 1 FROM offers c WHERE c.task_uuid = $1 AND c.chosen_at IS NOT NULL)`;

/** A unique violation (23505), optionally of one constraint. Duck-typed: PGlite or node-postgres. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e.code !== '23505') return false;
  if (constraint === undefined) return true;
  return (
    e.constraint === constraint || (typeof e.message === 'string' && e.message.includes(constraint))
  );
}

/**
 * Creates the freelancer's offer; resolves to its uuid. 403 when the task is no longer open or the
 * freelancer already has an offer on it (the UNIQUE (task_uuid, freelancer_uuid) constraint).
 */
export async function createOffer(
  db: Db,
  taskUuid: string,
  freelancerUuid: string,
  form: OfferForm,
): Promise<string> {
  const rows = await db.query<{ uuid: string }>(
    `INSERT INTO offers (task_uuid, freelancer_uuid, description, price, notify_if_not_chosen)
     SELECT $1, $3, $4, $5, $6 WHERE ${TASK_TAKES_OFFERS_SQL}
     ON CONFLICT (task_uuid, freelancer_uuid) DO NOTHING
     RETURNING uuid`,
    [
      taskUuid,
      OPEN_STATUSES,
      freelancerUuid,
      form.description,
      form.price,
      form.notify_if_not_chosen,
    ],
  );
  // Closed meanwhile, or one offer per freelancer per task: forbidden (403), like MAKE_OFFER for
  // an offerer.
  if (!rows[0]) throw forbidden();
  return rows[0].uuid;
}

/**
 * Updates the freelancer's own offer while no offer on the task is chosen (403 otherwise: locked).
 * updated_at moves with clock_timestamp(), so the offer's hash changes.
 */
export async function updateOffer(
  db: Db,
  taskUuid: string,
  offerUuid: string,
  freelancerUuid: string,
  form: OfferForm,
): Promise<void> {
  const rows = await db.query<{ uuid: string }>(
    `UPDATE offers
        SET description = $5, price = $6, notify_if_not_chosen = $7, updated_at = clock_timestamp()
      WHERE uuid = $3 AND task_uuid = $1 AND freelancer_uuid = $4 AND chosen_at IS NULL
        AND ${TASK_TAKES_OFFERS_SQL}
      RETURNING uuid`,
    [
      taskUuid,
      OPEN_STATUSES,
      offerUuid,
      freelancerUuid,
      form.description,
      form.price,
      form.notify_if_not_chosen,
    ],
  );
  if (!rows[0]) throw forbidden();
}

/** Deletes the freelancer's own offer while no offer on the task is chosen (403 otherwise). */
export async function deleteOffer(
  db: Db,
  taskUuid: string,
  offerUuid: string,
  freelancerUuid: string,
): Promise<void> {
  const rows = await db.query<{ uuid: string }>(
    `DELETE FROM offers
      WHERE uuid = $3 AND task_uuid = $1 AND freelancer_uuid = $4 AND chosen_at IS NULL
        AND ${TASK_TAKES_OFFERS_SQL}
      RETURNING uuid`,
    [taskUuid, OPEN_STATUSES, offerUuid, freelancerUuid],
  );
  if (!rows[0]) throw forbidden();
}

/**
 * The owner chooses an offer (the machine's OFFER_CHOSEN), in one transaction: the offer gets
 * chosen_at, the task the machine's next state (in_progress) and awaiting_action true.
 *
 * 409 when an offer is already chosen (also when another request chose one a moment ago: the task
 * row lock or, failing that, offers_one_chosen_per_task) and when `hash` is not the offer's current
 * hash (it changed since the owner saw it). 403 when the machine refuses for another reason.
 */
export async function chooseOffer(
  db: Db,
  loaded: LoadedTask,
  owner: Actor,
  offerUuid: string,
  hash: string,
  /** The owner's reason for the others (issue 19), stored on each of their offers. */
  notChosenReason: NotChosenReason | null = null,
): Promise<{
  /** Freelancers of the other offers who asked to hear about it (deleted accounts left out). */
  notifyNotChosen: string[];
}> {
  const taskUuid = loaded.task.uuid;
  if (loaded.chosenFreelancerUuid !== null || statusGroup(loaded.task.status) !== 'open') {
    throw conflict();
  }
  const input = lifecycleInput(
    loaded.task,
    { uuid: owner.uuid, is_freelancer: owner.is_freelancer },
    new Date(),
  );
  const next = nextState(input, { type: 'OFFER_CHOSEN' });
  if (next === null) throw forbidden();
  const shown = loaded.task.offers.find((o) => o.uuid === offerUuid.toLowerCase());
  if (shown && !isChoosable(shown)) throw freelancerDeleted();

  return db.transaction(async (tx) => {
    if (!isOpen(await lockTask(tx, taskUuid))) throw conflict();
    const offer = await findOfferRecord(tx, taskUuid, offerUuid, 'FOR UPDATE');
    // The account may have been deleted since the task was loaded: locked, so it stays as read.
    const [account] = await tx.query<{ deleted: boolean }>(
      'SELECT deleted_at IS NOT NULL AS deleted FROM users WHERE uuid = $1 FOR SHARE',
      [offer.freelancer_uuid],
    );
    if (!account || account.deleted) throw freelancerDeleted();
    if (offerHash(offer) !== hash) throw conflict();
    try {
      await tx.query('UPDATE offers SET chosen_at = now() WHERE uuid = $1', [offer.uuid]);
    } catch (err) {
      if (isUniqueViolation(err, 'offers_one_chosen_per_task')) throw conflict();
      throw err;
    }
    await tx.query(
      `UPDATE tasks SET status = $2, awaiting_action = true, updated_at = now() WHERE uuid = $1`,
      [taskUuid, next],
    );
    // Not updated_at: the hash of an offer that lost no longer matters (nothing can choose it).
    await tx.query('UPDATE offers SET not_chosen_reason = $3 WHERE task_uuid = $1 AND uuid <> $2', [
      taskUuid,
      offer.uuid,
      notChosenReason,
    ]);
    const others = await tx.query<{ freelancer_uuid: string }>(
      `SELECT o.freelancer_uuid FROM offers o JOIN users u ON u.uuid = o.freelancer_uuid
        WHERE o.task_uuid = $1 AND o.uuid <> $2 AND o.notify_if_not_chosen
          AND u.deleted_at IS NULL
        ORDER BY o.created_at`,
      [taskUuid, offer.uuid],
    );
    return { notifyNotChosen: others.map((o) => o.freelancer_uuid) };
  });
}
