import { createAction } from '@reduxjs/toolkit';

/** Why a saga moved the user to another page (shown in Redux DevTools with the target). */
export type RedirectReason =
  'taskCreated' | 'taskDeleted' | 'offersFailed' | 'sessionExpired' | 'loggedOut';

export interface Redirect {
  /** The app URL to go to: path, query and hash. */
  to: string;
  reason: RedirectReason;
  /** Replace the current history entry instead of pushing one. */
  replace?: boolean;
}

/**
 * A saga decided to navigate: the navigation saga hands `to` to the router of the saga context.
 * Every redirect that is not a link the user followed goes through this one action.
 */
export const redirected = createAction<Redirect>('navigation/redirected');
