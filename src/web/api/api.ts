import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './baseQuery';
import { hydrated } from './hydration';

/** Success bodies are `{ data }`; endpoints unwrap them with `transformResponse: unwrap`. */
export interface Envelope<T> {
  data: T;
}
export const unwrap = <T>(body: Envelope<T>): T => body.data;

/**
 * Every cache tag. A new one depends on who is asking unless it is added to the session's
 * exceptions (VIEWER_INDEPENDENT_TAGS in features/session/sessionApi.ts).
 */
export const TAG_TYPES = [
  'Me',
  'Task',
  'Tasks',
  'Offers',
  'Categories',
  'IncompleteReasons',
  'Freelancers',
  'Profile',
  'Chat',
  'Moderation',
  'MyReports',
  'Questions',
  'Alerts',
  'AlertMatches',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

/**
 * The one API slice. Features add endpoints with `api.injectEndpoints({ endpoints: (build) => ...
 * })` in their own `xxxApi.ts` and export the generated hooks.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
  // The server render's cache (./hydration.ts): its queries are fulfilled before the first render.
  extractRehydrationInfo(action, { reducerPath }) {
    if (hydrated.match(action)) return action.payload[reducerPath];
    return undefined;
  },
});
