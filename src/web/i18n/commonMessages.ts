import { defineMessages } from 'react-intl';

/** Messages shared across features. Feature-specific texts live beside their feature. */
export const commonMessages = defineMessages({
  unexpectedError: {
    id: 'common.errors.unexpected',
    defaultMessage: 'Something went wrong. Please try again.',
  },
  networkError: {
    id: 'common.errors.network',
    defaultMessage:
      'Talka could not reach the server. What you typed is kept: check your connection and try again.',
  },
  unauthorized: {
    id: 'common.errors.unauthorized',
    defaultMessage: 'Your session has ended. Please log in again.',
  },
  appName: {
    id: 'common.app.name',
    defaultMessage: 'Talka',
  },
  loading: {
    id: 'common.loading',
    defaultMessage: 'Loading…',
  },
});
