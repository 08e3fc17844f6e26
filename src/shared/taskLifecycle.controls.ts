/**
 * The controls a viewer gets on a task, without xstate: the SPA's task page needs this on its first
 * paint, and xstate is about 12 KB gzip of a first load (issue 8). The answer comes from
 * ./taskLifecycle.table.ts, which scripts/lifecycle-table.ts generates from the machine in
 * ./taskLifecycle.machine.ts (the source of truth; the server asks the machine itself).
 * test/shared/taskLifecycle.controls.test.ts checks every input against the machine.
 */
import { statusGroup, type TaskLifecycleInput } from './taskLifecycle';
import { CONTROL_TABLE } from './taskLifecycle.table';

export const TASK_CONTROLS = [
  'EDIT_TASK',
  'DELETE_TASK',
  'MAKE_OFFER',
  'EDIT_OFFER',
  'DELETE_OFFER',
  'ASSIGN_OFFER',
  'START_CHAT',
  'SEE_CONTACTS',
  'COMPLETE',
  'REPORT',
  'SHARE',
  'FIND_FREELANCERS',
  'CHANGE_DEADLINE',
] as const;
export type TaskControl = (typeof TASK_CONTROLS)[number];

/** The table's column for the three flags: hasOffers, expired, awaitingAction as bits 2, 1, 0. */
export const flagsIndex = (
  input: Pick<TaskLifecycleInput, 'hasOffers' | 'expired' | 'awaitingAction'>,
) => (input.hasOffers ? 4 : 0) + (input.expired ? 2 : 0) + (input.awaitingAction ? 1 : 0);

/** The controls the machine allows this viewer (in TASK_CONTROLS order), as allowedControls gives. */
export function controlsFor(input: TaskLifecycleInput): ReadonlySet<TaskControl> {
  const mask = CONTROL_TABLE[statusGroup(input.status)][input.role][flagsIndex(input)] ?? 0;
  return new Set(TASK_CONTROLS.filter((_, bit) => (mask & (1 << bit)) !== 0));
}
