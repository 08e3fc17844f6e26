/**
 * Validation messages as descriptors ({ id, values }), not text: the SPA formats them with react-intl
 * and the server with @formatjs/intl, so one schema serves both sides in six languages.
 */
import { defineMessages } from '@formatjs/intl';

// A type alias (not an interface) so it fits yup's Record-shaped message parameter.
export type MessageRef = {
  id: string;
  values?: Record<string, string | number>;
};

export const isMessageRef = (value: unknown): value is MessageRef =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';

/**
 * English defaults; the ids are shared with translations/*.json and src/server/i18n/messages.ts.
 * defineMessages only marks them for `formatjs extract`, which writes them to en.json.
 */
export const validationMessages = defineMessages({
  required: { id: 'validation.required', defaultMessage: 'This field is required.' },
  email: { id: 'validation.email', defaultMessage: 'Enter a valid email address.' },
  minLength: {
    id: 'validation.min_length',
    defaultMessage: 'Use at least {min, plural, one {# character} other {# characters}}.',
  },
  maxLength: {
    id: 'validation.max_length',
    defaultMessage: 'Use at most {max, plural, one {# character} other {# characters}}.',
  },
  acceptTerms: { id: 'validation.accept_terms', defaultMessage: 'Accept the terms to continue.' },
  invalid: { id: 'validation.invalid', defaultMessage: 'This value is not valid.' },
  // Register (ASVS 6.2.4, 6.2.11).
  passwordCommon: {
    id: 'validation.password_common',
    defaultMessage: 'This password is too common. Choose one that is harder to guess.',
  },
  passwordContainsEmail: {
    id: 'validation.password_contains_email',
    defaultMessage: 'The password must not contain your email address.',
  },
  // Task form (SPEC section 5) and image uploads.
  number: { id: 'validation.number', defaultMessage: 'Enter a number.' },
  integer: { id: 'validation.integer', defaultMessage: 'Enter a whole number.' },
  oneOf: { id: 'validation.one_of', defaultMessage: 'Choose one of the options.' },
  titleLength: {
    id: 'validation.title_length',
    defaultMessage:
      'The title must be {min, number} to {max, plural, one {# character} other {# characters}} long.',
  },
  descriptionLength: {
    id: 'validation.description_length',
    defaultMessage:
      'The description must be {min, number} to {max, plural, one {# character} other {# characters}} long.',
  },
  date: { id: 'validation.date', defaultMessage: 'Enter a valid date and time.' },
  dateInPast: { id: 'validation.date_in_past', defaultMessage: 'The date cannot be in the past.' },
  timeInPast: {
    id: 'validation.time_in_past',
    defaultMessage: 'This time has already passed today. Choose a later time.',
  },
  dateAfterStart: {
    id: 'validation.date_after_start',
    defaultMessage: 'The end must be later than the start.',
  },
  addressRequired: {
    id: 'validation.address_required',
    defaultMessage: 'Choose an address from the suggestions.',
  },
  locationsRequired: {
    id: 'validation.locations_required',
    defaultMessage: 'Add at least one address.',
  },
  tooManyLocations: {
    id: 'validation.too_many_locations',
    defaultMessage: 'Add at most {max, plural, one {# address} other {# addresses}}.',
  },
  budgetRange: {
    id: 'validation.budget_range',
    defaultMessage: 'The lower amount cannot be above the upper amount.',
  },
  budgetWhole: {
    id: 'validation.budget_whole',
    defaultMessage: 'Budgets are in whole euros: enter digits only, without a point or comma.',
  },
  budgetMin: {
    id: 'validation.budget_min',
    defaultMessage: 'The amount cannot be below {min, number}.',
  },
  budgetMax: {
    id: 'validation.budget_max',
    defaultMessage: 'The amount cannot be above {max, number}.',
  },
  tooManyImages: {
    id: 'validation.too_many_images',
    defaultMessage: 'Add at most {max, plural, one {# image} other {# images}}.',
  },
  image: { id: 'validation.image', defaultMessage: 'The file must be an image.' },
  imageTooLarge: {
    id: 'validation.image_too_large',
    defaultMessage: 'The image must not be larger than {max, number} KB.',
  },
  imageTooManyPixels: {
    id: 'validation.image_too_many_pixels',
    defaultMessage: 'The image has too many pixels.',
  },
  imageType: { id: 'validation.image_type', defaultMessage: 'This image type is not allowed.' },
  // Browsing query parameters, profile and become-freelancer.
  min: { id: 'validation.min', defaultMessage: 'The value must be at least {min, number}.' },
  max: { id: 'validation.max', defaultMessage: 'The value must be at most {max, number}.' },
  phone: {
    id: 'validation.phone',
    defaultMessage: 'Enter the phone number in international format, e.g. +371 20000000.',
  },
  unknownCategory: {
    id: 'validation.unknown_category',
    defaultMessage: 'There is no such category.',
  },
  tooManyCategories: {
    id: 'validation.too_many_categories',
    defaultMessage: 'Choose at most {max, plural, one {# category} other {# categories}}.',
  },
});

export const ref = (
  message: { id: string },
  values?: Record<string, string | number>,
): MessageRef => (values ? { id: message.id, values } : { id: message.id });
