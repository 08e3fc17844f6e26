/** Register and login forms: the same yup schemas run in the SPA and on the server. */
import * as yup from 'yup';
import { ref, validationMessages as m } from './messages';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 255;
export const NAME_MAX = 255;
export const EMAIL_MAX = 255;

const email = yup
  .string()
  .trim()
  .required(ref(m.required))
  .max(EMAIL_MAX, ref(m.maxLength, { max: EMAIL_MAX }))
  .email(ref(m.email));

export const registerSchema = yup.object({
  full_name: yup
    .string()
    .trim()
    .required(ref(m.required))
    .max(NAME_MAX, ref(m.maxLength, { max: NAME_MAX })),
  email,
  password: yup
    .string()
    .required(ref(m.required))
    .min(PASSWORD_MIN, ref(m.minLength, { min: PASSWORD_MIN }))
    .max(PASSWORD_MAX, ref(m.maxLength, { max: PASSWORD_MAX })),
  terms: yup
    .boolean()
    .typeError(ref(m.acceptTerms))
    .required(ref(m.acceptTerms))
    .oneOf([true], ref(m.acceptTerms)),
});
export type RegisterForm = yup.InferType<typeof registerSchema>;

export const loginSchema = yup.object({
  email,
  password: yup
    .string()
    .required(ref(m.required))
    .max(1024, ref(m.maxLength, { max: 1024 })),
});
export type LoginForm = yup.InferType<typeof loginSchema>;
