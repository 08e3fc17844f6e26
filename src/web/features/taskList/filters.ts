/**
 * The task list's filters live in the URL (shareable, the back button works). These functions are
 * the one mapping between the query string, the form and the API request.
 */
import type { Locale } from '../../../shared/locales';
import {
  LOCATION_FILTERS,
  TASK_LIST_SORTS,
  TASK_LIST_STATUSES,
  type LocationFilter,
} from '../../../shared/taskList';
import type { TaskListSort, TaskListStatus } from '../../../shared/types';

export { LOCATION_FILTERS, TASK_LIST_SORTS, TASK_LIST_STATUSES, type LocationFilter };

export const DEFAULT_SORT: TaskListSort = 'newest';
export const TASKS_PER_PAGE = 12;

export interface TaskListFilters {
  categories: string[];
  status: TaskListStatus | '';
  q: string;
  city: string;
  location: LocationFilter | '';
  budget_min: string;
  budget_max: string;
  sort: TaskListSort;
  page: number;
}

/** The request of GET /api/tasks. */
export interface TaskListArgs {
  categories?: string[];
  status?: TaskListStatus;
  q?: string;
  city?: string;
  location?: LocationFilter;
  budget_min?: number;
  budget_max?: number;
  sort?: TaskListSort;
  page?: number;
  per_page?: number;
  locale: Locale;
}

/** The URL keys a filter change touches; changing any of them goes back to page 1. */
export type FilterKey = Exclude<keyof TaskListFilters, 'page'>;

const isStatus = (value: string | null): value is TaskListStatus =>
  value !== null && (TASK_LIST_STATUSES as readonly string[]).includes(value);
const isSort = (value: string | null): value is TaskListSort =>
  value !== null && (TASK_LIST_SORTS as readonly string[]).includes(value);
const amount = (value: string | null): string =>
  value !== null && /^\d{1,6}$/.test(value.trim()) ? value.trim() : '';

export function filtersFromParams(params: URLSearchParams): TaskListFilters {
  const page = Number(params.get('page'));
  // categories=a,b and categories=a&categories=b both work.
  const categories = params
    .getAll('categories')
    .flatMap((value) => value.split(','))
    .map((slug) => slug.trim())
    .filter(Boolean);
  const status = params.get('status');
  const sort = params.get('sort');
  const location = params.get('location');
  return {
    categories,
    status: isStatus(status) ? status : '',
    q: params.get('q')?.trim() ?? '',
    city: params.get('city')?.trim() ?? '',
    location: location === 'anywhere' || location === 'specific' ? location : '',
    budget_min: amount(params.get('budget_min')),
    budget_max: amount(params.get('budget_max')),
    sort: isSort(sort) ? sort : DEFAULT_SORT,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function requestArgs(
  filters: TaskListFilters,
  locale: Locale,
  perPage = TASKS_PER_PAGE,
): TaskListArgs {
  return {
    ...(filters.categories.length ? { categories: filters.categories } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.q ? { q: filters.q } : {}),
    ...(filters.city ? { city: filters.city } : {}),
    ...(filters.location ? { location: filters.location } : {}),
    ...(filters.budget_min ? { budget_min: Number(filters.budget_min) } : {}),
    ...(filters.budget_max ? { budget_max: Number(filters.budget_max) } : {}),
    sort: filters.sort,
    page: filters.page,
    per_page: perPage,
    locale,
  };
}

/** The query string of GET /api/tasks (arrays as repeated keys, empty values left out). */
export function requestQuery(args: TaskListArgs): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) value.forEach((item) => search.append(key, String(item)));
    else search.append(key, String(value));
  }
  return search.toString();
}

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
