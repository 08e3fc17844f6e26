import { useRef, type FormEvent } from 'react';
import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import { Field, Form } from 'react-final-form';
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
import { useAppDispatch } from '../../app/hooks';
import { commonMessages } from '../../i18n/commonMessages';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { Modal } from '../../ui/Modal';
import { hasUnsavedInput, UnsavedChangesGuard } from '../../ui/UnsavedChangesGuard';
import { TextField } from '../../ui/TextField';
import { TextAreaField } from '../../ui/TextAreaField';
import { showNotice } from '../notices/noticesSlice';
import { offerMessages as messages } from './messages';
import { useCreateOfferMutation, useUpdateOfferMutation } from './offersApi';
import { validateOffer } from './validate';
import { focusFirstError, shownError } from '../../ui/formErrors';

const CheckLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 44px;
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
`;

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

  const onSubmit = async (values: OfferFormValues): Promise<SubmissionErrors | undefined> => {
    const body = offerFormSchema.cast(values) as OfferForm;
    const result = offer
      ? await updateOffer({ taskUuid, offerUuid: offer.uuid, body })
      : await createOffer({ taskUuid, body });
    if (result.error) {
      if (isValidationError(result.error)) return fieldErrors(result.error);
      // 403 on update: the offer is locked (logged only); the offers refetch shows why.
      if (errorStatus(result.error) === 403) onClose();
      // No answer (server restarting, offline): say so in the form, which keeps what was typed.
      if (isNetworkError(result.error))
        return { [FORM_ERROR]: intl.formatMessage(commonMessages.networkError) };
      return undefined;
    }
    dispatch(
      showNotice({ kind: 'success', message: updating ? messages.updated : messages.created }),
    );
    onClose();
    return undefined;
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      size="md"
      title={intl.formatMessage(updating ? messages.updateTitle : messages.createTitle)}
    >
      <Form<OfferFormValues>
        onSubmit={onSubmit}
        initialValues={offerFormInitialValues(offer)}
        validate={(values) => validateOffer(intl, values)}
        render={({ handleSubmit, form, submitting, submitError }) => {
          const submit = async (event: FormEvent<HTMLFormElement>) => {
            await handleSubmit(event);
            const state = form.getState();
            if (state.hasValidationErrors || state.hasSubmitErrors) {
              // After React rendered the errors.
              setTimeout(() => focusFirstError(formRef.current), 0);
            }
          };
          return (
            <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
              <UnsavedChangesGuard unsaved={() => hasUnsavedInput(form.getState())} />
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
                  {intl.formatMessage(updating ? messages.submitUpdate : messages.submitCreate)}
                </Button>
              </Actions>
            </form>
          );
        }}
      />
    </Modal>
  );
}
