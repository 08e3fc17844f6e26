import { lazy } from 'react';
import { withMessageParts } from '../../i18n/loadMessages';

/**
 * The task page's edit modal, loaded when the owner opens it (the form, yup, final-form, the drop
 * zone): the owner's Edit button and the expired task's 'Change the deadline' share it. The task
 * form's messages are in the later part of the catalog: wait for it too.
 */
export const LazyTaskEditModal = lazy(
  withMessageParts(() => import(/* webpackChunkName: "task-edit" */ './TaskEditModal'), ['later']),
);

export { TASK_DEADLINE_FIELD_ID } from './fieldIds';
