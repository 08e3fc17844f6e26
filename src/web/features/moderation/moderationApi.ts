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
  endpoints: (build) => {
    /** A report queue (tasks or questions) of one status, keyset-paged (docs/MODERATION.md). */
    const queueEndpoint = <Page extends { next_cursor: Cursor }>(path: string) =>
      build.infiniteQuery<Page, 'open' | 'closed', Cursor>({
        infiniteQueryOptions: {
          initialPageParam: null,
          getNextPageParam: (last) => last.next_cursor,
        },
        query: ({ queryArg, pageParam }) =>
          `${path}?status=${queryArg}${cursorParam('&', pageParam)}`,
        transformResponse: unwrap<Page>,
        providesTags: ['Moderation'],
      });
    return {
      /**
       * GET /moderation/reports?status=open|closed: moderators only (403 otherwise). Keyset-paged:
       * "Show more" fetches the page after the last one's `next_cursor`; a refetch (after a
       * decision) reloads every page shown, from the first.
       */
      getModerationReports: queueEndpoint<ModerationReportsPage>('/moderation/reports'),
      /** GET /moderation/question-reports?status=open|closed: reported questions (issue 20), paged alike. */
      getModerationQuestionReports: queueEndpoint<ModerationQuestionReportsPage>(
        '/moderation/question-reports',
      ),
      /** GET /moderation/log: the decisions, newest first, keyset-paged as the reports are. */
      getModerationLog: build.infiniteQuery<ModerationLogPage, void, Cursor>({
        infiniteQueryOptions: {
          initialPageParam: null,
          getNextPageParam: (last) => last.next_cursor,
        },
        query: ({ pageParam }) => `/moderation/log${cursorParam('?', pageParam)}`,
        transformResponse: (
          body: Envelope<ModerationLogEntry[]> & { meta: ModerationLogMeta },
        ) => ({
          entries: body.data,
          next_cursor: body.meta.next_cursor,
        }),
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
    };
  },
});

export const {
  useGetModerationReportsInfiniteQuery,
  useGetModerationQuestionReportsInfiniteQuery,
  useGetModerationLogInfiniteQuery,
  useDecideMutation,
  useGetMyReportsQuery,
} = moderationApi;
