import { defineMessages } from 'react-intl';

/**
 * Texts of the make-offer control, on every open task's page (the `task` part of the catalog), apart
 * from the offers section's (./messages.ts), which only the task's parties load.
 */
export const makeOfferMessages = defineMessages({
  makeOffer: { id: 'offers.make.button', defaultMessage: 'Make an offer' },
  loginTooltip: { id: 'offers.make.loginTooltip', defaultMessage: 'Log in to make an offer' },
  becomeFreelancerTooltip: {
    id: 'offers.make.becomeFreelancerTooltip',
    defaultMessage: 'Become a freelancer to make an offer',
  },
});
