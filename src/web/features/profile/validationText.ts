import type { IntlShape, MessageDescriptor } from 'react-intl';
import { profileSchema } from '../../../shared/validation/profile';
import { schemaErrors } from '../../ui/schemaErrors';
import { profileMessages as messages } from './messages';

const TEXTS: Record<string, MessageDescriptor> = {
  'validation.required': messages.required,
  'validation.min_length': messages.minLength,
  'validation.max_length': messages.maxLength,
  'validation.phone': messages.phoneFormat,
};

/** The shared profile schema for final-form, in the profile's words: the first message per field. */
export const validateProfile = (intl: IntlShape, values: unknown): Record<string, string> =>
  schemaErrors(intl, profileSchema, values, { texts: TEXTS, invalid: messages.invalid });
