import { createAction } from '@reduxjs/toolkit';

/** The API answered 401 or 419: the session saga logs out, tells the user and goes to login. */
export const sessionExpired = createAction<{ status: number }>('session/expired');

/** The session ended: the root reducer resets every slice and the RTK Query cache. */
export const loggedOut = createAction('session/loggedOut');

/** The user pressed log out: the session saga calls the API, then dispatches loggedOut. */
export const logoutRequested = createAction('session/logoutRequested');
