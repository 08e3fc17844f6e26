import type { Locale } from '../../../shared/locales';
import type { TaskListArgs } from '../../../shared/taskList';

/** The home page's "recent tasks": the request its list makes (and the server prefetches). */
export const recentTasksArgs = (locale: Locale): TaskListArgs => ({
  status: 'open',
  sort: 'newest',
  page: 1,
  per_page: 6,
  locale,
});
