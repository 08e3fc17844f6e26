/**
 * The time a server render used as "now", handed to the client (api/hydration.ts), so the first
 * client render draws the same expiry, status and relative times as the server's HTML: a
 * different "now" would be a hydration mismatch. After hydration pages use the real time.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { useEffect, useMemo, useState } from 'react';
import { hydrated } from '../api/hydration';
import { useHydratedDeferred } from '../ui/useHydrated';
import { useAppSelector } from './hooks';

export interface ClockState {
  /** The server render's "now" (ms since the epoch); null on a client-only page. */
  renderedAt: number | null;
}

const initialState: ClockState = { renderedAt: null };

export const clockSlice = createSlice({
  name: 'clock',
  initialState,
  reducers: {
    /** A server render starts: its "now". */
    renderStarted(state, action: PayloadAction<number>) {
      state.renderedAt = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(hydrated, (state, action) => {
      state.renderedAt = action.payload.renderedAt;
    });
  },
  selectors: {
    selectRenderedAt: (state) => state.renderedAt,
  },
});

export const { renderStarted } = clockSlice.actions;
export const { selectRenderedAt } = clockSlice.selectors;

/**
 * The time now for rendering, refreshed every `intervalMs` so expiry and relative times move on
 * their own. The server render and the first client render that hydrates it both use the server's
 * "now" (renderedAt), so they draw the same; then the browser's clock, in the deferred render that
 * follows hydration (useHydratedDeferred: a list's cards do not all draw again in one long task).
 */
export function useNow(intervalMs = 60_000): Date {
  const renderedAt = useAppSelector(selectRenderedAt);
  const hydrated = useHydratedDeferred();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  const rendered = useMemo(() => (renderedAt === null ? null : new Date(renderedAt)), [renderedAt]);
  return !hydrated && rendered ? rendered : now;
}
