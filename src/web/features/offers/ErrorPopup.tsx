import type { MessageDescriptor } from 'react-intl';
import { useIntl } from 'react-intl';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { offerMessages as messages } from './messages';

/** SPEC section 8 'error popup': a small dialog with the message and an OK button. */
export function ErrorPopup({
  message,
  onClose,
}: {
  message: MessageDescriptor | null;
  onClose: () => void;
}) {
  const intl = useIntl();
  return (
    <Modal
      isOpen={message !== null}
      onClose={onClose}
      size="sm"
      title={intl.formatMessage(messages.errorTitle)}
      footer={<Button onClick={onClose}>{intl.formatMessage(messages.ok)}</Button>}
    >
      {message && <p role="alert">{intl.formatMessage(message)}</p>}
    </Modal>
  );
}
