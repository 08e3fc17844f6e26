/**
 * The task report modal (SPEC section 3 'Report', section 5 'Report'): one yup schema for the SPA
 * (errors.message on the field) and the server (422). The message is optional, at most 5000
 * characters after trimming.
 *
 *   reportSchema.validate(values, { abortEarly: false })
 */
import * as yup from 'yup';
import { LIMITS } from '../limits';
import { ref, validationMessages as m } from './messages';

export const REPORT_MESSAGE_MAX = LIMITS.reportMax;

export const reportSchema = yup.object({
  message: yup
    .string()
    .transform((value: unknown, original: unknown) => (original === null ? '' : value))
    .typeError(ref(m.invalid))
    .trim()
    .default('')
    .max(REPORT_MESSAGE_MAX, ref(m.maxLength, { max: REPORT_MESSAGE_MAX })),
});

export type ReportForm = yup.InferType<typeof reportSchema>;

export interface ReportFormValues {
  message: string;
}
