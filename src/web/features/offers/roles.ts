import type { ViewerRole } from '../../../shared/taskLifecycle';

/** Roles that see offers at all: the owner all of them, a freelancer their own. */
export const SEES_OFFERS: ReadonlySet<ViewerRole> = new Set(['owner', 'offerer', 'chosen']);
