/**
 * Server rendering hands its store over to the browser's: the server serializes what its render
 * read (`dehydrate` in app/prefetch.ts), embeds it in the page, and the client dispatches
 * `hydrated(payload)` before its first render. RTK Query takes `payload.api` through the slice's
 * `extractRehydrationInfo` (api.ts), so every query the server ran is fulfilled at the first client
 * render and none is sent again; other slices read their part of the payload.
 */
import { createAction } from '@reduxjs/toolkit';
import type { CombinedState } from '@reduxjs/toolkit/query';

/** The RTK Query part of the hand-over: the api slice's state, only settled entries. */
// CombinedState's generics: every endpoint and tag type (the hand-over is not typed per endpoint).
export type ApiHydration = CombinedState<never, string, 'api'>;

export interface HydrationPayload {
  /** The api slice (RTK Query), as the server's render read it. */
  api: ApiHydration;
  /** The error page a failed call of the server render asked for (404 profile, 500...). */
  errorPage: { status: number } | null;
  /** When the server rendered (ms since the epoch): the "now" of the first client render. */
  renderedAt: number;
}

/** Puts a server render's state into the browser's store; dispatched once, before hydrateRoot. */
export const hydrated = createAction<HydrationPayload>('app/hydrated');
