import { lazy } from 'react';
import { withMessageParts } from '../../i18n/loadMessages';

/** The offer form (final-form, yup, validation texts) loads when it is opened, not with the task page. */
// Its validation texts are in the later part of the catalog, its own in `party`: wait for them too.
export const LazyOfferFormModal = lazy(
  withMessageParts(
    () =>
      import(/* webpackChunkName: "offer-form" */ './OfferFormModal').then((module) => ({
        default: module.OfferFormModal,
      })),
    ['later', 'party'],
  ),
);
