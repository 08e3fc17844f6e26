/**
 * Pure task-lifecycle helpers of SPEC section 4 (status groups, expiry) and section 6 (viewer role).
 * No xstate here: the SPA's lists and pills use these directly; taskLifecycle.machine.ts builds on
 * them for the controls and the server's transition checks.
 */
import type { Offer, Task } from './types';

export type StatusGroup = 'open' | 'in_progress' | 'completed' | 'incomplete' | 'unknown';
export type DisplayStatus = StatusGroup | 'expired';

export const VIEWER_ROLES = [
  'visitor',
  'customer',
  'freelancer',
  'offerer',
  'chosen',
  'owner',
] as const;
/**
 * visitor: not logged in; customer: logged-in non-freelancer who is not the owner; freelancer: no
 * offer on the task; offerer: has an offer that is not chosen (also after another offer was chosen);
 * chosen: has the chosen offer; owner: the task's author.
 */
export type ViewerRole = (typeof VIEWER_ROLES)[number];

/** The current user as far as the lifecycle cares; null for a visitor. */
export type Viewer = { uuid: string; is_freelancer: boolean } | null;

type TaskDue = Pick<Task, 'status' | 'due_end'>;

/** The statuses shown as open (the server's offer writes check them in SQL). */
export const OPEN_STATUSES: readonly string[] = ['new', 'open'];

/** new and open are both shown as open; anything the SPEC does not name is unknown. */
export function statusGroup(status: string | null | undefined): StatusGroup {
  if (status != null && OPEN_STATUSES.includes(status)) return 'open';
  switch (status) {
    case 'in_progress':
    case 'completed':
    case 'incomplete':
      return status;
    default:
      return 'unknown';
  }
}

/** An offer has been chosen: in_progress, completed or incomplete. */
export function isSelected(status: string | null | undefined): boolean {
  const group = statusGroup(status);
  return group === 'in_progress' || group === 'completed' || group === 'incomplete';
}

/** The 'complete' group: completed or incomplete. */
export function isComplete(status: string | null | undefined): boolean {
  const group = statusGroup(status);
  return group === 'completed' || group === 'incomplete';
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Parses the API's local date-time 'YYYY-MM-DDTHH:mm:ss' (seconds or the whole time optional) in the
 * viewer's time zone; `new Date(string)` would read a date-only string as UTC. Null when invalid.
 */
export function parseLocalDateTime(value: string | null | undefined): Date | null {
  const match = value ? LOCAL_DATE_TIME.exec(value.trim()) : null;
  if (!match) return null;
  const [year, month, day, hours = 0, minutes = 0, seconds = 0] = match
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  const date = new Date(year ?? 0, (month ?? 1) - 1, day ?? 1, hours, minutes, seconds);
  // Reject overflow such as 2024-02-31, which Date would roll into March.
  return date.getMonth() === (month ?? 1) - 1 && date.getDate() === day ? date : null;
}

/** Has an end date that is not in the future (due_end exactly now counts) and is not complete. */
export function isExpired(task: TaskDue, now: Date): boolean {
  if (isComplete(task.status)) return false;
  const end = parseLocalDateTime(task.due_end);
  return end !== null && end.getTime() <= now.getTime();
}

/** Not expired, not complete, and due_end falls within `days` calendar days from now. */
export function isExpiringSoon(task: TaskDue, now: Date, days: number): boolean {
  if (isComplete(task.status) || isExpired(task, now)) return false;
  const end = parseLocalDateTime(task.due_end);
  if (end === null) return false;
  const limit = new Date(now.getTime());
  limit.setDate(limit.getDate() + days);
  return end.getTime() <= limit.getTime();
}

/** The status pill: expired wins over every status except completed and incomplete. */
export function displayStatus(task: TaskDue, now: Date): DisplayStatus {
  return isExpired(task, now) ? 'expired' : statusGroup(task.status);
}

/** The viewer's own offer on the task, if the loaded offers contain it. */
export function ownOffer(task: Pick<Task, 'offers'>, viewer: Viewer): Offer | undefined {
  if (viewer === null) return undefined;
  return task.offers.find((offer) => offer.freelancer?.uuid === viewer.uuid);
}

/**
 * A task whose author deleted their account takes no new offers: nobody could choose one (issue 14).
 * The author is null in the API exactly when the account is deleted. The lifecycle machine does not
 * know accounts; the server refuses MAKE_OFFER by this rule and the SPA hides the control by it.
 */
export const takesOffers = (task: Pick<Task, 'author'>): boolean => task.author !== null;

/**
 * An offer whose freelancer deleted their account cannot be chosen: nobody would do the work or
 * could be contacted. The freelancer is null in the API exactly when the account is deleted.
 */
export const isChoosable = (offer: Pick<Offer, 'freelancer'>): boolean => offer.freelancer !== null;

/**
 * SPEC section 6 actor. Having an offer wins over is_freelancer, so a user who stopped being a
 * freelancer keeps editing (or completing) the offer they made.
 */
export function viewerRole(task: Pick<Task, 'author' | 'offers'>, viewer: Viewer): ViewerRole {
  if (viewer === null) return 'visitor';
  if (task.author !== null && task.author.uuid === viewer.uuid) return 'owner';
  const offer = ownOffer(task, viewer);
  if (offer) return offer.chosen_at ? 'chosen' : 'offerer';
  return viewer.is_freelancer ? 'freelancer' : 'customer';
}

/** What the lifecycle machine needs to know about a task and its viewer. */
export interface TaskLifecycleInput {
  /** The raw API status; the machine maps it with statusGroup. */
  status: string;
  /** The API's awaiting_action for this viewer: they have yet to lock the task. */
  awaitingAction: boolean;
  /** isExpired(task, now), computed by the caller so the machine stays clock-free. */
  expired: boolean;
  role: ViewerRole;
  hasOffers: boolean;
}

/** Builds the machine input from a task as the API sends it. */
export function lifecycleInput(
  task: Pick<Task, 'status' | 'due_end' | 'awaiting_action' | 'author' | 'offers' | 'offers_count'>,
  viewer: Viewer,
  now: Date,
): TaskLifecycleInput {
  return {
    status: task.status,
    awaitingAction: task.awaiting_action,
    expired: isExpired(task, now),
    role: viewerRole(task, viewer),
    hasOffers: task.offers_count > 0 || task.offers.length > 0,
  };
}

/**
 * What a party's completion answer does (docs/COMPLETION.md, the two-sided flow):
 * - 'lock': the task is in progress; the answer decides its status (completed or incomplete) and
 *   carries the party's review of the other one;
 * - 'review': the other party has already locked the task; the answer only adds this party's
 *   review (their own view of the outcome, a reason, stars, feedback) and the status stays.
 * Null for any other status. Whether the viewer may answer at all is the machine's COMPLETE.
 */
export type CompletionStep = 'lock' | 'review';

export function completionStep(status: string | null | undefined): CompletionStep | null {
  const group = statusGroup(status);
  if (group === 'in_progress') return 'lock';
  if (group === 'completed' || group === 'incomplete') return 'review';
  return null;
}

/**
 * The other party of a task once an offer is chosen, as the viewer (owner or chosen freelancer)
 * sees it: the chosen freelancer for the owner, the customer for the chosen freelancer. `name` is
 * null when their account is deleted (or the chosen offer is not loaded). Null for anyone else.
 */
export function otherParty(
  task: Pick<Task, 'author' | 'offers'>,
  role: ViewerRole,
): { role: 'customer' | 'freelancer'; name: string | null } | null {
  if (role === 'chosen') return { role: 'customer', name: task.author?.display_name ?? null };
  if (role !== 'owner') return null;
  const chosen = task.offers.find((offer) => offer.chosen_at !== null);
  return { role: 'freelancer', name: chosen?.freelancer?.display_name ?? null };
}
