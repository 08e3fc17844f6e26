import { isLocale } from '../../../shared/locales';
import type { Paginated, TaskSummary } from '../../../shared/types';
import { getBootData } from '../../app/config';
import type { AppDispatch } from '../../app/store';
import type { TaskListArgs } from './filters';
import { taskListApi } from './taskListApi';

/**
 * What the server embeds into the HTML of /{locale}/tasks (<script id="talka-data">,
 * TaskListPageData in src/server/spa.ts): the request the page makes for its URL and the answer.
 */
export interface TaskListBootData {
  args: TaskListArgs;
  page: Paginated<TaskSummary>;
}

/** The embedded first page of the list, if the page was server-rendered as the task list. */
export function readTaskListBootData(): TaskListBootData | null {
  const boot = getBootData<{ taskList?: Partial<TaskListBootData> | null }>();
  const list = boot && typeof boot === 'object' ? boot.taskList : null;
  if (!list || typeof list !== 'object') return null;
  const { args, page } = list;
  if (!args || typeof args !== 'object' || !isLocale(args.locale)) return null;
  if (!page || !Array.isArray(page.data) || !page.meta) return null;
  return { args, page };
}

/**
 * Primes the RTK Query cache with the page the server rendered, under the arguments the list page
 * asks with for the same URL, so its first render shows those cards without a request (and
 * without a spinner replacing the server's first paint). Runs when the store starts.
 */
export function primeTaskListFromBootData(dispatch: AppDispatch): void {
  const boot = readTaskListBootData();
  if (!boot) return;
  // upsertQueryEntries is synchronous (upsertQueryData is a thunk that lands a tick later), so the
  // cards are in the cache before the page's first render.
  dispatch(
    taskListApi.util.upsertQueryEntries([
      { endpointName: 'getTasks', arg: boot.args, value: boot.page },
    ]),
  );
}
