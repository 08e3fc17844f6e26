/** The offers feature's public surface: the task page's make-offer and offers slots. */
export { MakeOfferControl } from './MakeOfferControl';
export { OffersSection } from './OffersSection';
export { makeOfferMessages } from './makeOfferMessages';
export { offerMessages } from './messages';
