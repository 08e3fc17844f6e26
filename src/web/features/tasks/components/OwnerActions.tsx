import { Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { Task } from '../../../../shared/types';
import { errorStatus } from '../../../api/baseQuery';
import { useAppDispatch } from '../../../app/hooks';
import { Button } from '../../../ui/Button';
import { ConfirmModal } from '../../../ui/ConfirmModal';
import { showNotice } from '../../notices/noticesSlice';
import { refetchTask } from '../../push/pushActions';
import { taskPartyMessages } from '../partyMessages';
import { LazyTaskEditModal as TaskEditModal } from '../../taskForm/lazyEditModal';
import { useDeleteTaskMutation } from '../taskApi';
import { theme } from '../../../app/theme';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
`;

interface Props {
  task: Task;
  canEdit: boolean;
  canDelete: boolean;
}

/** Owner-only edit and delete (machine: EDIT_TASK, DELETE_TASK) and their modals. */
export function OwnerActions({ task, canEdit, canDelete }: Props) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleteTask, { isLoading: deleting }] = useDeleteTaskMutation();

  if (!canEdit && !canDelete) return null;

  // The edit form (yup, final-form, the drop zone) loads only when the owner opens it.
  const onEdit = () => setEditing(true);

  const onDelete = async () => {
    const result = await deleteTask({ uuid: task.uuid });
    if ('error' in result && result.error) {
      setConfirming(false);
      // 403 (an offer was chosen meanwhile) or 404: say so and show the task as it is now.
      const status = errorStatus(result.error);
      if (status === 403 || status === 409 || status === 423) {
        dispatch(showNotice({ kind: 'error', message: taskPartyMessages.deleteFailed }));
        dispatch(refetchTask(task.uuid));
      }
      return;
    }
    // The redirects saga says so and goes to the task list (features/navigation).
    setConfirming(false);
  };

  return (
    <>
      <Actions>
        {canEdit && (
          <Button $variant="secondary" onClick={onEdit}>
            {intl.formatMessage(taskPartyMessages.edit)}
          </Button>
        )}
        {canDelete && (
          <Button $variant="danger" onClick={() => setConfirming(true)}>
            {intl.formatMessage(taskPartyMessages.delete)}
          </Button>
        )}
      </Actions>
      {editing && (
        <Suspense fallback={null}>
          <TaskEditModal task={task} open={editing} onClose={() => setEditing(false)} />
        </Suspense>
      )}
      <ConfirmModal
        isOpen={confirming}
        title={intl.formatMessage(taskPartyMessages.deleteTitle)}
        onConfirm={() => void onDelete()}
        onCancel={() => setConfirming(false)}
        loading={deleting}
        confirmLabel={intl.formatMessage(taskPartyMessages.deleteConfirm)}
        danger
      >
        <p>{intl.formatMessage(taskPartyMessages.deleteText, { title: task.title })}</p>
      </ConfirmModal>
    </>
  );
}
