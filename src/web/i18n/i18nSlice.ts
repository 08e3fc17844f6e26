import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_LOCALE, type Locale } from '../../shared/locales';

/** The UI locale: set from the URL prefix; sent as Accept-Language; survives logout. */
export interface I18nState {
  locale: Locale;
}

const initialState: I18nState = { locale: DEFAULT_LOCALE };

export const i18nSlice = createSlice({
  name: 'i18n',
  initialState,
  reducers: {
    localeChanged(state, action: PayloadAction<Locale>) {
      state.locale = action.payload;
    },
  },
  selectors: {
    selectLocale: (state) => state.locale,
  },
});

export const { localeChanged } = i18nSlice.actions;
export const { selectLocale } = i18nSlice.selectors;
