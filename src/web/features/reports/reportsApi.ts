import { api } from '../../api/api';

export interface ReportTaskArgs {
  taskUuid: string;
  message: string;
}

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /tasks/{taskUuid}/report: 201; 403 when this reporter already reported the task. */
    reportTask: build.mutation<unknown, ReportTaskArgs>({
      query: ({ taskUuid, message }) => ({
        url: `/tasks/${encodeURIComponent(taskUuid)}/report`,
        method: 'POST',
        body: { message },
      }),
    }),
  }),
});

export const { useReportTaskMutation } = reportsApi;
