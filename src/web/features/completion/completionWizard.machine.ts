/**
 * The completion (feedback) wizard (SPEC section 4 'Completion flow', section 5 'Completion').
 *
 *   outcome ─┬─ completed ──> rating ─SUBMIT─> submitting ─┬─> done (completed | incomplete | cancelled)
 *            └─ incomplete ─> reason ─NEXT─┬─ feedback_required ─> rating (BACK -> reason)
 *                                          └─ otherwise ─> submitting with rate 0, feedback null
 *   submitting ─ 422 ─> the step again with the server's field errors
 *              ─ other failure ─> the step again, everything typed kept, `failed` set (retry)
 *   done ─ completionNotice(context): the success text says what happened (issue 16)
 *
 * - The outcome is the button pressed (input); the machine never changes it.
 * - The POST is the named actor `submitCompletion` (fromPromise over the body built by
 *   completionRequestBody); the wizard provides the real call, tests swap it with `.provide()`.
 * - The body must pass src/shared/validation/completion.ts on the server: reason_id only when
 *   incomplete, rate 0 and feedback null when the reason does not require feedback.
 * - The server's answer says whether the submission locked the task (`step` 'lock': its status is
 *   now the outcome) or only added the party's review to a task the other party had locked
 *   (`step` 'review': the status stays). The wizard's success text follows the answer, not what the
 *   page showed when the form opened (the other party may have locked the task meanwhile).
 */
import { and, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { statusGroup, type CompletionStep as AnswerStep } from '../../../shared/taskLifecycle';
import type { Task } from '../../../shared/types';
import type {
  CompletionKind,
  CompletionReason,
  CompletionStatus,
} from '../../../shared/validation/completion';

export type { AnswerStep, CompletionKind, CompletionReason, CompletionStatus };

export interface CompletionWizardInput {
  outcome: CompletionStatus;
}

/** POST /api/tasks/{taskUuid}/complete */
export interface CompletionRequestBody {
  status: CompletionStatus;
  reason_id: number | null;
  rate: number;
  feedback: string | null;
}

export interface CompletionResult {
  kind: CompletionKind;
  /** 'lock': this answer decided the task's status; 'review': it only added the party's review. */
  step?: AnswerStep;
  task?: Task;
}

export type CompletionStep = 'reason' | 'rating';

export interface CompletionWizardContext {
  outcome: CompletionStatus;
  reason_id: number | null;
  /** Whether the chosen reason asks for rate and feedback (null before a reason is chosen). */
  feedbackRequired: boolean | null;
  /** 0 means no star chosen yet. */
  rate: number;
  feedback: string | null;
  /** The server's 422 field errors, first message per field. */
  fieldErrors: Record<string, string>;
  /** The last submit failed for another reason (network, 5xx): the user may retry. */
  failed: boolean;
  kind: CompletionKind | null;
  /** From the server's answer (absent: a lock). */
  step: AnswerStep | null;
  /** The task's status after the answer, as the server sent it. */
  taskStatus: string | null;
}

export type CompletionWizardEvent =
  | { type: 'NEXT'; reason: CompletionReason }
  | { type: 'SUBMIT'; rate: number; feedback: string | null }
  | { type: 'BACK'; rate?: number; feedback?: string | null };

/** The body of the POST for what the context holds (SPEC section 4: cancelled -> rate 0, null). */
export function completionRequestBody(context: CompletionWizardContext): CompletionRequestBody {
  const incomplete = context.outcome === 'incomplete';
  const rated = !incomplete || context.feedbackRequired === true;
  const feedback = context.feedback?.trim() ?? '';
  return {
    status: context.outcome,
    reason_id: incomplete ? context.reason_id : null,
    rate: rated ? context.rate : 0,
    feedback: rated && feedback !== '' ? feedback : null,
  };
}

/** First message per field of a 422 body ({ errors: { field: [message] } }), or null. */
export function validationFieldErrors(error: unknown): Record<string, string> | null {
  if (!error || typeof error !== 'object') return null;
  const { status, data } = error as { status?: unknown; data?: unknown };
  if (status !== 422 || !data || typeof data !== 'object') return null;
  const errors: unknown = (data as { errors?: unknown }).errors;
  if (!errors || typeof errors !== 'object') return null;
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (Array.isArray(messages) && typeof messages[0] === 'string') out[field] = messages[0];
  }
  return out;
}

const isRated = (context: CompletionWizardContext): boolean =>
  context.outcome === 'completed' || context.feedbackRequired === true;

const SERVER_CONTRACT = `The feedback form the owner or the chosen freelancer fills in to lock an in-progress task. The outcome is the button pressed; the body is built by \`completionRequestBody\` and POSTed by the named actor \`submitCompletion\` to /api/tasks/{taskUuid}/complete.

What must stay in step with the server (src/shared/validation/completion.ts and the complete route):

- completed: status completed, reason_id null, rate 1..5, feedback null or 5..1000 characters.
- incomplete with a reason that has feedback_required: status incomplete, the reason_id, rate 1..5, optional feedback.
- incomplete with any other reason (cancelled): rate 0 and feedback null, whatever was typed before going back.
- The server answers { data: { kind, step, task } } with kind completed, incomplete or cancelled and step lock (the answer set the status) or review (the other party had locked the task; the status stays), which the success text follows (completionNotice); a 422 sends the wizard back to the step with the field errors; any other failure keeps everything typed and allows a retry.`;

export const completionWizardMachine = setup({
  types: {
    context: {} as CompletionWizardContext,
    events: {} as CompletionWizardEvent,
    input: {} as CompletionWizardInput,
  },
  actors: {
    /** The POST; the wizard provides the RTK Query mutation, tests a stub. */
    submitCompletion: fromPromise<CompletionResult, CompletionRequestBody>(async () => {
      throw new Error('submitCompletion is provided by the wizard');
    }),
  },
  guards: {
    outcomeIsCompleted: ({ context }) => context.outcome === 'completed',
    isIncomplete: ({ context }) => context.outcome === 'incomplete',
    reasonRequiresFeedback: ({ event }) => event.type === 'NEXT' && event.reason.feedback_required,
    hasRate: ({ event }) =>
      event.type === 'SUBMIT' && Number.isInteger(event.rate) && event.rate >= 1 && event.rate <= 5,
    /** The outcome goes through the rating step (completed, or a reason with feedback_required). */
    isRated: ({ context }) => isRated(context),
    isValidationFailure: ({ event }) =>
      validationFieldErrors((event as { error?: unknown }).error) !== null,
  },
  actions: {
    chooseReason: assign(({ event }) =>
      event.type === 'NEXT'
        ? { reason_id: event.reason.id, feedbackRequired: event.reason.feedback_required }
        : {},
    ),
    /** A reason without feedback_required cancels the task: nothing of a rating is sent. */
    resetRating: assign({ rate: 0, feedback: null }),
    keepRating: assign(({ event, context }) =>
      event.type === 'SUBMIT' || event.type === 'BACK'
        ? { rate: event.rate ?? context.rate, feedback: event.feedback ?? context.feedback }
        : {},
    ),
    clearErrors: assign({ fieldErrors: {}, failed: false }),
    applyFieldErrors: assign(({ event }) => ({
      fieldErrors: validationFieldErrors((event as { error?: unknown }).error) ?? {},
      failed: false,
    })),
    markFailed: assign({ failed: true, fieldErrors: {} }),
    finish: assign(({ event }) => {
      const output = (event as { output?: CompletionResult }).output;
      return {
        kind: output?.kind ?? null,
        step: output?.step ?? 'lock',
        taskStatus: output?.task?.status ?? null,
      };
    }),
  },
}).createMachine({
  id: 'completionWizard',
  description: SERVER_CONTRACT,
  context: ({ input }) => ({
    outcome: input.outcome,
    reason_id: null,
    feedbackRequired: null,
    rate: 0,
    feedback: null,
    fieldErrors: {},
    failed: false,
    kind: null,
    step: null,
    taskStatus: null,
  }),
  initial: 'outcome',
  states: {
    outcome: {
      description: 'Transient: the button pressed decides the first step.',
      always: [{ target: 'rating', guard: 'outcomeIsCompleted' }, { target: 'reason' }],
    },
    reason: {
      description: 'Incomplete only: choose a reason (reason_id required).',
      on: {
        NEXT: [
          {
            target: 'rating',
            guard: 'reasonRequiresFeedback',
            actions: ['chooseReason', 'clearErrors'],
          },
          { target: 'submitting', actions: ['chooseReason', 'resetRating', 'clearErrors'] },
        ],
      },
    },
    rating: {
      description: 'Stars 1..5 (required) and optional feedback of 5..1000 characters.',
      on: {
        SUBMIT: {
          target: 'submitting',
          guard: 'hasRate',
          actions: ['keepRating', 'clearErrors'],
        },
        BACK: { target: 'reason', guard: 'isIncomplete', actions: ['keepRating', 'clearErrors'] },
      },
    },
    submitting: {
      description: 'POST /api/tasks/{taskUuid}/complete with completionRequestBody(context).',
      invoke: {
        id: 'submitCompletion',
        src: 'submitCompletion',
        input: ({ context }) => completionRequestBody(context),
        onDone: { target: 'done', actions: 'finish' },
        onError: [
          {
            target: 'rating',
            guard: and(['isValidationFailure', 'isRated']),
            actions: 'applyFieldErrors',
          },
          { target: 'reason', guard: 'isValidationFailure', actions: 'applyFieldErrors' },
          { target: 'rating', guard: 'isRated', actions: 'markFailed' },
          { target: 'reason', actions: 'markFailed' },
        ],
      },
    },
    done: {
      description: 'Locked; context.kind is completed, incomplete or cancelled.',
      type: 'final',
    },
  },
});

export type CompletionWizardSnapshot = SnapshotFrom<typeof completionWizardMachine>;

/**
 * The success text once the wizard is done, by what the server says happened:
 * - the party locked the task: 'completed' / 'incomplete' (the status changed and their feedback
 *   was sent) or 'cancelled' (no rating, no feedback: nothing but the cancellation to report);
 * - the party only reviewed a task the other party had locked: 'reviewed' (stars and feedback
 *   sent) or 'answered' (a reason without feedback: only their answer was recorded), with the
 *   status the task keeps.
 */
export type CompletionNoticeText =
  'completed' | 'incomplete' | 'cancelled' | 'reviewed' | 'answered';

export interface CompletionNotice {
  text: CompletionNoticeText;
  /** The status the task has (and, for a review, keeps); null when the answer did not say. */
  taskStatus: 'completed' | 'incomplete' | null;
}

export function completionNotice(
  context: Pick<CompletionWizardContext, 'kind' | 'step' | 'taskStatus' | 'outcome'>,
): CompletionNotice | null {
  if (context.kind === null) return null;
  const group = statusGroup(context.taskStatus);
  if (context.step === 'review') {
    return {
      text: context.kind === 'cancelled' ? 'answered' : 'reviewed',
      taskStatus: group === 'completed' || group === 'incomplete' ? group : null,
    };
  }
  return { text: context.kind, taskStatus: context.outcome };
}
