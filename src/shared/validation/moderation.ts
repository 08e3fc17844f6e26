/**
 * A moderator's decision (issue 19): hide a task, dismiss its reports, suspend a user. One yup
 * schema for the SPA's reason form and the server (422 errors.reason). The reason is required (it
 * is stored, shown to the task's owner and kept in the audit log), 3 to 500 characters after
 * trimming. Restore and unsuspend take an optional reason under the same limit.
 *
 *   moderationReasonSchema.validate(values, { abortEarly: false })
 */
import * as yup from 'yup';
import { ref, validationMessages as m } from './messages';

export const MODERATION_REASON_MIN = 3;
export const MODERATION_REASON_MAX = 500;

const reasonText = () =>
  yup
    .string()
    .transform((value: unknown, original: unknown) => (original === null ? '' : value))
    .typeError(ref(m.invalid))
    .trim()
    .default('')
    .max(MODERATION_REASON_MAX, ref(m.maxLength, { max: MODERATION_REASON_MAX }));

export const moderationReasonSchema = yup.object({
  reason: reasonText()
    .required(ref(m.required))
    .min(MODERATION_REASON_MIN, ref(m.minLength, { min: MODERATION_REASON_MIN })),
});

/** Restore and unsuspend: a note is welcome, not required. */
export const moderationNoteSchema = yup.object({ reason: reasonText() });

export type ModerationReasonForm = yup.InferType<typeof moderationReasonSchema>;

export interface ModerationReasonValues {
  reason: string;
}

export const REPORT_STATUSES = ['open', 'action_taken', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** hide_question and dismiss_question: a moderator's decision on a reported public question. */
export const MODERATION_ACTIONS = [
  'hide',
  'restore',
  'dismiss',
  'suspend',
  'unsuspend',
  'hide_question',
  'dismiss_question',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
