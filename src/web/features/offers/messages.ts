import { defineMessages } from 'react-intl';

/**
 * Texts of the offer form, cards and lists (SPEC sections 2, 4, 8): the parties' (the `party` part
 * of the catalog). The make-offer control's, on every open task, are in ./makeOfferMessages.ts.
 */
export const offerMessages = defineMessages({
  findFreelancers: {
    id: 'offers.findFreelancers',
    defaultMessage: 'No offers yet. Find freelancers',
  },
  expiredNoOffers: {
    id: 'offers.expiredNoOffers',
    defaultMessage:
      'The deadline has passed without offers, so freelancers can no longer make one. Change the deadline to get offers.',
  },
  changeDeadline: { id: 'offers.changeDeadline', defaultMessage: 'Change the deadline' },
  listTitle: { id: 'offers.list.title', defaultMessage: 'Offers' },
  ownTitle: { id: 'offers.list.ownTitle', defaultMessage: 'Your offer' },
  createTitle: { id: 'offers.form.createTitle', defaultMessage: 'Make an offer' },
  updateTitle: { id: 'offers.form.updateTitle', defaultMessage: 'Edit your offer' },
  description: { id: 'offers.form.description', defaultMessage: 'Description' },
  price: { id: 'offers.form.price', defaultMessage: 'Price, EUR' },
  notify: {
    id: 'offers.form.notify',
    defaultMessage: 'Notify me if another offer is chosen',
  },
  submitCreate: { id: 'offers.form.submitCreate', defaultMessage: 'Send offer' },
  submitUpdate: { id: 'offers.form.submitUpdate', defaultMessage: 'Save offer' },
  locked: {
    id: 'offers.form.locked',
    defaultMessage: 'This offer can no longer be changed.',
  },
  created: { id: 'offers.notice.created', defaultMessage: 'Offer created' },
  updated: { id: 'offers.notice.updated', defaultMessage: 'Offer updated' },
  deleted: { id: 'offers.notice.deleted', defaultMessage: 'Offer deleted' },
  assigned: { id: 'offers.notice.assigned', defaultMessage: 'Offer assigned' },
  deletedUser: { id: 'offers.card.deletedUser', defaultMessage: 'Deleted user' },
  business: { id: 'offers.card.business', defaultMessage: 'Business' },
  rating: {
    id: 'offers.card.rating',
    defaultMessage: 'Freelancer rating {rating, number, ::.#} of 5',
  },
  noRating: { id: 'offers.card.noRating', defaultMessage: 'No ratings yet' },
  chosen: { id: 'offers.card.chosen', defaultMessage: 'Chosen' },
  chosenOther: { id: 'offers.card.chosenOther', defaultMessage: 'Chosen other' },
  notChosenReason: {
    id: 'offers.notChosen.card',
    defaultMessage:
      'Not chosen: {reason, select, price {price} timing {timing} experience {experience} known {the customer chose someone they know} other {another reason}}',
  },
  reasonLabel: {
    id: 'offers.notChosen.label',
    defaultMessage: 'Why not the other offers? (optional)',
  },
  reasonHint: {
    id: 'offers.notChosen.hint',
    defaultMessage: 'Each of the other freelancers sees it on their own offer, and nobody else.',
  },
  reasonNone: { id: 'offers.notChosen.none', defaultMessage: 'No reason given' },
  reasonOption: {
    id: 'offers.notChosen.option',
    defaultMessage:
      '{reason, select, price {Price} timing {Timing} experience {Experience} known {I chose someone I know} other {Other}}',
  },
  edit: { id: 'offers.card.edit', defaultMessage: 'Edit' },
  delete: { id: 'offers.card.delete', defaultMessage: 'Delete' },
  assign: { id: 'offers.card.assign', defaultMessage: 'Assign' },
  chat: { id: 'offers.card.chat', defaultMessage: 'Chat' },
  chatUnread: {
    id: 'offers.card.chatUnread',
    defaultMessage: '{count, plural, one {Chat (# unread)} other {Chat (# unread)}}',
  },
  priceLabel: { id: 'offers.card.price', defaultMessage: 'Price' },
  deleteTitle: { id: 'offers.delete.title', defaultMessage: 'Delete the offer?' },
  deleteText: {
    id: 'offers.delete.text',
    defaultMessage: 'Your offer will be removed from this task.',
  },
  deleteConfirm: { id: 'offers.delete.confirm', defaultMessage: 'Delete offer' },
  assignTitle: { id: 'offers.assign.title', defaultMessage: 'Assign this offer?' },
  assignText: {
    id: 'offers.assign.text',
    defaultMessage: '{name} will do the task for {price}. Other offers can no longer be chosen.',
  },
  assignConfirm: { id: 'offers.assign.confirm', defaultMessage: 'Assign' },
  errorTitle: { id: 'offers.error.title', defaultMessage: 'The offer could not be assigned' },
  offerUpdated: {
    id: 'offers.error.updated',
    defaultMessage: 'The offer was updated. Please review it and try again.',
  },
  offerNotFound: { id: 'offers.error.notFound', defaultMessage: 'The offer was not found.' },
  ok: { id: 'offers.error.ok', defaultMessage: 'OK' },
});
