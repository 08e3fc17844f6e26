import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { Task } from '../../../shared/types';
import { taskToFormValues } from '../../../shared/validation/taskForm';
import { Modal } from '../../ui/Modal';
import { taskFormMessages as messages } from './messages';
import { TaskForm } from './TaskForm';

export interface TaskEditModalProps {
  task: Task;
  open: boolean;
  onClose: () => void;
}

/** The detail page's edit modal: the task form in update mode (POST /tasks/{uuid}, _method PUT). */
export function TaskEditModal({ task, open, onClose }: TaskEditModalProps) {
  const intl = useIntl();
  const initialValues = useMemo(() => taskToFormValues(task), [task]);
  const original = useMemo(
    () => ({ due_start: task.due_start, due_end: task.due_end }),
    [task.due_start, task.due_end],
  );
  return (
    <Modal isOpen={open} onClose={onClose} title={intl.formatMessage(messages.editTitle)}>
      {open && (
        <TaskForm
          mode="update"
          initialValues={initialValues}
          original={original}
          onSaved={onClose}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}

export default TaskEditModal;
