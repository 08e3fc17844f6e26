import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import { useEffect, useRef, type RefObject } from 'react';
import { Field, Form, type FormRenderProps } from 'react-final-form';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { REPORT_MESSAGE_MAX, reportSchema } from '../../../shared/validation/report';
import { errorStatus, fieldErrors, isValidationError } from '../../api/baseQuery';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { TextAreaField } from '../../ui/TextAreaField';
import { draftKey, removeDraft } from '../../ui/draft';
import { FormDraft, useCloseDraftedForm } from '../../ui/FormDraft';

import { showNotice } from '../notices/noticesSlice';
import { selectCurrentUser } from '../session/sessionApi';
import { reportMessages as messages } from './messages';
import { useReportTaskMutation } from './reportsApi';
import { questionMessages } from '../questions/messages';
import { useReportQuestionMutation } from '../questions/questionsApi';
import { focusFirstError } from '../../ui/formErrors';
import { FormAlert } from '../../ui/FormAlert';
import { theme } from '../../app/theme';

const Counter = styled.p<{ $over: boolean }>`
  margin: 0;
  justify-self: end;
  color: ${({ $over }) => ($over ? theme.colors.danger : theme.colors.textMuted)};
  font-size: ${theme.fontSizes.sm};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${theme.space.sm};
`;

interface ReportValues {
  message?: string;
}

const DRAFT_FIELDS = ['message'] as const;
const DRAFT_BASE = { message: '' };

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

/** The texts that name what is reported: the task, or one of its questions (issue 20). */
const QUESTION_TEXTS = {
  title: questionMessages.reportTitle,
  messageLabel: questionMessages.reportLabel,
  reported: questionMessages.reported,
  alreadyReported: questionMessages.alreadyReported,
};

export interface ReportModalProps {
  taskUuid: string;
  /** Reports this question of the task instead of the task. */
  questionId?: number;
  onClose: () => void;
}

/**
 * The report form (SPEC sections 3, 5, 8): a message of at most 5000 characters. 422 puts
 * errors.message on the field; 403 means this reporter already reported the task (or question):
 * a notice, and the modal closes.
 */
export function ReportModal({ taskUuid, questionId, onClose }: ReportModalProps) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [reportTask] = useReportTaskMutation();
  const [reportQuestion] = useReportQuestionMutation();
  const bodyRef = useRef<HTMLDivElement>(null);
  const me = useAppSelector(selectCurrentUser);
  // Visitors may report too: their draft is this tab's.
  const storageKey = draftKey(
    'report',
    me?.uuid ?? 'visitor',
    questionId === undefined ? taskUuid : `${taskUuid}-q${questionId}`,
  );
  const texts = questionId === undefined ? messages : { ...messages, ...QUESTION_TEXTS };

  const validate = (values: ReportValues) => {
    try {
      reportSchema.validateSync({ message: values.message ?? '' });
      return {};
    } catch {
      return { message: intl.formatMessage(messages.tooLong, { max: REPORT_MESSAGE_MAX }) };
    }
  };

  const onSubmit = async (values: ReportValues): Promise<SubmissionErrors | undefined> => {
    const message = (values.message ?? '').trim();
    const result =
      questionId === undefined
        ? await reportTask({ taskUuid, message })
        : await reportQuestion({ taskUuid, id: questionId, message });
    if ('error' in result && result.error) {
      const { error } = result;
      if (isValidationError(error)) {
        const errors = fieldErrors(error);
        return { message: errors.message ?? intl.formatMessage(messages.failed) };
      }
      if (errorStatus(error) === 403) {
        removeDraft(storageKey);
        dispatch(showNotice({ kind: 'info', message: texts.alreadyReported }));
        onClose();
        return undefined;
      }
      return { [FORM_ERROR]: intl.formatMessage(messages.failed) };
    }
    removeDraft(storageKey);
    dispatch(showNotice({ kind: 'success', message: texts.reported }));
    onClose();
    return undefined;
  };

  return (
    <Form<ReportValues>
      onSubmit={onSubmit}
      validate={validate}
      render={(props) => (
        <ReportDialog
          {...props}
          bodyRef={bodyRef}
          storageKey={storageKey}
          onClose={onClose}
          texts={texts}
        />
      )}
    />
  );
}

interface ReportDialogProps extends FormRenderProps<ReportValues> {
  texts: typeof messages;
  bodyRef: RefObject<HTMLDivElement | null>;
  storageKey: string;
  onClose: () => void;
}

/** The modal around the form: closing it with typed input asks first (discard clears the draft). */
function ReportDialog({
  handleSubmit,
  form,
  submitting,
  submitError,
  submitErrors,
  bodyRef,
  storageKey,
  onClose,
  texts,
}: ReportDialogProps) {
  const intl = useIntl();
  const { requestClose, dialog } = useCloseDraftedForm(form, storageKey, onClose);
  return (
    <>
      <Modal isOpen onClose={requestClose} size="md" title={intl.formatMessage(texts.title)}>
        <div ref={bodyRef}>
          <form onSubmit={handleSubmit} noValidate>
            <ScrollToSubmitErrors errors={submitErrors} container={bodyRef} />
            <FormDraft storageKey={storageKey} fields={DRAFT_FIELDS} base={DRAFT_BASE} />
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
                    label={intl.formatMessage(texts.messageLabel)}
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
              <Button $variant="secondary" onClick={requestClose} disabled={submitting}>
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
        </div>
      </Modal>
      {dialog}
    </>
  );
}
