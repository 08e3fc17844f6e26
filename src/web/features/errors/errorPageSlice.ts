import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { hydrated } from '../../api/hydration';

/** An error page shown instead of the routed page (404, 500, a failed load's status). */
export type ErrorPageState = { status: number } | null;

export const errorPageSlice = createSlice({
  name: 'errorPage',
  initialState: null as ErrorPageState,
  reducers: {
    showErrorPage: (_state, action: PayloadAction<number>) => ({ status: action.payload }),
    clearErrorPage: () => null,
  },
  // The error page the server render showed is the first client render's too.
  extraReducers: (builder) => {
    builder.addCase(hydrated, (_state, action) => action.payload.errorPage);
  },
  selectors: {
    selectErrorPage: (state) => state,
  },
});

export const { showErrorPage, clearErrorPage } = errorPageSlice.actions;
export const { selectErrorPage } = errorPageSlice.selectors;
