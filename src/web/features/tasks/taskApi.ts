import type { Locale } from '../../../shared/locales';
import type { Task } from '../../../shared/types';
import { api, unwrap } from '../../api/api';

export interface GetTaskArgs {
  /** The task identifier from the URL (the uuid also works). */
  slug: string;
  locale: Locale;
}

export const taskApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The task as the viewer may see it. The page renders the error page itself on failure. */
    getTask: build.query<Task, GetTaskArgs>({
      query: ({ slug, locale }) => ({
        url: `/tasks/${encodeURIComponent(slug)}`,
        params: { locale },
      }),
      transformResponse: unwrap<Task>,
      extraOptions: { handle404: true, handle500: true },
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

export const { useGetTaskQuery, useDeleteTaskMutation } = taskApi;
