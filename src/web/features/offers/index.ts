/** The offers feature's public surface: the task page's make-offer and offers slots. */
export { MakeOfferControl } from './MakeOfferControl';
export { OffersSection } from './OffersSection';
export { offerMessages } from './messages';
