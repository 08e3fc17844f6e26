import { defineMessages } from 'react-intl';

/** The kit's own texts (defaults for labels callers may override). */
export const uiMessages = defineMessages({
  loading: { id: 'ui.spinner.loading', defaultMessage: 'Loading' },
  close: { id: 'ui.modal.close', defaultMessage: 'Close' },
  confirm: { id: 'ui.confirmModal.confirm', defaultMessage: 'Confirm' },
  cancel: { id: 'ui.confirmModal.cancel', defaultMessage: 'Cancel' },
  dismiss: { id: 'ui.notice.dismiss', defaultMessage: 'Dismiss' },
  skipToContent: { id: 'ui.layout.skipToContent', defaultMessage: 'Skip to content' },
  menu: { id: 'ui.layout.menu', defaultMessage: 'Menu' },
  unsavedTitle: { id: 'ui.unsaved.title', defaultMessage: 'Leave this page?' },
  unsavedText: {
    id: 'ui.unsaved.text',
    defaultMessage: 'What you have typed here is not saved yet and will be lost.',
  },
  unsavedLeave: { id: 'ui.unsaved.leave', defaultMessage: 'Leave' },
  unsavedStay: { id: 'ui.unsaved.stay', defaultMessage: 'Stay on the page' },
  discardTitle: { id: 'ui.discard.title', defaultMessage: 'Close without saving?' },
  discard: { id: 'ui.discard.confirm', defaultMessage: 'Discard' },
  keepEditing: { id: 'ui.discard.keep', defaultMessage: 'Keep editing' },
  draftRestored: { id: 'ui.draft.restored', defaultMessage: 'We restored what you typed earlier.' },
});
