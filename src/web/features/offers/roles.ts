import type { ViewerRole } from '../../../shared/taskLifecycle';
import type { TaskControl } from '../../../shared/taskLifecycle.controls';

/** Roles that see offers at all: the owner all of them, a freelancer their own. */
export const SEES_OFFERS: ReadonlySet<ViewerRole> = new Set(['owner', 'offerer', 'chosen']);

/**
 * The owner's task has no offers: the section shows its empty state (find freelancers, or change
 * the deadline of an expired task) and asks for no offers list.
 */
export const showsNoOffers = (controls: ReadonlySet<TaskControl>): boolean =>
  controls.has('FIND_FREELANCERS') || controls.has('CHANGE_DEADLINE');
