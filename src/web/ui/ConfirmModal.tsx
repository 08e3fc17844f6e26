import { Suspense, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Button, type ButtonVariant } from './Button';
import { LazyModal } from './LazyModal';
import { uiMessages } from './messages';
import type { ModalSize } from './Modal';

export interface ConfirmModalProps {
  isOpen: boolean;
  title: ReactNode;
  children?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirm button shows a spinner and is disabled (a request is under way). */
  loading?: boolean;
  /** Translated labels; default 'Confirm' and 'Cancel'. */
  confirmLabel?: string;
  cancelLabel?: string;
  /**
   * A destructive action's question (delete a task, an offer, an alert; discard typed input): a
   * red confirm button in a small dialog that Escape and the backdrop cannot close while `loading`
   * (the request is under way). The three props below still override it.
   */
  danger?: boolean;
  confirmVariant?: ButtonVariant;
  size?: ModalSize;
  closeOnlyViaActions?: boolean;
}

export function ConfirmModal({
  isOpen,
  title,
  children,
  onConfirm,
  onCancel,
  loading = false,
  confirmLabel,
  cancelLabel,
  danger = false,
  confirmVariant = danger ? 'danger' : 'primary',
  size = danger ? 'sm' : undefined,
  closeOnlyViaActions = danger && loading,
}: ConfirmModalProps) {
  const intl = useIntl();
  // Closed, nothing renders: the dialog's module loads when it first opens (ui/LazyModal.tsx).
  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <LazyModal
        isOpen
        title={title}
        size={size}
        closeOnlyViaActions={closeOnlyViaActions}
        onClose={onCancel}
        footer={
          <>
            <Button $variant="secondary" onClick={onCancel}>
              {cancelLabel ?? intl.formatMessage(uiMessages.cancel)}
            </Button>
            <Button $variant={confirmVariant} $loading={loading} onClick={onConfirm}>
              {confirmLabel ?? intl.formatMessage(uiMessages.confirm)}
            </Button>
          </>
        }
      >
        {children}
      </LazyModal>
    </Suspense>
  );
}
