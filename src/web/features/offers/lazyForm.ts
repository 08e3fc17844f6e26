import { lazy } from 'react';

/** The offer form (final-form, yup, validation texts) loads when it is opened, not with the task page. */
export const LazyOfferFormModal = lazy(() =>
  import(/* webpackChunkName: "offer-form" */ './OfferFormModal').then((module) => ({
    default: module.OfferFormModal,
  })),
);
