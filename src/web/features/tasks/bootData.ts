import { isLocale, type Locale } from '../../../shared/locales';
import type { Task } from '../../../shared/types';
import { getBootData } from '../../app/config';

/** What the server embeds into the HTML of /{locale}/tasks/{slug} (<script id="talka-data">). */
export interface TaskBootData {
  task: Task;
  slug: string;
  locale: Locale;
}

/** The embedded task, if the page was server-rendered as a task page; else null. */
export function readTaskBootData(): TaskBootData | null {
  const boot = getBootData<Partial<TaskBootData>>();
  if (!boot || typeof boot !== 'object') return null;
  const { task, slug, locale } = boot;
  if (!task || typeof task !== 'object' || typeof slug !== 'string' || !isLocale(locale)) {
    return null;
  }
  return { task, slug, locale };
}
