import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** An error page shown instead of the routed page (404, 500, a failed load's status). */
export type ErrorPageState = { status: number } | null;

export const errorPageSlice = createSlice({
  name: 'errorPage',
  initialState: null as ErrorPageState,
  reducers: {
    showErrorPage: (_state, action: PayloadAction<number>) => ({ status: action.payload }),
    clearErrorPage: () => null,
  },
  selectors: {
    selectErrorPage: (state) => state,
  },
});

export const { showErrorPage, clearErrorPage } = errorPageSlice.actions;
export const { selectErrorPage } = errorPageSlice.selectors;
