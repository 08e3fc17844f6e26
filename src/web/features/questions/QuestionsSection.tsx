/**
 * Public questions on a task, under its description (issue 20; docs/QUESTIONS.md). Everyone sees
 * the questions and the owner's answers; contacts come from the API as CONTACT_MARKER until an
 * offer is chosen and show as a translated "[hidden]". Anyone signed in but the owner asks while the
 * questions are open; the owner answers (and may change the answer while open) and hides; anyone
 * but a question's asker reports it. The server renders the section with the task page (prefetched
 * in app/prefetch.ts); a push (tasks.view) refetches it (push/pushActions.ts refetchTask).
 */
import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import { useState } from 'react';
import { Field, Form } from 'react-final-form';
import { useIntl, type IntlShape } from 'react-intl';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { splitMasked } from '../../../shared/contactMask';
import type { Locale } from '../../../shared/locales';
import { relativeTimeParts } from '../../../shared/relativeTime';
import type { TaskQuestion } from '../../../shared/types';
import {
  ANSWER_MAX,
  QUESTION_MAX,
  QUESTION_MIN,
  answerSchema,
  questionSchema,
} from '../../../shared/validation/question';
import { errorStatus, fieldErrors, isValidationError } from '../../api/baseQuery';
import { useNow } from '../../app/clock';
import { useAppDispatch } from '../../app/hooks';
import { routePath } from '../../i18n/routes';
import { Avatar } from '../../ui/Avatar';
import { Button, ButtonLink } from '../../ui/Button';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { FormAlert } from '../../ui/FormAlert';
import { TextAreaField } from '../../ui/TextAreaField';
import { showNotice } from '../notices/noticesSlice';
import { ReportControl } from '../reports/ReportControl';
import { questionMessages as messages } from './messages';
import {
  useAnswerQuestionMutation,
  useAskQuestionMutation,
  useGetQuestionsQuery,
  useHideQuestionMutation,
} from './questionsApi';

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const HeadRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${({ theme }) => theme.space.sm};
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const List = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  min-width: 0;
`;

const Asker = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  strong {
    overflow-wrap: anywhere;
  }

  time {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Text = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Answer = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  margin-left: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-left: 3px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

const AnswerLabel = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
`;

const Hidden = styled.span`
  padding: 0 ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.secondary};
  color: ${({ theme }) => theme.colors.secondaryText};
  font-style: italic;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const FormGrid = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};

  textarea {
    min-height: 96px;
  }
`;

const Counter = styled.p<{ $over: boolean }>`
  margin: 0;
  justify-self: end;
  color: ${({ theme, $over }) => ($over ? theme.colors.danger : theme.colors.textMuted)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** A served text: its plain parts, and each contact marker as the translated "[hidden]". */
export function MaskedText({ text }: { text: string }) {
  const intl = useIntl();
  const hidden = intl.formatMessage(messages.hidden);
  const title = intl.formatMessage(messages.hiddenTitle);
  return (
    <Text>
      {splitMasked(text).map((part, index) =>
        part.hidden ? (
          // Parts have no identity but their order.
          <Hidden key={index} title={title} data-testid="contact-hidden">
            {hidden}
          </Hidden>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </Text>
  );
}

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
  /** Resolves to the errors to show, or undefined when sent. */
  onSend: (message: string) => Promise<SubmissionErrors | undefined>;
  onCancel?: () => void;
}

/** A question's or an answer's form (final-form): one text area with a counter. */
function MessageForm({
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
        const errors = await onSend((values.message ?? '').trim());
        if (!errors) setRound((value) => value + 1);
        return errors;
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

interface QuestionItemProps {
  question: TaskQuestion;
  taskUuid: string;
  open: boolean;
  isOwner: boolean;
  meUuid: string | undefined;
  now: Date;
}

function QuestionItem({ question, taskUuid, open, isOwner, meUuid, now }: QuestionItemProps) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [answerQuestion] = useAnswerQuestionMutation();
  const [hideQuestion, { isLoading: hiding }] = useHideQuestionMutation();
  const [answering, setAnswering] = useState(false);
  const [confirmHide, setConfirmHide] = useState(false);
  const name = question.author?.display_name ?? intl.formatMessage(messages.deletedUser);
  const asked = relativeTimeParts(question.created_at, now);
  const mine = meUuid !== undefined && question.author?.uuid === meUuid;
  const showAnswerForm = isOwner && open && (question.answer === null || answering);

  const sendAnswer = async (message: string) => {
    const result = await answerQuestion({ taskUuid, id: question.id, message });
    if ('error' in result && result.error) return submitErrors(intl, result.error);
    setAnswering(false);
    dispatch(showNotice({ kind: 'success', message: messages.answered }));
    return undefined;
  };

  const hide = async () => {
    const result = await hideQuestion({ taskUuid, id: question.id });
    setConfirmHide(false);
    if (!('error' in result && result.error)) {
      dispatch(showNotice({ kind: 'success', message: messages.hiddenNotice }));
    }
  };

  return (
    <Item data-testid="question">
      <Asker>
        <Avatar
          src={question.author?.photo?.thumbnail}
          name={name}
          alt=""
          size={32}
          deleted={question.author === null}
        />
        <strong>{name}</strong>
        <time dateTime={question.created_at}>
          {intl.formatRelativeTime(asked.value, asked.unit, {
            numeric: asked.unit === 'second' ? 'auto' : 'always',
          })}
        </time>
      </Asker>
      <MaskedText text={question.message} />
      {question.answer && !answering && (
        <Answer data-testid="question-answer">
          <AnswerLabel>{intl.formatMessage(messages.answerBy)}</AnswerLabel>
          <MaskedText text={question.answer.message} />
        </Answer>
      )}
      {showAnswerForm && (
        <MessageForm
          id={`question-${question.id}-answer`}
          kind="answer"
          label={intl.formatMessage(messages.answerLabel)}
          submitLabel={intl.formatMessage(
            question.answer ? messages.answerSave : messages.answerSubmit,
          )}
          initialValue={answering ? question.answer?.message : undefined}
          onSend={sendAnswer}
          onCancel={answering ? () => setAnswering(false) : undefined}
        />
      )}
      <Actions>
        {isOwner && open && question.answer && !answering && (
          <Button $variant="link" onClick={() => setAnswering(true)}>
            {intl.formatMessage(messages.answerEdit)}
          </Button>
        )}
        {isOwner && (
          <Button $variant="link" onClick={() => setConfirmHide(true)}>
            {intl.formatMessage(messages.hide)}
          </Button>
        )}
        {!mine && <ReportControl taskUuid={taskUuid} questionId={question.id} />}
      </Actions>
      <ConfirmModal
        isOpen={confirmHide}
        title={intl.formatMessage(messages.hideTitle)}
        onConfirm={() => void hide()}
        onCancel={() => setConfirmHide(false)}
        loading={hiding}
        confirmLabel={intl.formatMessage(messages.hide)}
        cancelLabel={intl.formatMessage(messages.cancel)}
        confirmVariant="danger"
      >
        <p>{intl.formatMessage(messages.hideBody)}</p>
      </ConfirmModal>
    </Item>
  );
}

export interface QuestionsSectionProps {
  taskUuid: string;
  /** The task's owner (null once deleted). */
  ownerUuid: string | null;
  /** The signed-in viewer, if any. */
  meUuid: string | undefined;
  locale: Locale;
}

export function QuestionsSection({ taskUuid, ownerUuid, meUuid, locale }: QuestionsSectionProps) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const now = useNow();
  const { data } = useGetQuestionsQuery(taskUuid);
  const [askQuestion] = useAskQuestionMutation();
  if (!data) return null;
  const isOwner = meUuid !== undefined && meUuid === ownerUuid;
  const { questions, open, masked } = data;

  const ask = async (message: string) => {
    const result = await askQuestion({ taskUuid, message });
    if ('error' in result && result.error) return submitErrors(intl, result.error);
    dispatch(showNotice({ kind: 'success', message: messages.asked }));
    return undefined;
  };

  let askArea = null;
  if (!open)
    askArea = <Muted data-testid="questions-closed">{intl.formatMessage(messages.closed)}</Muted>;
  else if (meUuid === undefined) {
    const next = { next: `${location.pathname}${location.search}` };
    askArea = (
      <div>
        <ButtonLink $variant="secondary" to={routePath(locale, 'login', {}, next)}>
          {intl.formatMessage(messages.askLogin)}
        </ButtonLink>
      </div>
    );
  } else if (!isOwner) {
    askArea = (
      <MessageForm
        id="question-ask"
        kind="question"
        label={intl.formatMessage(messages.askLabel)}
        submitLabel={intl.formatMessage(messages.askSubmit)}
        onSend={ask}
      />
    );
  }

  return (
    <Section aria-labelledby="task-questions-title" data-testid="task-questions">
      <HeadRow>
        <h2 id="task-questions-title">{intl.formatMessage(messages.heading)}</h2>
        {questions.length > 0 && (
          <Muted as="span">{intl.formatMessage(messages.count, { count: questions.length })}</Muted>
        )}
      </HeadRow>
      {masked && <Muted>{intl.formatMessage(messages.maskedNote)}</Muted>}
      {questions.length === 0 ? (
        <Muted>{intl.formatMessage(messages.empty)}</Muted>
      ) : (
        <List>
          {questions.map((question) => (
            <QuestionItem
              key={question.id}
              question={question}
              taskUuid={taskUuid}
              open={open}
              isOwner={isOwner}
              meUuid={meUuid}
              now={now}
            />
          ))}
        </List>
      )}
      {askArea}
    </Section>
  );
}
