import type { TaskQuestion, TaskQuestions } from '../../../shared/types';
import { api, type Envelope } from '../../api/api';
import { errorStatus } from '../../api/baseQuery';

const base = (taskUuid: string) => `/tasks/${encodeURIComponent(taskUuid)}/questions`;
const tag = (taskUuid: string) => [{ type: 'Questions' as const, id: taskUuid }];

/** Refetch after a success, and after a 403/404 (closed or hidden meanwhile: show what is now). */
const refetchOn = (taskUuid: string, error: unknown) =>
  !error || errorStatus(error) === 403 || errorStatus(error) === 404 ? tag(taskUuid) : [];

export const questionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The same for every viewer; contacts come masked until an offer is chosen. */
    getQuestions: build.query<TaskQuestions, string>({
      query: (taskUuid) => base(taskUuid),
      transformResponse: (body: Envelope<Partial<TaskQuestions>> | undefined) => ({
        open: body?.data?.open === true,
        masked: body?.data?.masked !== false,
        questions: Array.isArray(body?.data?.questions) ? body.data.questions : [],
      }),
      // The task's own query shows a gone task's 404 page; the section then shows nothing.
      extraOptions: { handle404: true, handle500: true, suppressNotice: true },
      providesTags: (_result, _error, taskUuid) => tag(taskUuid),
    }),
    askQuestion: build.mutation<TaskQuestion, { taskUuid: string; message: string }>({
      query: ({ taskUuid, message }) => ({
        url: base(taskUuid),
        method: 'POST',
        body: { message },
      }),
      transformResponse: (body: Envelope<TaskQuestion>) => body.data,
      extraOptions: { handle404: true },
      invalidatesTags: (_result, error, { taskUuid }) => refetchOn(taskUuid, error),
    }),
    answerQuestion: build.mutation<TaskQuestion, { taskUuid: string; id: number; message: string }>(
      {
        query: ({ taskUuid, id, message }) => ({
          url: `${base(taskUuid)}/${id}/answer`,
          method: 'POST',
          body: { message },
        }),
        transformResponse: (body: Envelope<TaskQuestion>) => body.data,
        extraOptions: { handle404: true },
        invalidatesTags: (_result, error, { taskUuid }) => refetchOn(taskUuid, error),
      },
    ),
    hideQuestion: build.mutation<null, { taskUuid: string; id: number }>({
      query: ({ taskUuid, id }) => ({ url: `${base(taskUuid)}/${id}`, method: 'DELETE' }),
      extraOptions: { handle404: true },
      invalidatesTags: (_result, error, { taskUuid }) => refetchOn(taskUuid, error),
    }),
    /** 201; 403 when this reporter already reported the question. */
    reportQuestion: build.mutation<unknown, { taskUuid: string; id: number; message: string }>({
      query: ({ taskUuid, id, message }) => ({
        url: `${base(taskUuid)}/${id}/report`,
        method: 'POST',
        body: { message },
      }),
      extraOptions: { handle404: true },
    }),
  }),
});

export const {
  useGetQuestionsQuery,
  useAskQuestionMutation,
  useAnswerQuestionMutation,
  useHideQuestionMutation,
  useReportQuestionMutation,
} = questionsApi;
