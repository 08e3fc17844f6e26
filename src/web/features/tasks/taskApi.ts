import type { Locale } from '../../../shared/locales';
import type { Task } from '../../../shared/types';
import { useMemo } from 'react';
import { api, unwrap } from '../../api/api';
import { pageErrorStatus } from '../../api/baseQuery';
import { useAppSelector } from '../../app/hooks';

export interface GetTaskArgs {
  /** The task identifier from the URL (the uuid also works). */
  slug: string;
  locale: Locale;
}

/** The answers that say a task is gone for this viewer (deleted or never there; hidden). */
const GONE: ReadonlySet<number> = new Set([404, 410]);

export const taskApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The task as the viewer may see it. The page renders the error page itself on failure; a
     * task gone is an answer, not a fault, so the console does not warn of it.
     */
    getTask: build.query<Task, GetTaskArgs>({
      query: ({ slug, locale }) => ({
        url: `/tasks/${encodeURIComponent(slug)}`,
        params: { locale },
      }),
      transformResponse: unwrap<Task>,
      extraOptions: { handle404: true, handle500: true, expected: GONE },
      providesTags: (task, _error, { slug }) =>
        task
          ? [
              { type: 'Task', id: task.uuid },
              { type: 'Task', id: slug },
            ]
          : [{ type: 'Task', id: slug }],
    }),
    /** DELETE /tasks/{uuid}: 204. The page navigates away; the list refetches. */
    deleteTask: build.mutation<null, { uuid: string }>({
      query: ({ uuid }) => ({ url: `/tasks/${encodeURIComponent(uuid)}`, method: 'DELETE' }),
      // Not 'Task': refetching the deleted task would answer 404 while we navigate away.
      invalidatesTags: (_result, error) => (error ? [] : ['Tasks']),
    }),
  }),
});

const { useGetTaskQuery } = taskApi;
export const { useDeleteTaskMutation } = taskApi;

/**
 * The task for a page. A 404 or 410 already in the store (the server render's, or an earlier
 * look at the same task) is final: the page shows it without asking again. RTK Query alone would
 * ask, as it refetches a rejected entry whenever a component subscribes to it (issue 15). Any
 * other error (a 500, a network failure) is asked again as before. The entry leaves the store a
 * minute after nothing uses it, and a later visit asks afresh.
 */
export function useTaskQuery(args: GetTaskArgs, { skip = false }: { skip?: boolean } = {}) {
  const { slug, locale } = args;
  const select = useMemo(() => taskApi.endpoints.getTask.select({ slug, locale }), [slug, locale]);
  const goneError = useAppSelector((state) => {
    const entry = select(state);
    return entry.isError && GONE.has(pageErrorStatus(entry.error)) ? entry.error : undefined;
  });
  const result = useGetTaskQuery(args, { skip: skip || goneError !== undefined });
  return goneError === undefined
    ? result
    : { ...result, data: undefined, currentData: undefined, error: goneError };
}
