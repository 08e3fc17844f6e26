import type { CurrentUser } from '../../../shared/types';
import { api, TAG_TYPES, unwrap, type Envelope, type TagType } from '../../api/api';
import type { ApiError } from '../../api/baseQuery';

export interface LoginRequest {
  email: string;
  password: string;
}

/**
 * Not refetched when someone logs in: the user (stored from the login's answer), and the categories
 * and the reasons' lists (the same for everyone).
 */
const VIEWER_INDEPENDENT_TAGS: ReadonlySet<TagType> = new Set([
  'Me',
  'Categories',
  'IncompleteReasons',
]);

/** All but the viewer-independent tags: a new tag counts as depending on who is asking. */
export const viewerTags = <T extends string>(tags: readonly T[]): T[] =>
  tags.filter((tag) => !(VIEWER_INDEPENDENT_TAGS as ReadonlySet<string>).has(tag));

/** The tags whose data depends on who is asking: refetched when someone logs in. */
export const VIEWER_TAGS: TagType[] = viewerTags(TAG_TYPES);

/**
 * onQueryStarted of every mutation that answers with the signed-in user (login, confirming a
 * registration): it becomes `me` at once. A failure is shown by the form that sent it.
 */
export async function storeSignedInUser(
  _arg: unknown,
  {
    dispatch,
    queryFulfilled,
  }: {
    dispatch: (action: unknown) => unknown;
    queryFulfilled: Promise<{ data: CurrentUser }>;
  },
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    dispatch(sessionApi.util.upsertQueryData('me', undefined, data));
    // What a visitor was shown is not what this user may see (a task's offers and contacts, a
    // hidden task its owner may open): shown queries refetch, the others leave the cache.
    dispatch(sessionApi.util.invalidateTags(VIEWER_TAGS));
  } catch {
    // The form shows the error.
  }
}

export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The current user, or null for visitors. `?optional=1` makes the server answer a visitor with
     * 200 { data: null } instead of 401, so no page load shows a failed request in the console; a
     * 401 or 419 (an older server, a test double) still means null here, not an expiry.
     */
    me: build.query<CurrentUser | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery('/me?optional=1');
        if (result.error) {
          if (result.error.status === 401 || result.error.status === 419) return { data: null };
          return { error: result.error as ApiError };
        }
        return { data: unwrap(result.data as Envelope<CurrentUser>) };
      },
      extraOptions: { handle401: true },
      providesTags: ['Me'],
    }),
    /**
     * Is the session still live? Plain `/me`: a dead session answers 401, which the wrapper turns
     * into the expiry flow (notice, login page). The push saga asks when the server ends a stream.
     */
    sessionCheck: build.query<true, void>({
      query: () => '/me',
      transformResponse: () => true as const,
      keepUnusedDataFor: 0,
    }),
    login: build.mutation<CurrentUser, LoginRequest>({
      query: (body) => ({ url: '/login', method: 'POST', body }),
      transformResponse: unwrap<CurrentUser>,
      // A 419 here means the CSRF cookie was stale: the form says so; nothing to log out from.
      extraOptions: { handle401: true },
      onQueryStarted: storeSignedInUser,
    }),
    logout: build.mutation<null, void>({
      query: () => ({ url: '/logout', method: 'POST' }),
      // Logging out of an already expired session is still a logout.
      extraOptions: { handle401: true, suppressNotice: true },
    }),
  }),
});

export const { useMeQuery, useLoginMutation, useLogoutMutation } = sessionApi;

// Built once: `select()` serialises its argument and builds a memoised selector on every call, and
// this one runs for every action until the sagas start (app/store.ts sagasHaveWork).
const selectMeResult = sessionApi.endpoints.me.select();

/** The current user from the `me` cache (null for visitors and while unknown). */
export const selectCurrentUser = (state: Parameters<typeof selectMeResult>[0]) =>
  selectMeResult(state).data ?? null;
