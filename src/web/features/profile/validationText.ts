import type { IntlShape, MessageDescriptor } from 'react-intl';
import type { ValidationError } from 'yup';
import { isMessageRef } from '../../../shared/validation/messages';
import { profileMessages as messages } from './messages';

const TEXTS: Record<string, MessageDescriptor> = {
  'validation.required': messages.required,
  'validation.min_length': messages.minLength,
  'validation.max_length': messages.maxLength,
  'validation.phone': messages.phoneFormat,
};

/** A shared schema's message reference in the UI language. */
export function refText(intl: IntlShape, ref: unknown): string {
  if (isMessageRef(ref) && TEXTS[ref.id]) return intl.formatMessage(TEXTS[ref.id], ref.values);
  return intl.formatMessage(messages.invalid);
}

/** yup's errors (abortEarly: false) as final-form errors: the first message per field. */
export function schemaErrors(intl: IntlShape, error: ValidationError): Record<string, string> {
  const out: Record<string, string> = {};
  const all = error.inner.length ? error.inner : [error];
  for (const item of all) {
    const field = (item.path ?? '').replace(/\[\d+\]$/, '');
    const raw: unknown = item.errors[0] ?? item.message;
    if (field && !out[field]) out[field] = refText(intl, raw);
  }
  return out;
}
