import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Field, Form } from 'react-final-form';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import type { IncompleteReason } from '../../../shared/types';
import {
  completionSchema,
  FEEDBACK_MAX,
  FEEDBACK_MIN,
  type CompletionStatus,
} from '../../../shared/validation/completion';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { machineDevtools } from '../../app/inspector';
import { selectLocale } from '../../i18n/i18nSlice';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { StarRating } from '../../ui/StarRating';
import { TextAreaField } from '../../ui/TextAreaField';
import { draftKey, removeDraft } from '../../ui/draft';
import { FormDraft } from '../../ui/FormDraft';
import { showNotice } from '../notices/noticesSlice';
import { selectCurrentUser } from '../session/sessionApi';
import { useCompleteTaskMutation, useGetIncompleteReasonsQuery } from './completionApi';
import {
  completionNotice,
  completionWizardMachine,
  type CompletionNoticeText,
  type CompletionRequestBody,
  type CompletionResult,
  type CompletionWizardContext,
} from './completionWizard.machine';
import { completionMessages as messages } from './messages';
import { focusFirstError } from '../../ui/formErrors';
import { reasonsForRole } from './reasons';
import { ErrorLine } from '../../ui/TextField';
import { FormAlert } from '../../ui/FormAlert';
import { theme } from '../../app/theme';

const Fieldset = styled.fieldset`
  margin: 0 0 ${theme.space.md};
  padding: 0;
  border: 0;
`;

const Legend = styled.legend`
  margin-bottom: ${theme.space.sm};
  font-weight: 600;
`;

const Choice = styled.label`
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
  min-height: 44px;
  cursor: pointer;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${theme.space.sm};
`;

/** The success text by what the server says happened (completionNotice). */
const NOTICE_TEXT = {
  completed: messages.kindCompleted,
  incomplete: messages.kindIncomplete,
  cancelled: messages.kindCancelled,
  reviewed: messages.reviewed,
  answered: messages.answered,
} as const satisfies Record<CompletionNoticeText, unknown>;

const Note = styled.p`
  margin: 0 0 ${theme.space.md};
`;

interface ReasonValues {
  reason_id?: string;
}

interface RatingValues {
  rate: number;
  feedback?: string;
}

export interface CompletionWizardProps {
  taskUuid: string;
  outcome: CompletionStatus;
  /** The owner chooses from the customer reasons, the chosen freelancer from the freelancer ones. */
  isOwner: boolean;
  /**
   * The other party has already locked the task with this status: the answer is only this party's
   * review (completionStep 'review'). Null: the answer locks the task.
   */
  review?: 'completed' | 'incomplete' | null;
  onClose: () => void;
}

/** The feedback form of SPEC section 4 in a modal, driven by completionWizardMachine. */
export function CompletionWizard({
  taskUuid,
  outcome,
  isOwner,
  review = null,
  onClose,
}: CompletionWizardProps) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [completeTask] = useCompleteTaskMutation();

  // Provided once: the machine's actor must not change between renders (RTK's trigger is stable).
  const [machine] = useState(() =>
    completionWizardMachine.provide({
      actors: {
        submitCompletion: fromPromise<CompletionResult, CompletionRequestBody>(({ input }) =>
          completeTask({ taskUuid, ...input }).unwrap(),
        ),
      },
    }),
  );
  // The Stately inspector in development (opt-in) and `completion/wizard/<event>` actions for Redux
  // DevTools, one per event the machine processed, with the state value after it.
  const [inspect] = useState(() => machineDevtools('completion/wizard', dispatch));
  const actor = useActorRef(machine, { input: { outcome }, inspect });
  const snapshot = useSelector(actor, (s) => s);
  const { context } = snapshot;
  const bodyRef = useRef<HTMLDivElement>(null);
  // What was typed survives the session ending (419 -> login -> back): one draft per step.
  const me = useAppSelector(selectCurrentUser);
  const meUuid = me?.uuid ?? 'visitor';
  const drafts = useMemo(
    () => ({
      reason: draftKey('completion', meUuid, taskUuid, outcome, 'reason'),
      rating: draftKey('completion', meUuid, taskUuid, outcome, 'rating'),
    }),
    [meUuid, taskUuid, outcome],
  );

  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  const done = snapshot.status === 'done';
  const notice = done ? completionNotice(context) : null;
  const noticeText = notice?.text;
  const noticeStatus = notice?.taskStatus ?? 'none';
  useEffect(() => {
    if (!noticeText) return;
    dispatch(
      showNotice({
        kind: 'success',
        message: NOTICE_TEXT[noticeText],
        values: { status: noticeStatus },
      }),
    );
    onCloseRef.current();
  }, [noticeText, noticeStatus, dispatch]);

  // Sent: the drafts are done with.
  useEffect(() => {
    if (!done) return;
    removeDraft(drafts.reason);
    removeDraft(drafts.rating);
  }, [done, drafts]);

  useEffect(() => {
    if (Object.keys(context.fieldErrors).length > 0) focusFirstError(bodyRef.current);
  }, [context.fieldErrors]);

  const submitting = snapshot.matches('submitting');
  const step =
    snapshot.matches('reason') || (submitting && !isRatedStep(context)) ? 'reason' : 'rating';

  return (
    <Modal
      isOpen
      onClose={onClose}
      closeOnlyViaActions={false}
      size="md"
      title={intl.formatMessage(
        review
          ? messages.titleReview
          : outcome === 'completed'
            ? messages.titleCompleted
            : messages.titleIncomplete,
      )}
    >
      <div ref={bodyRef}>
        {review && <Note>{intl.formatMessage(messages.reviewNote, { status: review })}</Note>}
        {context.failed && (
          <FormAlert role="alert">{intl.formatMessage(messages.failed)}</FormAlert>
        )}
        {step === 'reason' ? (
          <ReasonStep
            storageKey={drafts.reason}
            context={context}
            isOwner={isOwner}
            submitting={submitting}
            onCancel={onClose}
            onNext={(reason) => actor.send({ type: 'NEXT', reason })}
          />
        ) : (
          <RatingStep
            storageKey={drafts.rating}
            context={context}
            submitting={submitting}
            onCancel={onClose}
            onBack={(values) =>
              actor.send({ type: 'BACK', rate: values.rate, feedback: values.feedback ?? null })
            }
            onSubmit={(values) =>
              actor.send({ type: 'SUBMIT', rate: values.rate, feedback: values.feedback ?? null })
            }
          />
        )}
      </div>
    </Modal>
  );
}

const isRatedStep = (context: CompletionWizardContext): boolean =>
  context.outcome === 'completed' || context.feedbackRequired === true;

const REASON_FIELDS = ['reason_id'] as const;
const REASON_BASE = { reason_id: undefined };
const RATING_FIELDS = ['rate', 'feedback'] as const;
const RATING_BASE = { rate: 0, feedback: '' };

interface ReasonStepProps {
  storageKey: string;
  context: CompletionWizardContext;
  isOwner: boolean;
  submitting: boolean;
  onCancel: () => void;
  onNext: (reason: IncompleteReason) => void;
}

function ReasonStep({
  storageKey,
  context,
  isOwner,
  submitting,
  onCancel,
  onNext,
}: ReasonStepProps) {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const { data, isLoading, isError, refetch } = useGetIncompleteReasonsQuery(locale);
  const reasons = reasonsForRole(data ?? [], isOwner);
  const find = (id: string | undefined) => reasons.find((reason) => String(reason.id) === id);

  if (isLoading) return <Spinner label={intl.formatMessage(messages.reasonsLoading)} />;
  if (isError) {
    return (
      <>
        <FormAlert role="alert">{intl.formatMessage(messages.reasonsFailed)}</FormAlert>
        <Button $variant="secondary" onClick={() => void refetch()}>
          {intl.formatMessage(messages.retry)}
        </Button>
      </>
    );
  }

  const validate = (values: ReasonValues) => {
    const reason = find(values.reason_id);
    try {
      completionSchema.validateSyncAt(
        'reason_id',
        { status: 'incomplete', reason_id: reason?.id ?? null },
        { context: { reasons } },
      );
      return {};
    } catch {
      return { reason_id: intl.formatMessage(messages.reasonRequired) };
    }
  };

  return (
    <Form<ReasonValues>
      onSubmit={(values) => {
        const reason = find(values.reason_id);
        if (reason) onNext(reason);
      }}
      validate={validate}
      initialValues={{
        reason_id: context.reason_id === null ? undefined : String(context.reason_id),
      }}
    >
      {({ handleSubmit, values, errors, submitFailed, dirtySinceLastSubmit }) => {
        const clientError = submitFailed ? errors?.reason_id : undefined;
        const serverError = dirtySinceLastSubmit ? undefined : context.fieldErrors.reason_id;
        const error = (clientError as string | undefined) ?? serverError;
        const chosen = find(values.reason_id);
        const goesOn = chosen?.feedback_required ?? true;
        return (
          <form onSubmit={handleSubmit} noValidate>
            <FormDraft storageKey={storageKey} fields={REASON_FIELDS} base={REASON_BASE} />
            <Fieldset
              role="radiogroup"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'completion-reason-error' : undefined}
            >
              <Legend>{intl.formatMessage(messages.reasonLegend)}</Legend>
              {reasons.map((reason) => (
                <Field<string>
                  key={reason.id}
                  name="reason_id"
                  type="radio"
                  value={String(reason.id)}
                >
                  {({ input }) => (
                    <Choice>
                      <input {...input} disabled={submitting} />
                      {reason.title}
                    </Choice>
                  )}
                </Field>
              ))}
              <ErrorLine id="completion-reason-error" error={error} />
            </Fieldset>
            <Actions>
              <Button $variant="secondary" onClick={onCancel} disabled={submitting}>
                {intl.formatMessage(messages.cancel)}
              </Button>
              <Button
                type="submit"
                $loading={submitting}
                loadingLabel={intl.formatMessage(messages.submitting)}
              >
                {intl.formatMessage(goesOn ? messages.next : messages.submit)}
              </Button>
            </Actions>
          </form>
        );
      }}
    </Form>
  );
}

interface RatingStepProps {
  storageKey: string;
  context: CompletionWizardContext;
  submitting: boolean;
  onCancel: () => void;
  onBack: (values: RatingValues) => void;
  onSubmit: (values: RatingValues) => void;
}

function RatingStep({
  storageKey,
  context,
  submitting,
  onCancel,
  onBack,
  onSubmit,
}: RatingStepProps) {
  const intl = useIntl();

  const validate = (values: RatingValues) => {
    const errors: Partial<Record<keyof RatingValues, string>> = {};
    try {
      completionSchema.validateSync(
        {
          status: context.outcome,
          reason_id: context.reason_id,
          rate: values.rate,
          feedback: values.feedback ?? null,
        },
        {
          abortEarly: false,
          context:
            context.reason_id === null
              ? {}
              : { reasons: [{ id: context.reason_id, feedback_required: true }] },
        },
      );
    } catch (error) {
      const inner = (error as { inner?: Array<{ path?: string }> }).inner ?? [];
      for (const item of inner) {
        if (item.path === 'rate') errors.rate = intl.formatMessage(messages.rateRequired);
        if (item.path === 'feedback') {
          errors.feedback = intl.formatMessage(messages.feedbackLength, {
            min: FEEDBACK_MIN,
            max: FEEDBACK_MAX,
          });
        }
      }
    }
    return errors;
  };

  return (
    <Form<RatingValues>
      onSubmit={onSubmit}
      validate={validate}
      initialValues={{ rate: context.rate, feedback: context.feedback ?? '' }}
    >
      {({ handleSubmit, form }) => (
        <form onSubmit={handleSubmit} noValidate>
          <FormDraft storageKey={storageKey} fields={RATING_FIELDS} base={RATING_BASE} />
          <Field<number> name="rate">
            {({ input, meta }) => (
              <StarRating
                id="completion-rate"
                value={input.value || 0}
                onChange={input.onChange}
                onBlur={input.onBlur}
                label={intl.formatMessage(messages.ratingLabel)}
                starLabel={(stars) => intl.formatMessage(messages.star, { stars })}
                error={
                  (meta.submitFailed || meta.touched
                    ? (meta.error as string | undefined)
                    : undefined) ??
                  (meta.dirtySinceLastSubmit ? undefined : context.fieldErrors.rate)
                }
              />
            )}
          </Field>
          <Field<string> name="feedback">
            {({ input, meta }) => {
              const error =
                (meta.touched ? (meta.error as string | undefined) : undefined) ??
                (meta.dirtySinceLastSubmit ? undefined : context.fieldErrors.feedback);
              return (
                <TextAreaField
                  {...input}
                  id="completion-feedback"
                  label={intl.formatMessage(messages.feedbackLabel)}
                  error={error}
                  maxLength={FEEDBACK_MAX}
                  disabled={submitting}
                />
              );
            }}
          </Field>
          <Actions>
            {context.outcome === 'incomplete' && (
              <Button
                $variant="link"
                disabled={submitting}
                onClick={() => onBack(form.getState().values)}
              >
                {intl.formatMessage(messages.back)}
              </Button>
            )}
            <Button $variant="secondary" onClick={onCancel} disabled={submitting}>
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
  );
}
