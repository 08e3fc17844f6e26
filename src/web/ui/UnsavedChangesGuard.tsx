import type { FormState } from 'final-form';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useBlocker } from 'react-router-dom';
import { ConfirmModal } from './ConfirmModal';
import { uiMessages } from './messages';

/**
 * Input not yet saved, in final-form's terms: a field changed from its initial value (but the
 * `derived` ones the form sets itself) or `changed` outside the form (e.g. chosen photos), neither
 * being sent nor sent successfully since (the saga's redirect after a save must pass).
 */
export function hasUnsavedInput(
  state: Pick<
    FormState<unknown>,
    'dirtyFields' | 'submitting' | 'submitSucceeded' | 'dirtySinceLastSubmit'
  >,
  { changed = false, derived = [] }: { changed?: boolean; derived?: readonly string[] } = {},
): boolean {
  if (state.submitting) return false;
  if (state.submitSucceeded && !state.dirtySinceLastSubmit) return false;
  return changed || Object.keys(state.dirtyFields ?? {}).some((field) => !derived.includes(field));
}

/**
 * Asks before the app navigates to another page while a form holds unsaved input (react-router's
 * useBlocker, for links, back/forward and the sagas' redirects alike): "Stay" keeps the page and the
 * input, "Leave" goes on. `unsaved` is read at the moment of the navigation.
 */
export function UnsavedChangesGuard({ unsaved }: { unsaved: () => boolean }) {
  const intl = useIntl();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && unsaved(),
  );
  return (
    <ConfirmModal
      isOpen={blocker.state === 'blocked'}
      title={intl.formatMessage(uiMessages.unsavedTitle)}
      confirmLabel={intl.formatMessage(uiMessages.unsavedLeave)}
      cancelLabel={intl.formatMessage(uiMessages.unsavedStay)}
      confirmVariant="danger"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      <p>{intl.formatMessage(uiMessages.unsavedText)}</p>
    </ConfirmModal>
  );
}

/**
 * The same question for closing a form's dialog (Escape, the close button, the backdrop, Cancel):
 * `requestClose()` closes at once without unsaved input, else opens `dialog` (render it), whose
 * "Discard" calls `onDiscard` and "Keep editing" returns to the form with the input kept.
 */
export function useConfirmDiscard(unsaved: () => boolean, onDiscard: () => void) {
  const intl = useIntl();
  const [asking, setAsking] = useState(false);
  const requestClose = () => {
    if (unsaved()) setAsking(true);
    else onDiscard();
  };
  const dialog = (
    <ConfirmModal
      isOpen={asking}
      danger
      title={intl.formatMessage(uiMessages.discardTitle)}
      confirmLabel={intl.formatMessage(uiMessages.discard)}
      cancelLabel={intl.formatMessage(uiMessages.keepEditing)}
      onConfirm={() => {
        setAsking(false);
        onDiscard();
      }}
      onCancel={() => setAsking(false)}
    >
      <p>{intl.formatMessage(uiMessages.unsavedText)}</p>
    </ConfirmModal>
  );
  return { requestClose, dialog };
}
