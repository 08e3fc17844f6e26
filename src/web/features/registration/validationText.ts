import type { IntlShape, MessageDescriptor } from 'react-intl';
import { ValidationError, type AnyObjectSchema } from 'yup';
import { isMessageRef, validationMessages } from '../../../shared/validation/messages';
import { registrationMessages as messages } from './messages';

const TEXTS: Record<string, MessageDescriptor> = {
  'validation.required': messages.required,
  'validation.email': messages.emailInvalid,
  'validation.min_length': messages.minLength,
  'validation.max_length': messages.maxLength,
  'validation.accept_terms': messages.acceptTerms,
  'validation.too_many_categories': messages.tooManyCategories,
  // The shared descriptors themselves (one text for the SPA and the server's 422).
  'validation.password_contains_email': validationMessages.passwordContainsEmail,
  'validation.password_common': validationMessages.passwordCommon,
};

/** A shared schema's message reference in the UI language. */
export function refText(intl: IntlShape, ref: unknown): string {
  if (isMessageRef(ref) && TEXTS[ref.id]) return intl.formatMessage(TEXTS[ref.id], ref.values);
  return intl.formatMessage(messages.invalid);
}

/** Runs a shared schema for final-form: the first translated message per field. */
export function validateWith<T>(
  intl: IntlShape,
  schema: AnyObjectSchema,
  values: T,
): Record<string, string> {
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const out: Record<string, string> = {};
    for (const item of error.inner.length ? error.inner : [error]) {
      const field = (item.path ?? '').replace(/\[\d+\]$/, '');
      const raw: unknown = item.errors[0] ?? item.message;
      if (field && !out[field]) out[field] = refText(intl, raw);
    }
    return out;
  }
}
