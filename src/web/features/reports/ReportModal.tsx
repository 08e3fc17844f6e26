import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import { useEffect, useRef, type RefObject } from 'react';
import { Field, Form } from 'react-final-form';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { REPORT_MESSAGE_MAX, reportSchema } from '../../../shared/validation/report';
import { errorStatus, fieldErrors, isValidationError } from '../../api/baseQuery';
import { useAppDispatch } from '../../app/hooks';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { TextAreaField } from '../../ui/TextAreaField';
import { showNotice } from '../notices/noticesSlice';
import { reportMessages as messages } from './messages';
import { useReportTaskMutation } from './reportsApi';
import { focusFirstError } from '../../ui/formErrors';
import { FormAlert } from '../../ui/FormAlert';

const Counter = styled.p<{ $over: boolean }>`
  margin: 0;
  justify-self: end;
  color: ${({ theme, $over }) => ($over ? theme.colors.danger : theme.colors.textMuted)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;

interface ReportValues {
  message?: string;
}

/** After a 422 is applied (rendered), moves the view to the field. */
function ScrollToSubmitErrors({
  errors,
  container,
}: {
  errors: SubmissionErrors | undefined;
  container: RefObject<HTMLDivElement | null>;
}) {
  useEffect(() => {
    if (errors && Object.keys(errors).length > 0) focusFirstError(container.current);
  }, [errors, container]);
  return null;
}

/**
 * The report form (SPEC sections 3, 5, 8): a message of at most 5000 characters. 422 puts
 * errors.message on the field; 403 means this reporter already reported the task: a notice, and
 * the modal closes.
 */
export function ReportModal({ taskUuid, onClose }: { taskUuid: string; onClose: () => void }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [reportTask] = useReportTaskMutation();
  const bodyRef = useRef<HTMLDivElement>(null);

  const validate = (values: ReportValues) => {
    try {
      reportSchema.validateSync({ message: values.message ?? '' });
      return {};
    } catch {
      return { message: intl.formatMessage(messages.tooLong, { max: REPORT_MESSAGE_MAX }) };
    }
  };

  const onSubmit = async (values: ReportValues): Promise<SubmissionErrors | undefined> => {
    const result = await reportTask({ taskUuid, message: (values.message ?? '').trim() });
    if ('error' in result && result.error) {
      const { error } = result;
      if (isValidationError(error)) {
        const errors = fieldErrors(error);
        return { message: errors.message ?? intl.formatMessage(messages.failed) };
      }
      if (errorStatus(error) === 403) {
        dispatch(showNotice({ kind: 'info', message: messages.alreadyReported }));
        onClose();
        return undefined;
      }
      return { [FORM_ERROR]: intl.formatMessage(messages.failed) };
    }
    dispatch(showNotice({ kind: 'success', message: messages.reported }));
    onClose();
    return undefined;
  };

  return (
    <Modal isOpen onClose={onClose} size="md" title={intl.formatMessage(messages.title)}>
      <div ref={bodyRef}>
        <Form<ReportValues> onSubmit={onSubmit} validate={validate}>
          {({ handleSubmit, submitting, submitError, submitErrors }) => (
            <form onSubmit={handleSubmit} noValidate>
              <ScrollToSubmitErrors errors={submitErrors} container={bodyRef} />
              {submitError && <FormAlert role="alert">{String(submitError)}</FormAlert>}
              <Field<string> name="message">
                {({ input, meta }) => {
                  const length = (input.value ?? '').length;
                  const error =
                    (meta.touched || meta.submitFailed
                      ? (meta.error as string | undefined)
                      : undefined) ??
                    (meta.submitError && !meta.dirtySinceLastSubmit
                      ? String(meta.submitError)
                      : undefined);
                  return (
                    <TextAreaField
                      {...input}
                      id="report-message"
                      label={intl.formatMessage(messages.messageLabel)}
                      error={error}
                      hintId="report-message-counter"
                      hint={
                        <Counter
                          id="report-message-counter"
                          $over={length > REPORT_MESSAGE_MAX}
                          aria-live="polite"
                        >
                          {intl.formatMessage(messages.counter, {
                            count: length,
                            max: REPORT_MESSAGE_MAX,
                          })}
                        </Counter>
                      }
                    />
                  );
                }}
              </Field>
              <Actions>
                <Button $variant="secondary" onClick={onClose} disabled={submitting}>
                  {intl.formatMessage(messages.cancel)}
                </Button>
                <Button
                  type="submit"
                  $loading={submitting}
                  loadingLabel={intl.formatMessage(messages.submitting)}
                >
                  {intl.formatMessage(messages.submit)}
                </Button>
              </Actions>
            </form>
          )}
        </Form>
      </div>
    </Modal>
  );
}
