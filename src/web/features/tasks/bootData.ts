import { isLocale, type Locale } from '../../../shared/locales';
import type { Task } from '../../../shared/types';
import { getBootData } from '../../app/config';
import type { AppDispatch } from '../../app/store';
import { taskApi } from './taskApi';

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

/**
 * Primes the RTK Query cache with the task the server embedded into the page, so the first paint of
 * a server-rendered task page needs no request. Runs when the store starts, before React renders.
 */
export function primeTaskFromBootData(dispatch: AppDispatch): void {
  const boot = readTaskBootData();
  if (!boot) return;
  // Synchronous (upsertQueryData lands a tick later): in the cache before hydration's first render.
  dispatch(
    taskApi.util.upsertQueryEntries([
      { endpointName: 'getTask', arg: { slug: boot.slug, locale: boot.locale }, value: boot.task },
    ]),
  );
}
