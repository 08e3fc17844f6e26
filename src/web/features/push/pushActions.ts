import { createAction } from '@reduxjs/toolkit';

/** A task detail page is on screen: the push saga opens its stream (one task at a time). */
export const taskPageOpened = createAction<{ uuid: string; slug: string }>('push/taskPageOpened');

/** The page with this task left the screen: its stream closes. */
export const taskPageClosed = createAction<{ uuid: string }>('push/taskPageClosed');
