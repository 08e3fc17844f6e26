import type { Locale } from '../../../shared/locales';
import type { IncompleteReason } from '../../../shared/types';
import { api, unwrap } from '../../api/api';
import type { CompletionRequestBody, CompletionResult } from './completionWizard.machine';

export interface CompleteTaskArgs extends CompletionRequestBody {
  taskUuid: string;
}

export const completionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /incomplete-reasons: titles in the page's language. */
    getIncompleteReasons: build.query<IncompleteReason[], Locale>({
      query: (locale) => ({ url: '/incomplete-reasons', params: { locale } }),
      transformResponse: unwrap<IncompleteReason[]>,
      providesTags: (_result, _error, locale) => [{ type: 'IncompleteReasons', id: locale }],
    }),
    /** POST /tasks/{taskUuid}/complete: locks the task; the task is refetched (buttons go). */
    completeTask: build.mutation<CompletionResult, CompleteTaskArgs>({
      query: ({ taskUuid, ...body }) => ({
        url: `/tasks/${encodeURIComponent(taskUuid)}/complete`,
        method: 'POST',
        body,
      }),
      transformResponse: unwrap<CompletionResult>,
      // The wizard shows its own retry message.
      extraOptions: { suppressNotice: true },
      invalidatesTags: (_result, error, { taskUuid }) =>
        error ? [] : [{ type: 'Task', id: taskUuid }, 'Tasks'],
    }),
  }),
});

export const { useGetIncompleteReasonsQuery, useCompleteTaskMutation } = completionApi;
