import type { IntlShape } from 'react-intl';
import { ValidationError, type AnyObjectSchema } from 'yup';
import { offerFormSchema, type OfferFormValues } from '../../../shared/validation/offer';
import { isMessageRef, validationMessages } from '../../../shared/validation/messages';

const BY_ID = new Map(Object.values(validationMessages).map((d) => [d.id, d]));

/** A shared schema's message reference in the UI language. */
export function refText(intl: IntlShape, ref: unknown): string {
  const descriptor = isMessageRef(ref) ? BY_ID.get(ref.id) : undefined;
  return intl.formatMessage(
    descriptor ?? validationMessages.invalid,
    isMessageRef(ref) ? ref.values : undefined,
  );
}

/** A shared schema as final-form errors: the first translated message per field. */
export function validateAgainst(
  intl: IntlShape,
  schema: AnyObjectSchema,
  values: unknown,
): Record<string, string> {
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const out: Record<string, string> = {};
    for (const item of error.inner.length ? error.inner : [error]) {
      // An array item's error is the array's ('categories[2]' -> 'categories').
      const field = (item.path ?? '').replace(/\[\d+\]$/, '');
      if (field && !out[field]) out[field] = refText(intl, item.errors[0] ?? item.message);
    }
    return out;
  }
}

/** The shared offer schema as final-form errors: the first translated message per field. */
export const validateOffer = (intl: IntlShape, values: OfferFormValues): Record<string, string> =>
  validateAgainst(intl, offerFormSchema, values);
