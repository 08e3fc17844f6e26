/**
 * The offer form (SPEC section 3 'Offer', section 5 'Offer'): one yup schema for create and update,
 * used by the SPA (final-form errors) and the server (422). Messages are MessageRef descriptors.
 *
 *   offerFormSchema.validate(values, { abortEarly: false })
 */
import * as yup from 'yup';
import { LIMITS } from '../limits';
import type { Offer } from '../types';
import { ref, validationMessages as m } from './messages';

export const OFFER_DESCRIPTION_MIN = LIMITS.offerDescriptionMin;
export const OFFER_DESCRIPTION_MAX = 5000;
export const OFFER_PRICE_MIN = LIMITS.budgetMin;
export const OFFER_PRICE_MAX = LIMITS.budgetMax;

/** '' and null (an emptied text input) mean 'not filled', so `required` reports them. */
const emptyToUndefined = (value: unknown, original: unknown): unknown =>
  original === '' || original === null ? undefined : value;

/** At most two decimals (cents); tolerant of binary floating point (0.1 + 0.2). */
export const hasAtMostTwoDecimals = (value: number): boolean =>
  Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

export const offerFormSchema = yup.object({
  description: yup
    .string()
    .trim()
    .required(ref(m.required))
    .min(OFFER_DESCRIPTION_MIN, ref(m.minLength, { min: OFFER_DESCRIPTION_MIN }))
    .max(OFFER_DESCRIPTION_MAX, ref(m.maxLength, { max: OFFER_DESCRIPTION_MAX })),
  /** EUR; text inputs give strings, which are cast ('12.5' -> 12.5). */
  price: yup
    .number()
    .transform(emptyToUndefined)
    .typeError(ref(m.number))
    .required(ref(m.required))
    .min(OFFER_PRICE_MIN, ref(m.budgetMin, { min: OFFER_PRICE_MIN }))
    .max(OFFER_PRICE_MAX, ref(m.budgetMax, { max: OFFER_PRICE_MAX }))
    .test('cents', ref(m.invalid), (value) => value === undefined || hasAtMostTwoDecimals(value)),
  notify_if_not_chosen: yup
    .boolean()
    .transform(emptyToUndefined)
    .typeError(ref(m.invalid))
    .default(false),
});

/** What the server receives and stores (after cast: trimmed, numeric, defaulted). */
export type OfferForm = yup.InferType<typeof offerFormSchema>;

/** The form's values while editing: price is what the input holds. */
export interface OfferFormValues {
  description: string;
  price: number | string | null;
  notify_if_not_chosen: boolean;
}

/** Initial values: empty for create, the offer's own for update. */
export function offerFormInitialValues(offer?: Offer | null): OfferFormValues {
  return offer
    ? {
        description: offer.description,
        price: offer.price,
        notify_if_not_chosen: offer.notify_if_not_chosen,
      }
    : { description: '', price: null, notify_if_not_chosen: false };
}
