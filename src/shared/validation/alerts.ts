/**
 * The task alert form (issue 20): the same rules in the SPA (final-form) and on the server (422).
 * A place alert needs a place picked from the address suggestions (address, lat, lng) and a radius;
 * a remote alert ('anywhere') keeps neither. Unknown category ids are refused by the server (they
 * need the database).
 */
import * as yup from 'yup';
import { ALERT_CATEGORIES_MAX, ALERT_RADIUS_MAX_KM, ALERT_RADIUS_MIN_KM } from '../alerts';
import { LIMITS } from '../limits';
import { isLocale, type Locale } from '../locales';
import type { LocationType } from '../types';
import { ref, validationMessages as m } from './messages';

export const ALERT_LOCATION_TYPES: readonly LocationType[] = ['specific', 'anywhere'];

const unique = (value: unknown): unknown =>
  Array.isArray(value) ? [...new Set(value as unknown[])] : value;

const emptyToNull = (value: unknown, original: unknown): unknown =>
  original === '' || original === undefined ? null : value;

const isSpecific = (type: unknown): boolean => type === 'specific';

/** A coordinate of the picked place: required for a place alert, dropped for a remote one. */
const coordinate = (limit: number) =>
  yup
    .number()
    .transform(emptyToNull)
    .typeError(ref(m.addressRequired))
    .nullable()
    .default(null)
    .when('location_type', {
      is: isSpecific,
      then: (s) =>
        s
          .required(ref(m.addressRequired))
          .min(-limit, ref(m.addressRequired))
          .max(limit, ref(m.addressRequired)),
      otherwise: (s) => s.transform(() => null),
    });

export const alertSchema = yup.object({
  categories: yup
    .array()
    .typeError(ref(m.required))
    .of(
      yup
        .number()
        .typeError(ref(m.integer))
        .integer(ref(m.integer))
        .min(1, ref(m.unknownCategory))
        .max(2_147_483_647, ref(m.unknownCategory))
        .defined(),
    )
    .transform(unique)
    .required(ref(m.required))
    .min(1, ref(m.required))
    .max(ALERT_CATEGORIES_MAX, ref(m.tooManyCategories, { max: ALERT_CATEGORIES_MAX })),
  location_type: yup
    .string()
    .nullable()
    .required(ref(m.required))
    .oneOf(ALERT_LOCATION_TYPES, ref(m.oneOf)),
  address: yup
    .string()
    .trim()
    .nullable()
    .default(null)
    .when('location_type', {
      is: isSpecific,
      then: (s) =>
        s
          .required(ref(m.addressRequired))
          .max(LIMITS.addressMax, ref(m.maxLength, { max: LIMITS.addressMax })),
      otherwise: (s) => s.transform(() => null),
    }),
  lat: coordinate(90),
  lng: coordinate(180),
  radius_km: yup
    .number()
    .transform(emptyToNull)
    .typeError(ref(m.integer))
    .nullable()
    .default(null)
    .when('location_type', {
      is: isSpecific,
      then: (s) =>
        s
          .required(ref(m.required))
          .integer(ref(m.integer))
          .min(ALERT_RADIUS_MIN_KM, ref(m.min, { min: ALERT_RADIUS_MIN_KM }))
          .max(ALERT_RADIUS_MAX_KM, ref(m.max, { max: ALERT_RADIUS_MAX_KM })),
      otherwise: (s) => s.transform(() => null),
    }),
  languages: yup
    .array()
    .typeError(ref(m.oneOf))
    .of(yup.mixed<Locale>().defined())
    .transform(unique)
    .required(ref(m.required))
    .min(1, ref(m.required))
    .test('locales', ref(m.oneOf), (value) => (value ?? []).every((v) => isLocale(v))),
  budget_min: yup
    .number()
    .transform(emptyToNull)
    .typeError(ref(m.budgetWhole))
    .nullable()
    .default(null)
    .integer(ref(m.budgetWhole))
    .min(LIMITS.budgetMin, ref(m.budgetMin, { min: LIMITS.budgetMin }))
    .max(LIMITS.budgetMax, ref(m.budgetMax, { max: LIMITS.budgetMax })),
});

export type AlertForm = yup.InferType<typeof alertSchema>;
