/**
 * Public questions on a task, under its description (issue 20; docs/QUESTIONS.md). Everyone sees
 * the questions and the owner's answers; contacts come from the API as CONTACT_MARKER until an
 * offer is chosen and show as a translated "[hidden]". Anyone signed in but the owner asks while the
 * questions are open; the owner answers (and may change the answer while open) and hides; anyone
 * but a question's asker reports it. The server renders the section with the task page (prefetched
 * in app/prefetch.ts); a push (tasks.view) refetches it (push/pushActions.ts refetchTask).
 */
import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { splitMasked } from '../../../shared/maskedText';
import type { Locale } from '../../../shared/locales';
import { relativeTimeParts } from '../../../shared/relativeTime';
import type { TaskQuestion } from '../../../shared/types';
import { useNow } from '../../app/clock';
import { useAppDispatch } from '../../app/hooks';
import { routePath } from '../../i18n/routes';
import { Avatar } from '../../ui/Avatar';
import { Button, ButtonLink } from '../../ui/Button';
import { showNotice } from '../notices/noticesSlice';
import { ReportControl } from '../reports/ReportControl';
import { questionMessages as messages } from './messages';
import {
  useAnswerQuestionMutation,
  useAskQuestionMutation,
  useGetQuestionsQuery,
  useHideQuestionMutation,
} from './questionsApi';
import { theme } from '../../app/theme';

// The forms (final-form, the shared yup schema) load only for those who may write: a visitor's
// page stays without them. The server render waits for them, so the HTML has them too.
// Only the task's owner may hide a question: the confirmation loads when they ask for it.
const ConfirmModal = lazy(() =>
  import(/* webpackChunkName: "confirm-modal" */ '../../ui/ConfirmModal').then((module) => ({
    default: module.ConfirmModal,
  })),
);

const MessageForm = lazy(() =>
  import(/* webpackChunkName: "question-form" */ './QuestionForm').then((module) => ({
    default: module.QuestionForm,
  })),
);

const Section = styled.section`
  display: grid;
  gap: ${theme.space.md};

  h2 {
    margin: 0;
    font-size: ${theme.fontSizes.lg};
  }
`;

const HeadRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${theme.space.sm};
`;

const Muted = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

const List = styled.ol`
  display: grid;
  gap: ${theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: grid;
  gap: ${theme.space.sm};
  padding: ${theme.space.md};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  min-width: 0;
`;

const Asker = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
  min-width: 0;
  font-size: ${theme.fontSizes.sm};

  strong {
    overflow-wrap: anywhere;
  }

  time {
    color: ${theme.colors.textMuted};
  }
`;

const Text = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Answer = styled.div`
  display: grid;
  gap: ${theme.space.xs};
  margin-left: ${theme.space.md};
  padding: ${theme.space.sm} ${theme.space.md};
  border-left: 3px solid ${theme.colors.primary};
  background: ${theme.colors.surface};
  border-radius: ${theme.radii.sm};
`;

const AnswerLabel = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.sm};
  font-weight: 600;
`;

const Hidden = styled.span`
  padding: 0 ${theme.space.xs};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.secondary};
  color: ${theme.colors.secondaryText};
  font-style: italic;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.sm};
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
    if ('error' in result && result.error) return { error: result.error };
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
        <Suspense fallback={null}>
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
        </Suspense>
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
      {confirmHide && (
        <Suspense fallback={null}>
          <ConfirmModal
            isOpen
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
        </Suspense>
      )}
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
    if ('error' in result && result.error) return { error: result.error };
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
      <Suspense fallback={null}>
        <MessageForm
          id="question-ask"
          kind="question"
          label={intl.formatMessage(messages.askLabel)}
          submitLabel={intl.formatMessage(messages.askSubmit)}
          onSend={ask}
        />
      </Suspense>
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
