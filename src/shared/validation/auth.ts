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

/** A local part shorter than this is refused only as the whole email (any password holds 'an'). */
const LOCAL_PART_MIN = 3;

/**
 * Whether a password is the email address or contains its local part (ASVS 6.2.11: no password
 * built from the account's own name), ignoring case.
 */
export function passwordContainsEmail(password: string, email: string): boolean {
  const address = email.trim().toLowerCase();
  if (!address) return false;
  const secret = password.toLowerCase();
  if (secret === address || secret.includes(address)) return true;
  const local = address.split('@')[0] ?? '';
  return local.length >= LOCAL_PART_MIN && secret.includes(local);
}

/**
 * What the server passes as validation context: the common-password check (ASVS 6.2.4). The list
 * (49,233 passwords, 380 KB, 200 KB gzipped) stays on the server; the SPA validates without it
 * and shows the server's 422 on the field.
 */
export interface PasswordContext {
  isCommonPassword?: (password: string) => boolean;
}

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
    .max(PASSWORD_MAX, ref(m.maxLength, { max: PASSWORD_MAX }))
    .test('not-email', ref(m.passwordContainsEmail), function notEmail(value) {
      const email: unknown = (this.parent as { email?: unknown }).email;
      return !value || typeof email !== 'string' || !passwordContainsEmail(value, email);
    })
    .test('not-common', ref(m.passwordCommon), function notCommon(value) {
      const isCommon = (this.options.context as PasswordContext | undefined)?.isCommonPassword;
      // A too-short password is reported by min() alone.
      return !value || value.length < PASSWORD_MIN || !isCommon || !isCommon(value);
    }),
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
