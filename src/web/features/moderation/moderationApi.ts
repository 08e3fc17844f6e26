import type { ModerationLogEntry, ModerationReportsPage, MyReport } from '../../../shared/types';
import { api, unwrap, type Envelope } from '../../api/api';

/** A moderator's decision (issue 19): on a task or on its author. */
export type TaskDecision = 'hide' | 'restore' | 'dismiss';
export type UserDecision = 'suspend' | 'unsuspend';

export type DecisionArgs =
  | { target: 'tasks'; action: TaskDecision; uuid: string; reason: string }
  | { target: 'users'; action: UserDecision; uuid: string; reason: string };

export const moderationApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /moderation/reports?status=open|closed: moderators only (403 otherwise). */
    getModerationReports: build.query<ModerationReportsPage, 'open' | 'closed'>({
      query: (status) => `/moderation/reports?status=${status}`,
      transformResponse: unwrap<ModerationReportsPage>,
      providesTags: ['Moderation'],
    }),
    /** GET /moderation/log: the latest decisions, newest first. */
    getModerationLog: build.query<ModerationLogEntry[], void>({
      query: () => '/moderation/log',
      transformResponse: unwrap<ModerationLogEntry[]>,
      providesTags: ['Moderation'],
    }),
    /** POST /moderation/{tasks|users}/{uuid}/{action} { reason }: 422 errors.reason. */
    decide: build.mutation<unknown, DecisionArgs>({
      query: ({ target, action, uuid, reason }) => ({
        url: `/moderation/${target}/${encodeURIComponent(uuid)}/${action}`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: ['Moderation', 'Task', 'Tasks', 'Categories'],
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
  useGetModerationLogQuery,
  useDecideMutation,
  useGetMyReportsQuery,
} = moderationApi;

/** The push saga's refetch when a report was decided. */
export const refetchMyReports = () => api.util.invalidateTags(['MyReports']);
