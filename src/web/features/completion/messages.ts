import { defineMessages } from 'react-intl';

export const completionMessages = defineMessages({
  reviewsTitle: { id: 'completion.reviews.title', defaultMessage: 'How it went' },
  reviewByCustomer: {
    id: 'completion.reviews.byCustomer',
    defaultMessage: 'The customer’s review',
  },
  reviewByFreelancer: {
    id: 'completion.reviews.byFreelancer',
    defaultMessage: 'The freelancer’s review',
  },
  reviewYours: { id: 'completion.reviews.yours', defaultMessage: 'Your review' },
  reviewHidden: {
    id: 'completion.reviews.hidden',
    defaultMessage: 'Your review is hidden until the other side reviews or until {date}.',
  },
  reviewRate: { id: 'completion.reviews.rate', defaultMessage: 'Rated {rate, number} out of 5' },
  reviewNoRate: { id: 'completion.reviews.noRate', defaultMessage: 'No rating' },
  reviewDeletedUser: { id: 'completion.reviews.deletedUser', defaultMessage: 'Deleted user' },
  completed: { id: 'completion.buttons.completed', defaultMessage: 'Completed' },
  notCompleted: { id: 'completion.buttons.not_completed', defaultMessage: 'Not completed' },
  titleCompleted: { id: 'completion.wizard.title_completed', defaultMessage: 'Task completed' },
  titleIncomplete: {
    id: 'completion.wizard.title_incomplete',
    defaultMessage: 'Task not completed',
  },
  reasonLegend: {
    id: 'completion.reason.legend',
    defaultMessage: 'Why was the task not completed?',
  },
  reasonsLoading: { id: 'completion.reason.loading', defaultMessage: 'Loading reasons…' },
  reasonsFailed: {
    id: 'completion.reason.load_failed',
    defaultMessage: 'The reasons could not be loaded.',
  },
  retry: { id: 'completion.retry', defaultMessage: 'Try again' },
  reasonRequired: { id: 'completion.reason.required', defaultMessage: 'Choose a reason.' },
  ratingLabel: { id: 'completion.rating.label', defaultMessage: 'Your rating' },
  star: {
    id: 'completion.rating.star',
    defaultMessage: '{stars, plural, one {# star} other {# stars}} of 5',
  },
  rateRequired: {
    id: 'completion.rating.required',
    defaultMessage: 'Choose from 1 to 5 stars.',
  },
  feedbackLabel: { id: 'completion.feedback.label', defaultMessage: 'Feedback (optional)' },
  feedbackLength: {
    id: 'completion.feedback.length',
    defaultMessage:
      'The feedback must be {min, number} to {max, plural, one {# character} other {# characters}} long.',
  },
  back: { id: 'completion.back', defaultMessage: 'Back to the reasons' },
  next: { id: 'completion.next', defaultMessage: 'Next' },
  submit: { id: 'completion.submit', defaultMessage: 'Send' },
  submitting: { id: 'completion.submitting', defaultMessage: 'Sending…' },
  cancel: { id: 'completion.cancel', defaultMessage: 'Cancel' },
  failed: {
    id: 'completion.failed',
    defaultMessage: 'Your answer could not be sent. Check your connection and try again.',
  },
  kindCompleted: {
    id: 'completion.notice.completed',
    defaultMessage: 'Task marked as completed. Your feedback was sent.',
  },
  kindIncomplete: {
    id: 'completion.notice.incomplete',
    defaultMessage: 'Task marked as not completed. Your feedback was sent.',
  },
  kindCancelled: { id: 'completion.notice.cancelled', defaultMessage: 'Task cancelled' },
  reviewed: {
    id: 'completion.notice.reviewed',
    defaultMessage:
      'Your feedback was sent.{status, select, completed { The task stays completed.} incomplete { The task stays not completed.} other {}}',
  },
  answered: {
    id: 'completion.notice.answered',
    defaultMessage:
      'Your answer was sent.{status, select, completed { The task stays completed.} incomplete { The task stays not completed.} other {}}',
  },
  // The second party (issue 16): the other party has locked the task; their answer is a review.
  partyNamed: {
    id: 'completion.review.party_named',
    defaultMessage: '{role, select, customer {The customer {name}} other {The freelancer {name}}}',
  },
  party: {
    id: 'completion.review.party',
    defaultMessage: '{role, select, customer {The customer} other {The freelancer}}',
  },
  lockedBy: {
    id: 'completion.review.locked_by',
    defaultMessage:
      '{status, select, completed {{party} marked this task as completed.} other {{party} marked this task as not completed.}}',
  },
  reviewHint: {
    id: 'completion.review.hint',
    defaultMessage:
      'Was it completed? Your answer and rating go on your review and do not change the task’s status.',
  },
  reviewYes: { id: 'completion.review.yes', defaultMessage: 'Yes, completed' },
  reviewNo: { id: 'completion.review.no', defaultMessage: 'No, not completed' },
  titleReview: { id: 'completion.wizard.title_review', defaultMessage: 'Your feedback' },
  reviewNote: {
    id: 'completion.wizard.review_note',
    defaultMessage:
      '{status, select, completed {The task stays completed whatever you answer: your answer goes on your review.} other {The task stays not completed whatever you answer: your answer goes on your review.}}',
  },
});
