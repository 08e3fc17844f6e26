import type { IntlShape } from 'react-intl';
import { offerFormSchema, type OfferFormValues } from '../../../shared/validation/offer';
import { schemaErrors } from '../../ui/schemaErrors';

/** The shared offer schema as final-form errors: the first translated message per field. */
export const validateOffer = (intl: IntlShape, values: OfferFormValues): Record<string, string> =>
  schemaErrors(intl, offerFormSchema, values);
