import type { ModerationLogEntry, ModerationReportsPage, MyReport } from '../../../shared/types';
import { api, unwrap, type Envelope } from '../../api/api';

/** A moderator's decision (issue 19): on a task or on its author. */
export type TaskDecision = 'hide' | 'restore' | 'dismiss';
export type UserDecision = 'suspend' | 'unsuspend';

export type DecisionArgs =
  | { target: 'tasks'; action: TaskDecision; uuid: string; reason: string }
  | { target: 'users'; action: UserDecision; uuid: string; reason: string };

/** A page's `next_cursor`; null: the first page (as a parameter) or no next page (as an answer). */
type Cursor = string | null;
interface ModerationLogMeta {
  next_cursor: Cursor;
}
export interface ModerationLogPage extends ModerationLogMeta {
  entries: ModerationLogEntry[];
}

const cursorParam = (separator: '?' | '&', cursor: Cursor): string =>
  cursor ? `${separator}cursor=${encodeURIComponent(cursor)}` : '';

export const moderationApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /moderation/reports?status=open|closed: moderators only (403 otherwise). Keyset-paged:
     * "Show more" fetches the page after the last one's `next_cursor`; a refetch (after a
     * decision) reloads every page shown, from the first.
     */
    getModerationReports: build.infiniteQuery<ModerationReportsPage, 'open' | 'closed', Cursor>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.next_cursor,
      },
      query: ({ queryArg, pageParam }) =>
        `/moderation/reports?status=${queryArg}${cursorParam('&', pageParam)}`,
      transformResponse: unwrap<ModerationReportsPage>,
      providesTags: ['Moderation'],
    }),
    /** GET /moderation/log: the decisions, newest first, keyset-paged as the reports are. */
    getModerationLog: build.infiniteQuery<ModerationLogPage, void, Cursor>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.next_cursor,
      },
      query: ({ pageParam }) => `/moderation/log${cursorParam('?', pageParam)}`,
      transformResponse: (body: Envelope<ModerationLogEntry[]> & { meta: ModerationLogMeta }) => ({
        entries: body.data,
        next_cursor: body.meta.next_cursor,
      }),
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
  useGetModerationReportsInfiniteQuery,
  useGetModerationLogInfiniteQuery,
  useDecideMutation,
  useGetMyReportsQuery,
} = moderationApi;

/** The push saga's refetch when a report was decided. */
export const refetchMyReports = () => api.util.invalidateTags(['MyReports']);
