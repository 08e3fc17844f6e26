import type { IntlShape, MessageDescriptor } from 'react-intl';
import type { AnyObjectSchema } from 'yup';
import { schemaErrors } from '../../ui/schemaErrors';
import { registrationMessages as messages } from './messages';

/** The registration's own wording; other ids (the password rules) take the shared texts. */
const TEXTS: Record<string, MessageDescriptor> = {
  'validation.required': messages.required,
  'validation.email': messages.emailInvalid,
  'validation.min_length': messages.minLength,
  'validation.max_length': messages.maxLength,
  'validation.accept_terms': messages.acceptTerms,
  'validation.too_many_categories': messages.tooManyCategories,
};

/** Runs a shared schema for final-form, in the registration's words: the first message per field. */
export const validateWith = (
  intl: IntlShape,
  schema: AnyObjectSchema,
  values: unknown,
): Record<string, string> =>
  schemaErrors(intl, schema, values, { texts: TEXTS, invalid: messages.invalid });
