import type {
  ModerationLogEntry,
  ModerationQuestionReportsPage,
  ModerationReportsPage,
  MyReport,
} from '../../../shared/types';
import { api, unwrap, type Envelope } from '../../api/api';

/** A moderator's decision (issue 19): on a task, on its author, or on a reported question. */
export type TaskDecision = 'hide' | 'restore' | 'dismiss';
export type UserDecision = 'suspend' | 'unsuspend';
export type QuestionDecision = 'hide' | 'dismiss';

export type DecisionArgs =
  | { target: 'tasks'; action: TaskDecision; uuid: string; reason: string }
  | { target: 'users'; action: UserDecision; uuid: string; reason: string }
  | { target: 'questions'; action: QuestionDecision; id: number; reason: string };

/** A decision waiting for its reason (each member of DecisionArgs without `reason`). */
export type PendingDecision = DecisionArgs extends infer D
  ? D extends DecisionArgs
    ? Omit<D, 'reason'>
    : never
  : never;

export const moderationApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /moderation/reports?status=open|closed: moderators only (403 otherwise). */
    getModerationReports: build.query<ModerationReportsPage, 'open' | 'closed'>({
      query: (status) => `/moderation/reports?status=${status}`,
      transformResponse: unwrap<ModerationReportsPage>,
      providesTags: ['Moderation'],
    }),
    /** GET /moderation/question-reports?status=open|closed: reported questions (issue 20). */
    getModerationQuestionReports: build.query<ModerationQuestionReportsPage, 'open' | 'closed'>({
      query: (status) => `/moderation/question-reports?status=${status}`,
      transformResponse: unwrap<ModerationQuestionReportsPage>,
      providesTags: ['Moderation'],
    }),
    /** GET /moderation/log: the latest decisions, newest first. */
    getModerationLog: build.query<ModerationLogEntry[], void>({
      query: () => '/moderation/log',
      transformResponse: unwrap<ModerationLogEntry[]>,
      providesTags: ['Moderation'],
    }),
    /** POST /moderation/{tasks|users|questions}/{uuid|id}/{action} { reason }: 422 errors.reason. */
    decide: build.mutation<unknown, DecisionArgs>({
      query: (args) => ({
        url: `/moderation/${args.target}/${encodeURIComponent(
          args.target === 'questions' ? String(args.id) : args.uuid,
        )}/${args.action}`,
        method: 'POST',
        body: { reason: args.reason },
      }),
      invalidatesTags: ['Moderation', 'Task', 'Tasks', 'Categories', 'Questions'],
    }),
    /** GET /me/reports: the signed-in user's reports and what became of them. */
    getMyReports: build.query<MyReport[], void>({
      query: () => '/me/reports',
      transformResponse: (body: Envelope<MyReport[]>) => body.data,
      providesTags: ['MyReports'],
    }),
  }),
});

export const {
  useGetModerationReportsQuery,
  useGetModerationQuestionReportsQuery,
  useGetModerationLogQuery,
  useDecideMutation,
  useGetMyReportsQuery,
} = moderationApi;

/** The push saga's refetch when a report was decided. */
export const refetchMyReports = () => api.util.invalidateTags(['MyReports']);
