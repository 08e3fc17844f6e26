/**
 * The time a server render used as "now", handed to the client (api/hydration.ts), so the first
 * client render draws the same expiry, status and relative times as the server's HTML: a
 * different "now" would be a hydration mismatch. After hydration pages use the real time.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { hydrated } from '../api/hydration';

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
