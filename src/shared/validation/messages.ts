/**
 * Validation messages as descriptors ({ id, values }), not text: the SPA formats them with react-intl
 * and the server with @formatjs/intl, so one schema serves both sides in six languages.
 */
export interface MessageRef {
  id: string;
  values?: Record<string, string | number>;
}

export const isMessageRef = (value: unknown): value is MessageRef =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { id?: unknown }).id === 'string';

/** English defaults; the ids are shared with translations/*.json and src/server/i18n/messages.ts. */
export const validationMessages = {
  required: { id: 'validation.required', defaultMessage: 'This field is required.' },
  email: { id: 'validation.email', defaultMessage: 'Enter a valid email address.' },
  minLength: { id: 'validation.min_length', defaultMessage: 'Use at least {min} characters.' },
  maxLength: { id: 'validation.max_length', defaultMessage: 'Use at most {max} characters.' },
  acceptTerms: { id: 'validation.accept_terms', defaultMessage: 'Accept the terms to continue.' },
  invalid: { id: 'validation.invalid', defaultMessage: 'This value is not valid.' },
} as const;

export const ref = (
  message: { id: string },
  values?: Record<string, string | number>,
): MessageRef => (values ? { id: message.id, values } : { id: message.id });
