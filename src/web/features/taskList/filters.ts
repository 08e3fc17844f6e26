/**
 * The task list's filters live in the URL (shareable, the back button works). These functions are
 * the one mapping between the query string, the form and the API request.
 */
import { DEFAULT_SORT, type TaskListFilters } from '../../../shared/taskList';

// The query string <-> filters <-> request mapping is shared with the server, which renders the
// list's first page with the same request (src/server/spa.ts).
export {
  DEFAULT_SORT,
  LOCATION_FILTERS,
  TASK_LIST_SORTS,
  TASK_LIST_STATUSES,
  TASKS_PER_PAGE,
  filtersFromParams,
  requestArgs,
  requestQuery,
  type LocationFilter,
  type TaskListArgs,
  type TaskListFilters,
} from '../../../shared/taskList';

/** The URL keys a filter change touches; changing any of them goes back to page 1. */
export type FilterKey = Exclude<keyof TaskListFilters, 'page'>;

/**
 * The URL after changing some filters: empty values are removed, the default sort is left out, and
 * the page goes back to 1 (it is removed).
 */
export function withFilters(
  params: URLSearchParams,
  changes: Partial<Record<FilterKey, string | string[]>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    next.delete(key);
    const values = (Array.isArray(value) ? value : [value ?? '']).map((v) => v.trim());
    for (const item of values) {
      if (item && !(key === 'sort' && item === DEFAULT_SORT)) next.append(key, item);
    }
  }
  next.delete('page');
  return next;
}

/** The URL of another page of the same list. */
export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  return next;
}

/** How many filters narrow the list (the sort and the page are not filters; a budget range is one). */
export function activeFilterCount(filters: TaskListFilters): number {
  return [
    filters.categories.length > 0,
    filters.status !== '',
    filters.q !== '',
    filters.city !== '',
    filters.location !== '',
    filters.budget_min !== '' || filters.budget_max !== '',
  ].filter(Boolean).length;
}
