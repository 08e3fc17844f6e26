import { defineMessages } from 'react-intl';

export const reportMessages = defineMessages({
  report: { id: 'reports.button', defaultMessage: 'Report' },
  title: { id: 'reports.title', defaultMessage: 'Report this task' },
  messageLabel: {
    id: 'reports.message.label',
    defaultMessage: 'What is wrong with this task?',
  },
  counter: { id: 'reports.message.counter', defaultMessage: '{count, number} / {max, number}' },
  tooLong: {
    id: 'reports.message.too_long',
    defaultMessage: 'Use at most {max, plural, one {# character} other {# characters}}.',
  },
  submit: { id: 'reports.submit', defaultMessage: 'Send report' },
  submitting: { id: 'reports.submitting', defaultMessage: 'Sending…' },
  cancel: { id: 'reports.cancel', defaultMessage: 'Cancel' },
  failed: {
    id: 'reports.failed',
    defaultMessage: 'The report could not be sent. Try again.',
  },
  reported: { id: 'reports.notice.reported', defaultMessage: 'Task reported' },
  alreadyReported: {
    id: 'reports.notice.already_reported',
    defaultMessage: 'You have already reported this task',
  },
});
