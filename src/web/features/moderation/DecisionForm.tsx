import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import { useId } from 'react';
import { Field, Form } from 'react-final-form';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import {
  MODERATION_REASON_MAX,
  MODERATION_REASON_MIN,
  moderationNoteSchema,
  moderationReasonSchema,
  type ModerationReasonValues,
} from '../../../shared/validation/moderation';
import { fieldErrors, isValidationError } from '../../api/baseQuery';
import { useAppDispatch } from '../../app/hooks';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { shownError } from '../../ui/formErrors';
import { TextAreaField } from '../../ui/TextAreaField';
import { showNotice } from '../notices/noticesSlice';
import { validateWith } from '../registration/validationText';
import { moderationMessages as messages } from './messages';
import { useDecideMutation, type DecisionArgs, type PendingDecision } from './moderationApi';
import { theme } from '../../app/theme';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
`;

const Hint = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

/**
 * The reason of one decision (final-form, the shared schema: required 3-500 characters for hide,
 * dismiss and suspend; an optional note for restore and unsuspend). A 422 puts errors.reason on
 * the field; anything else shows above the form.
 */
export function DecisionForm({
  decision,
  title,
  onDone,
  onCancel,
}: {
  decision: PendingDecision;
  /** What is being decided, e.g. "Hide the task". */
  title: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [decide] = useDecideMutation();
  const hintId = useId();
  const optional = decision.action === 'restore' || decision.action === 'unsuspend';
  const schema = optional ? moderationNoteSchema : moderationReasonSchema;

  const onSubmit = async (
    values: ModerationReasonValues,
  ): Promise<SubmissionErrors | undefined> => {
    const result = await decide({
      ...decision,
      reason: (values.reason ?? '').trim(),
    } as DecisionArgs);
    if ('error' in result && result.error) {
      if (isValidationError(result.error)) {
        const errors = fieldErrors(result.error);
        return { reason: errors.reason ?? intl.formatMessage(messages.failed) };
      }
      return { [FORM_ERROR]: intl.formatMessage(messages.failed) };
    }
    dispatch(showNotice({ kind: 'success', message: messages.done }));
    onDone();
    return undefined;
  };

  return (
    <Form<ModerationReasonValues>
      onSubmit={onSubmit}
      initialValues={{ reason: '' }}
      validate={(values) => validateWith(intl, schema, { reason: values.reason ?? '' })}
      render={({ handleSubmit, submitting, submitError }) => (
        <form onSubmit={handleSubmit} noValidate aria-label={title}>
          {submitError && <FormAlert role="alert">{String(submitError)}</FormAlert>}
          <Field<string> name="reason">
            {({ input, meta }) => (
              <TextAreaField
                {...input}
                label={`${title}: ${intl.formatMessage(messages.reasonLabel)}`}
                error={shownError(meta)}
                hintId={hintId}
                hint={
                  <Hint id={hintId}>
                    {optional
                      ? intl.formatMessage(messages.noteHint, { max: MODERATION_REASON_MAX })
                      : intl.formatMessage(
                          // A question's asker is not shown the reason: only the log keeps it.
                          decision.target === 'questions'
                            ? messages.questionReasonHint
                            : messages.reasonHint,
                          {
                            min: MODERATION_REASON_MIN,
                            max: MODERATION_REASON_MAX,
                          },
                        )}
                  </Hint>
                }
                rows={3}
                maxLength={MODERATION_REASON_MAX * 2}
                required={!optional}
                // The form opens on a click: the reason is what comes next.
                autoFocus
              />
            )}
          </Field>
          <Actions>
            <Button type="submit" $variant="danger" disabled={submitting}>
              {intl.formatMessage(submitting ? messages.sending : messages.confirm)}
            </Button>
            <Button type="button" $variant="secondary" onClick={onCancel} disabled={submitting}>
              {intl.formatMessage(messages.cancel)}
            </Button>
          </Actions>
        </form>
      )}
    />
  );
}
