/**
 * Profile edit, become-freelancer and the profile photo (SPEC section 5 'Photo upload'): the same
 * rules in the SPA (final-form) and on the server (422).
 */
import * as yup from 'yup';
import { LIMITS } from '../limits';
import { isLocale, type Locale } from '../locales';
import { ref, validationMessages as m } from './messages';

export const DISPLAY_NAME_MIN = 2;
export const DISPLAY_NAME_MAX = 60;
export const FREELANCER_CATEGORIES_MIN = 1;
export const FREELANCER_CATEGORIES_MAX = 20;

/**
 * International phone numbers, E.164-ish: an optional '+', then 7 to 15 digits, single spaces or
 * hyphens allowed between digits ('+371 2000 0001', '+370-600-00003', '37120000001').
 */
export const PHONE_PATTERN = /^\+?[0-9](?:[ -]?[0-9]){6,14}$/;

/** SPEC section 5: png, jpg, jpeg, at most 2048 KB (an SVG is also taken and rasterised). */
export const PHOTO_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;
/** SPEC section 5's shared list of accepted image types. */
export const PHOTO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/jpg', 'image/svg+xml'] as const;
export const PHOTO_MAX_BYTES = LIMITS.photoMaxBytes;
export const PHOTO_FIELD = 'photo';

const unique = (value: unknown): unknown =>
  Array.isArray(value) ? [...new Set(value as unknown[])] : value;

/** A list of locale codes, duplicates dropped; errors land on 'languages', not on an index. */
const languages = () =>
  yup
    .array()
    .typeError(ref(m.oneOf))
    .of(yup.mixed<Locale>().defined())
    .transform(unique)
    .defined(ref(m.required))
    .test('locales', ref(m.oneOf), (value) => (value ?? []).every((v) => isLocale(v)));

export const profileSchema = yup.object({
  display_name: yup
    .string()
    .trim()
    .required(ref(m.required))
    .min(DISPLAY_NAME_MIN, ref(m.minLength, { min: DISPLAY_NAME_MIN }))
    .max(DISPLAY_NAME_MAX, ref(m.maxLength, { max: DISPLAY_NAME_MAX })),
  /** Empty or missing clears the number. */
  phone_number: yup
    .string()
    .trim()
    .nullable()
    .default(null)
    .transform((value: unknown) => (value === '' ? null : value))
    .matches(PHONE_PATTERN, { message: ref(m.phone), excludeEmptyString: true }),
  languages: languages().default([]),
});
export type ProfileForm = yup.InferType<typeof profileSchema>;

export const becomeFreelancerSchema = yup.object({
  categories: yup
    .array()
    .typeError(ref(m.required))
    .of(yup.number().typeError(ref(m.integer)).integer(ref(m.integer)).defined())
    .transform(unique)
    .required(ref(m.required))
    .min(FREELANCER_CATEGORIES_MIN, ref(m.required))
    .max(FREELANCER_CATEGORIES_MAX, ref(m.tooManyCategories, { max: FREELANCER_CATEGORIES_MAX })),
  languages: languages().min(1, ref(m.required)),
});
export type BecomeFreelancerForm = yup.InferType<typeof becomeFreelancerSchema>;
