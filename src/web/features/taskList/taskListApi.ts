import type { Paginated, TaskSummary } from '../../../shared/types';
import { api } from '../../api/api';
import { requestQuery, type TaskListArgs } from './filters';

export const taskListApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A page of task summaries; the body keeps its { data, meta } paginator shape. */
    getTasks: build.query<Paginated<TaskSummary>, TaskListArgs>({
      query: (args) => `/tasks?${requestQuery(args)}`,
      providesTags: (result) => [
        { type: 'Tasks', id: 'LIST' },
        ...(result?.data ?? []).map((task) => ({ type: 'Task' as const, id: task.uuid })),
      ],
      // The list shows its own error state; a public list never logs anyone out.
      extraOptions: { handle401: true, handle404: true, handle500: true, suppressNotice: true },
    }),
  }),
});

export const { useGetTasksQuery } = taskListApi;
