/**
 * A question's or an answer's form (issue 20): final-form, one text area with a counter, checked
 * with the shared schema (src/shared/validation/question.ts) before sending. Loaded lazily by
 * QuestionsSection for those who may write.
 */
import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import { useState } from 'react';
import { Field, Form } from 'react-final-form';
import { useIntl, type IntlShape } from 'react-intl';
import styled from 'styled-components';
import {
  ANSWER_MAX,
  QUESTION_MAX,
  QUESTION_MIN,
  answerSchema,
  questionSchema,
} from '../../../shared/validation/question';
import { errorStatus, fieldErrors, isValidationError } from '../../api/baseQuery';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { TextAreaField } from '../../ui/TextAreaField';
import { questionMessages as messages } from './messages';
import { theme } from '../../app/theme';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.sm};
`;

const FormGrid = styled.form`
  display: grid;
  gap: ${theme.space.xs};

  textarea {
    min-height: 96px;
  }
`;

const Counter = styled.p<{ $over: boolean }>`
  margin: 0;
  justify-self: end;
  color: ${({ $over }) => ($over ? theme.colors.danger : theme.colors.textMuted)};
  font-size: ${theme.fontSizes.sm};
`;

/** The shared schema's verdict as this section's own texts (the task page's catalog part). */
function validateMessage(
  intl: IntlShape,
  kind: 'question' | 'answer',
  message: string | undefined,
): string | undefined {
  const value = message ?? '';
  const schema = kind === 'question' ? questionSchema : answerSchema;
  try {
    schema.validateSync({ message: value });
    return undefined;
  } catch {
    const max = kind === 'question' ? QUESTION_MAX : ANSWER_MAX;
    if (value.trim() === '') return intl.formatMessage(messages.required);
    if (value.trim().length > max) return intl.formatMessage(messages.tooLong, { max });
    return intl.formatMessage(messages.tooShort, { min: QUESTION_MIN });
  }
}

/** What a failed write shows: the field's 422 error, else the API's reason (403), else 'failed'. */
function submitErrors(intl: IntlShape, error: unknown): SubmissionErrors {
  if (isValidationError(error)) {
    const errors = fieldErrors(error);
    return { message: errors.message ?? intl.formatMessage(messages.failed) };
  }
  const reason =
    errorStatus(error) === 403 ? (error as { data?: { message?: unknown } }).data?.message : null;
  return {
    [FORM_ERROR]: typeof reason === 'string' ? reason : intl.formatMessage(messages.failed),
  };
}

interface MessageFormProps {
  id: string;
  kind: 'question' | 'answer';
  label: string;
  submitLabel: string;
  initialValue?: string;
  /** Resolves to the API's error, or undefined when sent. */
  onSend: (message: string) => Promise<{ error: unknown } | undefined>;
  onCancel?: () => void;
}

export function QuestionForm({
  id,
  kind,
  label,
  submitLabel,
  initialValue,
  onSend,
  onCancel,
}: MessageFormProps) {
  const intl = useIntl();
  // A sent form starts again empty: a new key mounts a fresh one.
  const [round, setRound] = useState(0);
  const max = kind === 'question' ? QUESTION_MAX : ANSWER_MAX;
  return (
    <Form<{ message?: string }>
      key={round}
      initialValues={{ message: initialValue ?? '' }}
      validate={(values) => {
        const error = validateMessage(intl, kind, values.message);
        return error ? { message: error } : {};
      }}
      onSubmit={async (values) => {
        const failed = await onSend((values.message ?? '').trim());
        if (!failed) {
          setRound((value) => value + 1);
          return undefined;
        }
        return submitErrors(intl, failed.error);
      }}
      render={({ handleSubmit, submitting, submitError }) => (
        <FormGrid onSubmit={handleSubmit} noValidate data-testid={`${kind}-form`}>
          {submitError && <FormAlert role="alert">{String(submitError)}</FormAlert>}
          <Field<string> name="message">
            {({ input, meta }) => {
              const length = (input.value ?? '').length;
              const error =
                (meta.submitFailed ? (meta.error as string | undefined) : undefined) ??
                (meta.submitError && !meta.dirtySinceLastSubmit
                  ? String(meta.submitError)
                  : undefined);
              return (
                <TextAreaField
                  {...input}
                  id={id}
                  label={label}
                  error={error}
                  maxLength={max + 100}
                  hintId={`${id}-counter`}
                  hint={
                    <Counter id={`${id}-counter`} $over={length > max}>
                      {intl.formatMessage(messages.counter, { count: length, max })}
                    </Counter>
                  }
                />
              );
            }}
          </Field>
          <Actions>
            <Button
              type="submit"
              $loading={submitting}
              loadingLabel={intl.formatMessage(messages.submitting)}
            >
              {submitLabel}
            </Button>
            {onCancel && (
              <Button $variant="secondary" onClick={onCancel} disabled={submitting}>
                {intl.formatMessage(messages.cancel)}
              </Button>
            )}
          </Actions>
        </FormGrid>
      )}
    />
  );
}
