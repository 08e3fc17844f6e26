import { defineMessages } from 'react-intl';

export const questionMessages = defineMessages({
  heading: { id: 'questions.heading', defaultMessage: 'Questions to the customer' },
  count: {
    id: 'questions.count',
    defaultMessage: '{count, plural, one {# question} other {# questions}}',
  },
  empty: {
    id: 'questions.empty',
    defaultMessage: 'No questions yet.',
  },
  hidden: { id: 'questions.hidden', defaultMessage: '[hidden]' },
  hiddenTitle: {
    id: 'questions.hidden.title',
    defaultMessage: 'Contact details are hidden until an offer is chosen',
  },
  maskedNote: {
    id: 'questions.masked_note',
    defaultMessage:
      'Questions and answers are public. Phone numbers, emails and links show as [hidden] until an offer is chosen.',
  },
  closed: {
    id: 'questions.closed',
    defaultMessage: 'Questions are closed: an offer has been chosen.',
  },
  deletedUser: { id: 'questions.author.deleted', defaultMessage: 'Deleted user' },
  answerBy: { id: 'questions.answer.by', defaultMessage: 'Customer’s answer' },
  askLabel: { id: 'questions.ask.label', defaultMessage: 'Ask the customer a question' },
  askSubmit: { id: 'questions.ask.submit', defaultMessage: 'Ask' },
  askLogin: { id: 'questions.ask.login', defaultMessage: 'Log in to ask a question' },
  answerLabel: { id: 'questions.answer.label', defaultMessage: 'Your answer' },
  answerSubmit: { id: 'questions.answer.submit', defaultMessage: 'Answer' },
  answerEdit: { id: 'questions.answer.edit', defaultMessage: 'Edit the answer' },
  answerSave: { id: 'questions.answer.save', defaultMessage: 'Save the answer' },
  cancel: { id: 'questions.cancel', defaultMessage: 'Cancel' },
  submitting: { id: 'questions.submitting', defaultMessage: 'Sending…' },
  counter: { id: 'questions.counter', defaultMessage: '{count, number} / {max, number}' },
  hide: { id: 'questions.hide', defaultMessage: 'Hide' },
  hideTitle: { id: 'questions.hide.title', defaultMessage: 'Hide this question?' },
  hideBody: {
    id: 'questions.hide.body',
    defaultMessage: 'Nobody will see it any more, including the person who asked it.',
  },
  report: { id: 'questions.report', defaultMessage: 'Report' },
  reportTitle: { id: 'questions.report.title', defaultMessage: 'Report this question' },
  reportLabel: {
    id: 'questions.report.label',
    defaultMessage: 'What is wrong with this question?',
  },
  asked: { id: 'questions.notice.asked', defaultMessage: 'Your question has been published' },
  answered: { id: 'questions.notice.answered', defaultMessage: 'Your answer has been published' },
  hiddenNotice: { id: 'questions.notice.hidden', defaultMessage: 'The question is hidden' },
  reported: { id: 'questions.notice.reported', defaultMessage: 'Question reported' },
  alreadyReported: {
    id: 'questions.notice.already_reported',
    defaultMessage: 'You have already reported this question',
  },
  required: { id: 'questions.error.required', defaultMessage: 'Write something first.' },
  tooShort: {
    id: 'questions.error.too_short',
    defaultMessage: 'Use at least {min, plural, one {# character} other {# characters}}.',
  },
  tooLong: {
    id: 'questions.error.too_long',
    defaultMessage: 'Use at most {max, plural, one {# character} other {# characters}}.',
  },
  failed: { id: 'questions.failed', defaultMessage: 'It could not be sent. Try again.' },
});
