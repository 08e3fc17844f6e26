import { createSlice } from '@reduxjs/toolkit';

/**
 * The API answered 503: Talka's database (or the API behind a proxy) is away. While active, the
 * outage banner retries with backoff and, once the API answers again, refetches what failed.
 */
export interface OutageState {
  active: boolean;
}

export const outageSlice = createSlice({
  name: 'outage',
  initialState: { active: false } as OutageState,
  reducers: {
    outageDetected: (state) => {
      state.active = true;
    },
    outageEnded: (state) => {
      state.active = false;
    },
  },
  selectors: {
    selectOutageActive: (state) => state.active,
  },
});

export const { outageDetected, outageEnded } = outageSlice.actions;
export const { selectOutageActive } = outageSlice.selectors;
