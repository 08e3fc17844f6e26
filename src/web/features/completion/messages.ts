import { defineMessages } from 'react-intl';

export const completionMessages = defineMessages({
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
    defaultMessage: 'The feedback must be {min} to {max} characters long.',
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
  feedbackCreated: { id: 'completion.notice.feedback_created', defaultMessage: 'Feedback created' },
  kindCompleted: {
    id: 'completion.notice.completed',
    defaultMessage: 'Task marked as completed',
  },
  kindIncomplete: {
    id: 'completion.notice.incomplete',
    defaultMessage: 'Task marked as incomplete',
  },
  kindCancelled: { id: 'completion.notice.cancelled', defaultMessage: 'Task cancelled' },
});
