import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import { Field, Form, type FormRenderProps } from 'react-final-form';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { Offer } from '../../../shared/types';
import {
  offerFormInitialValues,
  offerFormSchema,
  type OfferForm,
  type OfferFormValues,
} from '../../../shared/validation/offer';
import { errorStatus, fieldErrors, isNetworkError, isValidationError } from '../../api/baseQuery';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { commonMessages } from '../../i18n/commonMessages';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { Modal } from '../../ui/Modal';
import { draftKey, removeDraft } from '../../ui/draft';
import { FormDraft, useCloseDraftedForm } from '../../ui/FormDraft';
import { hasUnsavedInput, UnsavedChangesGuard } from '../../ui/UnsavedChangesGuard';
import { TextField } from '../../ui/TextField';
import { TextAreaField } from '../../ui/TextAreaField';
import { showNotice } from '../notices/noticesSlice';
import { selectCurrentUser } from '../session/sessionApi';
import { offerMessages as messages } from './messages';
import { useCreateOfferMutation, useUpdateOfferMutation } from './offersApi';
import { validateOffer } from './validate';
import { focusFirstError, shownError } from '../../ui/formErrors';
import { theme } from '../../app/theme';

const CheckLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.sm};
  min-height: 44px;
  margin-bottom: ${theme.space.md};
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
`;

const DRAFT_FIELDS = ['description', 'price', 'notify_if_not_chosen'] as const;

interface Props {
  isOpen: boolean;
  onClose: () => void;
  taskUuid: string;
  /** The offer to update; create when absent. */
  offer?: Offer | null;
}

/** Create or update an offer (SPEC sections 3 and 5) with the shared schema; 422 on the fields. */
export function OfferFormModal({ isOpen, onClose, taskUuid, offer }: Props) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const formRef = useRef<HTMLFormElement>(null);
  const [createOffer] = useCreateOfferMutation();
  const [updateOffer] = useUpdateOfferMutation();
  const updating = Boolean(offer);
  const me = useAppSelector(selectCurrentUser);
  // One draft per user, task and offer (a new one, or the offer being edited).
  const storageKey = draftKey('offer', me?.uuid ?? 'visitor', taskUuid, offer?.uuid ?? 'new');
  const [initialValues] = useState(() => offerFormInitialValues(offer));

  const onSubmit = async (values: OfferFormValues): Promise<SubmissionErrors | undefined> => {
    const body = offerFormSchema.cast(values) as OfferForm;
    const result = offer
      ? await updateOffer({ taskUuid, offerUuid: offer.uuid, body })
      : await createOffer({ taskUuid, body });
    if (result.error) {
      if (isValidationError(result.error)) return fieldErrors(result.error);
      // 403 on update: the offer is locked (logged only); the offers refetch shows why.
      if (errorStatus(result.error) === 403) {
        removeDraft(storageKey);
        onClose();
      }
      // No answer (server restarting, offline): say so in the form, which keeps what was typed.
      if (isNetworkError(result.error))
        return { [FORM_ERROR]: intl.formatMessage(commonMessages.networkError) };
      return undefined;
    }
    removeDraft(storageKey);
    dispatch(
      showNotice({ kind: 'success', message: updating ? messages.updated : messages.created }),
    );
    onClose();
    return undefined;
  };

  return (
    <Form<OfferFormValues>
      onSubmit={onSubmit}
      initialValues={initialValues}
      validate={(values) => validateOffer(intl, values)}
      render={(props) => (
        <OfferFormDialog
          {...props}
          isOpen={isOpen}
          formRef={formRef}
          title={intl.formatMessage(updating ? messages.updateTitle : messages.createTitle)}
          submitLabel={intl.formatMessage(updating ? messages.submitUpdate : messages.submitCreate)}
          storageKey={storageKey}
          base={initialValues}
          onClose={onClose}
        />
      )}
    />
  );
}

interface DialogProps extends FormRenderProps<OfferFormValues> {
  isOpen: boolean;
  formRef: RefObject<HTMLFormElement | null>;
  title: string;
  submitLabel: string;
  storageKey: string;
  base: OfferFormValues;
  onClose: () => void;
}

/** The modal around the form: closing it with typed input asks first (discard clears the draft). */
function OfferFormDialog({
  handleSubmit,
  form,
  submitting,
  submitError,
  isOpen,
  formRef,
  title,
  submitLabel,
  storageKey,
  base,
  onClose,
}: DialogProps) {
  const intl = useIntl();
  const { requestClose, dialog } = useCloseDraftedForm(form, storageKey, onClose);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    await handleSubmit(event);
    const state = form.getState();
    if (state.hasValidationErrors || state.hasSubmitErrors) {
      // After React rendered the errors.
      setTimeout(() => focusFirstError(formRef.current), 0);
    }
  };
  return (
    <>
      <Modal isOpen={isOpen} onClose={requestClose} size="md" title={title}>
        <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
          <UnsavedChangesGuard unsaved={() => hasUnsavedInput(form.getState())} />
          <FormDraft storageKey={storageKey} fields={DRAFT_FIELDS} base={base} />
          {submitError && <FormAlert role="alert">{String(submitError)}</FormAlert>}
          <Field<string> name="description">
            {({ input, meta }) => {
              const error = shownError(meta);
              return (
                <TextAreaField
                  {...input}
                  id="offer-description"
                  label={intl.formatMessage(messages.description)}
                  error={error}
                />
              );
            }}
          </Field>
          <Field<number | string | null> name="price">
            {({ input, meta }) => (
              <TextField
                label={intl.formatMessage(messages.price)}
                inputMode="decimal"
                name={input.name}
                value={input.value ?? ''}
                onChange={input.onChange}
                onBlur={input.onBlur}
                onFocus={input.onFocus}
                error={shownError(meta)}
              />
            )}
          </Field>
          <Field<boolean> name="notify_if_not_chosen" type="checkbox">
            {({ input }) => (
              <CheckLabel>
                <input
                  type="checkbox"
                  name={input.name}
                  checked={Boolean(input.checked)}
                  onChange={input.onChange}
                  onBlur={input.onBlur}
                  onFocus={input.onFocus}
                />
                {intl.formatMessage(messages.notify)}
              </CheckLabel>
            )}
          </Field>
          <Actions>
            <Button type="submit" $loading={submitting}>
              {submitLabel}
            </Button>
          </Actions>
        </form>
      </Modal>
      {dialog}
    </>
  );
}
