/**
 * The completion (feedback) form (SPEC section 3 'Completion form', section 4 'Completion flow',
 * section 5 'Completion'): one yup schema for the SPA's wizard and the server (422).
 *
 *   completionSchema.validate(values, { abortEarly: false, context: { reasons } })
 *
 * - status: completed | incomplete, required.
 * - reason_id: required when status is incomplete, and then one of `context.reasons` (the reasons the
 *   caller may choose: group customer for the owner, group freelancer for the chosen freelancer).
 *   Cast to null when status is completed.
 * - rate and feedback: when the outcome needs feedback (completed, or incomplete with a reason that
 *   has feedback_required) rate is required 1..5 and feedback optional, 5..1000 characters. When the
 *   reason does not require feedback the task is simply cancelled: whatever was sent, the result is
 *   rate 0 and feedback null.
 *
 * Without `context.reasons` any reason_id is accepted and taken as requiring feedback (the stricter
 * reading); the server always passes the caller's reasons.
 */
import * as yup from 'yup';
import { LIMITS } from '../limits';
import type { IncompleteReason } from '../types';
import { ref, validationMessages as m } from './messages';

export const COMPLETION_STATUSES = ['completed', 'incomplete'] as const;
export type CompletionStatus = (typeof COMPLETION_STATUSES)[number];

/** The success text the wizard shows: incomplete without required feedback is 'cancelled'. */
export type CompletionKind = 'completed' | 'incomplete' | 'cancelled';

export const FEEDBACK_MIN = LIMITS.feedbackMin;
export const FEEDBACK_MAX = LIMITS.feedbackMax;
export const RATE_MIN = LIMITS.rateMin;
export const RATE_MAX = LIMITS.rateMax;

export type CompletionReason = Pick<IncompleteReason, 'id' | 'feedback_required'>;

export interface CompletionContext {
  /** The reasons the caller may choose (already filtered by role). */
  reasons?: readonly CompletionReason[];
}

/** The reason group each party chooses from (SPEC section 6). */
export const REASON_GROUP_OF = { owner: 'customer', chosen: 'freelancer' } as const;

const isReasonList = (value: unknown): value is readonly CompletionReason[] => Array.isArray(value);

export function findReason(
  reasons: readonly CompletionReason[] | undefined,
  reasonId: unknown,
): CompletionReason | undefined {
  return reasons?.find((reason) => reason.id === reasonId);
}

/** Does this outcome go on to rate and feedback? Unknown reasons count as requiring feedback. */
export function needsFeedback(
  status: unknown,
  reasonId: unknown,
  reasons: readonly CompletionReason[] | undefined,
): boolean {
  if (status !== 'incomplete') return true;
  const reason = findReason(reasons, reasonId);
  return reason ? reason.feedback_required : true;
}

export function completionKind(
  status: CompletionStatus,
  reason: CompletionReason | undefined,
): CompletionKind {
  if (status === 'completed') return 'completed';
  return reason && !reason.feedback_required ? 'cancelled' : 'incomplete';
}

/** '' and null (an emptied input) mean 'not filled'. */
const emptyToUndefined = (value: unknown, original: unknown): unknown =>
  original === '' || original === null ? undefined : value;

const feedbackSchema = yup
  .string()
  .trim()
  .transform((value: unknown) => (value === '' ? null : value))
  .nullable()
  .default(null);

export const completionSchema = yup.object({
  status: yup
    .string()
    .transform(emptyToUndefined)
    .required(ref(m.required))
    .oneOf(COMPLETION_STATUSES, ref(m.oneOf)),
  reason_id: yup
    .number()
    .transform(emptyToUndefined)
    .typeError(ref(m.invalid))
    .nullable()
    .default(null)
    .when(['status', '$reasons'], ([status, reasons]: unknown[], schema) =>
      status === 'incomplete'
        ? schema
            .test('required', ref(m.required), (value) => value !== null && value !== undefined)
            .test(
              'allowed',
              ref(m.oneOf),
              (value) =>
                value === null ||
                value === undefined ||
                !isReasonList(reasons) ||
                findReason(reasons, value) !== undefined,
            )
        : schema.transform(() => null),
    ),
  rate: yup
    .number()
    .transform(emptyToUndefined)
    .typeError(ref(m.number))
    .default(0)
    .when(['status', 'reason_id', '$reasons'], ([status, reasonId, reasons]: unknown[], schema) =>
      needsFeedback(status, reasonId, isReasonList(reasons) ? reasons : undefined)
        ? schema
            .integer(ref(m.integer))
            // 0 is the picker's 'nothing chosen yet'.
            .min(RATE_MIN, ref(m.required))
            .max(RATE_MAX, ref(m.max, { max: RATE_MAX }))
        : schema.transform(() => 0),
    ),
  feedback: feedbackSchema.when(
    ['status', 'reason_id', '$reasons'],
    ([status, reasonId, reasons]: unknown[], schema) =>
      needsFeedback(status, reasonId, isReasonList(reasons) ? reasons : undefined)
        ? schema
            .min(FEEDBACK_MIN, ref(m.minLength, { min: FEEDBACK_MIN }))
            .max(FEEDBACK_MAX, ref(m.maxLength, { max: FEEDBACK_MAX }))
        : schema.transform(() => null),
  ),
});

/** What the server stores (after cast): reason_id null unless incomplete, rate 0 when cancelled. */
export type CompletionForm = yup.InferType<typeof completionSchema>;

/** The form's values while editing (the POST body). */
export interface CompletionFormValues {
  status: CompletionStatus | null;
  reason_id: number | null;
  rate: number;
  feedback: string | null;
}

export const completionInitialValues = (): CompletionFormValues => ({
  status: null,
  reason_id: null,
  rate: 0,
  feedback: null,
});
