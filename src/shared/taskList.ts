/** The task list's filter values, shared by GET /api/tasks and the list page's URL mapping. */
import type { TaskListSort, TaskListStatus } from './types';

export const TASK_LIST_STATUSES: readonly TaskListStatus[] = [
  'open',
  'in_progress',
  'completed',
  'incomplete',
  'expired',
];
export const TASK_LIST_SORTS: readonly TaskListSort[] = [
  'newest',
  'deadline',
  'budget_desc',
  'budget_asc',
];
export const LOCATION_FILTERS = ['anywhere', 'specific'] as const;
export type LocationFilter = (typeof LOCATION_FILTERS)[number];
