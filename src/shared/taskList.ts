/** The task list's filter values, shared by GET /api/tasks and the list page's URL mapping. */
import type { Locale } from './locales';
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

/** The list page's filters as its URL holds them (src/web/features/taskList/filters.ts). */
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

/**
 * The request of GET /api/tasks the list page makes. The server renders the list's first page
 * (src/server/spa.ts) with the same arguments, so the SPA finds them in its cache.
 */
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

const isStatus = (value: string | null): value is TaskListStatus =>
  value !== null && (TASK_LIST_STATUSES as readonly string[]).includes(value);
const isSort = (value: string | null): value is TaskListSort =>
  value !== null && (TASK_LIST_SORTS as readonly string[]).includes(value);
const amount = (value: string | null): string =>
  value !== null && /^\d{1,6}$/.test(value.trim()) ? value.trim() : '';

/** The list page's query string -> its filters; what it does not know is left out. */
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
