import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { MessageDescriptor } from 'react-intl';
import type { RouteName } from '../../i18n/routes';

export type NoticeKind = 'success' | 'info' | 'error';
export type NoticeValues = Record<string, string | number | boolean | null | undefined>;

/** A page a notice links to: built with the locale shown when it renders, labelled by `label`. */
export interface NoticeLink {
  route: RouteName;
  params?: Record<string, string>;
  label: MessageDescriptor;
}

/** A toast. The message is a descriptor so it is translated when rendered, in the current locale. */
export interface Notice {
  id: string;
  kind: NoticeKind;
  message: MessageDescriptor;
  values?: NoticeValues;
  /** E.g. the task a push notice is about. */
  link?: NoticeLink;
}

export type NoticeInput = Omit<Notice, 'id'>;

const initialState: Notice[] = [];

export const noticesSlice = createSlice({
  name: 'notices',
  initialState,
  reducers: {
    showNotice: {
      reducer(state, action: PayloadAction<Notice>) {
        const { kind, message, values } = action.payload;
        // The same notice twice (e.g. several requests failing at once) is shown once.
        const duplicate = state.some(
          (n) =>
            n.kind === kind &&
            n.message.id === message.id &&
            JSON.stringify(n.values ?? null) === JSON.stringify(values ?? null),
        );
        if (!duplicate) state.push(action.payload);
      },
      prepare(notice: NoticeInput) {
        return { payload: { ...notice, id: nanoid() } };
      },
    },
    dismissNotice(state, action: PayloadAction<string>) {
      return state.filter((n) => n.id !== action.payload);
    },
  },
  selectors: {
    selectNotices: (state) => state,
  },
});

export const { showNotice, dismissNotice } = noticesSlice.actions;
export const { selectNotices } = noticesSlice.selectors;
