import { useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Task } from '../../../shared/types';
import { taskToFormValues } from '../../../shared/validation/taskForm';
import { Modal } from '../../ui/Modal';
import { useConfirmDiscard } from '../../ui/UnsavedChangesGuard';
import { taskFormMessages as messages } from './messages';
import { TaskForm } from './TaskForm';

export interface TaskEditModalProps {
  task: Task;
  open: boolean;
  onClose: () => void;
  /**
   * The id of a field to focus (and scroll to) when the modal opens instead of its first one, e.g.
   * TASK_DEADLINE_FIELD_ID for 'Change the deadline' on an expired task (issue 16).
   */
  focusId?: string;
}

/** The detail page's edit modal: the task form in update mode (POST /tasks/{uuid}, _method PUT). */
export function TaskEditModal({ task, open, onClose, focusId }: TaskEditModalProps) {
  const intl = useIntl();
  // The task as it was when the modal opened. A push refetch while it is open (a new offer, the
  // task refetched after a reconnect) brings a new task object; handing that to the form would
  // reinitialise it and wipe what the owner is typing.
  const [opened, setOpened] = useState<Task | null>(open ? task : null);
  if (open && opened === null) setOpened(task);
  if (!open && opened !== null) setOpened(null);
  const shown = opened ?? task;
  const initialValues = useMemo(() => taskToFormValues(shown), [shown]);
  const original = useMemo(
    () => ({ due_start: shown.due_start, due_end: shown.due_end }),
    [shown.due_start, shown.due_end],
  );
  // Runs after the modal's own effect has focused its first control (a parent's effects run last).
  useEffect(() => {
    if (!open || !focusId) return;
    const field = document.getElementById(focusId);
    if (!field) return;
    field.scrollIntoView?.({ block: 'center' });
    field.focus({ preventScroll: true });
  }, [open, focusId]);
  // Escape, the close button, the backdrop and Cancel ask before throwing typed input away.
  const unsaved = useRef<() => boolean>(null);
  const { requestClose, dialog } = useConfirmDiscard(() => unsaved.current?.() ?? false, onClose);
  return (
    <>
      <Modal isOpen={open} onClose={requestClose} title={intl.formatMessage(messages.editTitle)}>
        {open && (
          <TaskForm
            mode="update"
            initialValues={initialValues}
            original={original}
            onSaved={onClose}
            onCancel={requestClose}
            unsavedRef={unsaved}
          />
        )}
      </Modal>
      {dialog}
    </>
  );
}

export default TaskEditModal;
