/**
 * Public questions on a task and the owner's answers (issue 20 'Questions on a task'): one yup
 * schema each for the SPA's forms and the API (422 with errors.message). Plain text, stored as
 * written (trimmed); a question is 5 to 1000 characters, an answer 1 to 1000 ('Yes.' is an answer).
 * A question report takes the task report's schema (./report.ts).
 *
 *   questionSchema.validate({ message }, { abortEarly: false })
 */
import * as yup from 'yup';
import { LIMITS } from '../limits';
import { ref, validationMessages as m } from './messages';

export const QUESTION_MIN = LIMITS.questionMin;
export const QUESTION_MAX = LIMITS.questionMax;
export const ANSWER_MAX = LIMITS.answerMax;

const text = () =>
  yup
    .string()
    .strict()
    .typeError(ref(m.invalid))
    .required(ref(m.required))
    .test('not-blank', ref(m.required), (value) => value === undefined || value.trim() !== '')
    .test('no-nul', ref(m.invalid), (value) => value === undefined || !value.includes('\u0000'));

export const questionSchema = yup.object({
  message: text()
    .test(
      'min',
      ref(m.minLength, { min: QUESTION_MIN }),
      (value) => value === undefined || value.trim() === '' || value.trim().length >= QUESTION_MIN,
    )
    .test(
      'max',
      ref(m.maxLength, { max: QUESTION_MAX }),
      (value) => value === undefined || value.trim().length <= QUESTION_MAX,
    ),
});

export const answerSchema = yup.object({
  message: text().test(
    'max',
    ref(m.maxLength, { max: ANSWER_MAX }),
    (value) => value === undefined || value.trim().length <= ANSWER_MAX,
  ),
});

export type QuestionForm = yup.InferType<typeof questionSchema>;

export interface QuestionFormValues {
  message: string;
}
