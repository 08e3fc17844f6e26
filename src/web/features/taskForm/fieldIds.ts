/**
 * Ids of task form fields that other parts of the page point at: the expired task's 'Change the
 * deadline' opens the edit modal focused on its deadline (TaskEditModal focusId). Here, not in
 * TaskForm.tsx, so pointing at a field does not pull the form into a chunk.
 */
export const TASK_DEADLINE_FIELD_ID = 'task-due-end';
