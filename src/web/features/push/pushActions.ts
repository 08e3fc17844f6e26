import { createAction } from '@reduxjs/toolkit';
import { api } from '../../api/api';

/** A task detail page is on screen: the push saga opens its stream (one task at a time). */
export const taskPageOpened = createAction<{ uuid: string; slug: string }>('push/taskPageOpened');

/** The page with this task left the screen: its stream closes. */
export const taskPageClosed = createAction<{ uuid: string }>('push/taskPageClosed');

/**
 * The push saga's stream for `key` (see streamKey) is connected: the stream it replaces, kept open
 * until now so that no personal event falls between the two, is closed.
 */
export const pushStreamOpened = createAction<{ key: string }>('push/streamOpened');

/**
 * Refetch a task, its offers and its questions (a push event, a refused change): invalidates their
 * tags.
 */
export const refetchTask = (uuid: string) =>
  api.util.invalidateTags([
    { type: 'Task', id: uuid },
    { type: 'Offers', id: uuid },
    { type: 'Questions', id: uuid },
  ]);
