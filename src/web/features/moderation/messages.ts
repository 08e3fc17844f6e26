import { defineMessages } from 'react-intl';

/** The moderation page (issue 19): `moderation.` ids, in the catalog's `later` part. */
export const moderationMessages = defineMessages({
  title: { id: 'moderation.title', defaultMessage: 'Moderation' },
  intro: {
    id: 'moderation.intro',
    defaultMessage:
      'Reports about tasks, grouped by task, the oldest first. Every decision needs a short reason: it is kept in the log, and the task’s author sees it.',
  },
  tabOpen: { id: 'moderation.tab.open', defaultMessage: 'Open reports' },
  tabClosed: { id: 'moderation.tab.closed', defaultMessage: 'Decided reports' },
  tabsLabel: { id: 'moderation.tab.label', defaultMessage: 'Which reports' },
  // The tab row's labels: short, so that both fit a 360 px phone in every language (the tab's
  // section keeps the full name above).
  tabOpenShort: { id: 'moderation.tab.openShort', defaultMessage: 'Open' },
  tabClosedShort: { id: 'moderation.tab.closedShort', defaultMessage: 'Decided' },
  counts: {
    id: 'moderation.counts',
    defaultMessage:
      '{reports, plural, one {# open report} other {# open reports}} about {tasks, plural, one {# task} other {# tasks}}',
  },
  countsClosed: {
    id: 'moderation.countsClosed',
    defaultMessage:
      '{reports, plural, one {# decided report} other {# decided reports}} about {tasks, plural, one {# task} other {# tasks}}',
  },
  // An empty queue: what it means, and that there is nothing to do.
  emptyOpenTitle: { id: 'moderation.empty.openTitle', defaultMessage: 'No open reports' },
  emptyOpenText: {
    id: 'moderation.empty.openText',
    defaultMessage: 'There is nothing to decide. When someone reports a task, it appears here.',
  },
  emptyClosedTitle: {
    id: 'moderation.empty.closedTitle',
    defaultMessage: 'No decided reports yet',
  },
  emptyClosedText: {
    id: 'moderation.empty.closedText',
    defaultMessage:
      'Reports appear here once a moderator has decided them, the latest decision first.',
  },
  reportsCount: {
    id: 'moderation.group.reports',
    defaultMessage: '{count, plural, one {# report} other {# reports}}',
  },
  author: { id: 'moderation.group.author', defaultMessage: 'Author: {name}' },
  authorDeleted: {
    id: 'moderation.group.authorDeleted',
    defaultMessage: 'Author: deleted account',
  },
  authorSuspended: { id: 'moderation.group.authorSuspended', defaultMessage: 'suspended' },
  hiddenBadge: { id: 'moderation.group.hidden', defaultMessage: 'Hidden: {reason}' },
  reportedAt: { id: 'moderation.report.date', defaultMessage: 'Reported {date}' },
  anonymous: {
    id: 'moderation.report.anonymous',
    defaultMessage: 'by a visitor without an account',
  },
  noMessage: { id: 'moderation.report.noMessage', defaultMessage: 'No message.' },
  hide: { id: 'moderation.action.hide', defaultMessage: 'Hide the task' },
  restore: { id: 'moderation.action.restore', defaultMessage: 'Restore the task' },
  dismiss: { id: 'moderation.action.dismiss', defaultMessage: 'Dismiss the reports' },
  suspend: { id: 'moderation.action.suspend', defaultMessage: 'Suspend the author' },
  unsuspend: { id: 'moderation.action.unsuspend', defaultMessage: 'Lift the suspension' },
  reasonLabel: { id: 'moderation.reason.label', defaultMessage: 'Reason' },
  reasonHint: {
    id: 'moderation.reason.hint',
    defaultMessage:
      'Required, {min, number} to {max, plural, one {# character} other {# characters}}. The task’s author sees it.',
  },
  noteHint: {
    id: 'moderation.reason.noteHint',
    defaultMessage: 'Optional, at most {max, plural, one {# character} other {# characters}}.',
  },
  confirm: { id: 'moderation.reason.confirm', defaultMessage: 'Confirm' },
  cancel: { id: 'moderation.reason.cancel', defaultMessage: 'Cancel' },
  sending: { id: 'moderation.reason.sending', defaultMessage: 'Saving…' },
  failed: {
    id: 'moderation.failed',
    defaultMessage: 'The decision could not be saved. Try again.',
  },
  done: { id: 'moderation.done', defaultMessage: 'Decision saved' },
  logTitle: { id: 'moderation.log.title', defaultMessage: 'Decision log' },
  logEmpty: { id: 'moderation.log.empty', defaultMessage: 'No decisions yet.' },
  logEntry: {
    id: 'moderation.log.entry',
    defaultMessage:
      '{moderator}: {action, select, hide {hid the task} restore {restored the task} dismiss {dismissed the reports about} suspend {suspended} unsuspend {lifted the suspension of} hide_question {hid a question on} dismiss_question {dismissed the reports about a question on} other {decided on}} {target}',
  },
  logReason: { id: 'moderation.log.reason', defaultMessage: 'Reason: {reason}' },
  logDeleted: { id: 'moderation.log.deleted', defaultMessage: 'a deleted item' },
  /** A task's title or a user's name in the log, in the language's quotation marks. */
  logQuoted: { id: 'moderation.log.quoted', defaultMessage: '“{text}”' },
  showMoreReports: { id: 'moderation.showMore.reports', defaultMessage: 'Show more reports' },
  showMoreLog: { id: 'moderation.showMore.log', defaultMessage: 'Show older decisions' },
  showMoreQuestions: { id: 'moderation.showMore.questions', defaultMessage: 'Show more questions' },
  // Reported questions (issue 20).
  questionsTitle: {
    id: 'moderation.questions.title',
    defaultMessage: 'Reported questions',
  },
  questionsCounts: {
    id: 'moderation.questions.counts',
    defaultMessage:
      '{reports, plural, one {# open report} other {# open reports}} about {questions, plural, one {# question} other {# questions}}',
  },
  questionsCountsClosed: {
    id: 'moderation.questions.countsClosed',
    defaultMessage:
      '{reports, plural, one {# decided report} other {# decided reports}} about {questions, plural, one {# question} other {# questions}}',
  },
  questionsEmptyOpenTitle: {
    id: 'moderation.questions.empty.openTitle',
    defaultMessage: 'No reported questions',
  },
  questionsEmptyOpenText: {
    id: 'moderation.questions.empty.openText',
    defaultMessage:
      'There is nothing to decide. When someone reports a question on a task, it appears here.',
  },
  questionsEmptyClosedTitle: {
    id: 'moderation.questions.empty.closedTitle',
    defaultMessage: 'No decided question reports yet',
  },
  questionsEmptyClosedText: {
    id: 'moderation.questions.empty.closedText',
    defaultMessage:
      'Reports about questions appear here once a moderator has decided them, the latest decision first.',
  },
  questionOn: {
    id: 'moderation.question.on',
    defaultMessage: 'Question on “<link>{title}</link>”',
  },
  questionAsked: {
    id: 'moderation.question.asked',
    defaultMessage: 'Asked by {name} on {date}',
  },
  questionAskedDeleted: {
    id: 'moderation.question.askedDeleted',
    defaultMessage: 'Asked on {date}; the asker’s account was deleted',
  },
  questionHiddenByOwner: {
    id: 'moderation.question.hiddenByOwner',
    defaultMessage: 'Hidden by the task’s owner',
  },
  hideQuestion: {
    id: 'moderation.action.hideQuestion',
    defaultMessage: 'Hide the question',
  },
  questionReasonHint: {
    id: 'moderation.reason.questionHint',
    defaultMessage:
      'Required, {min, number} to {max, plural, one {# character} other {# characters}}. It is kept in the decision log; the question’s author does not see it.',
  },
  logQuestion: {
    id: 'moderation.log.question',
    defaultMessage: 'Question: {message}',
  },
});

/** "My reports" (issue 19): `myReports.` ids, in the catalog's `later` part. */
export const myReportsMessages = defineMessages({
  title: { id: 'myReports.title', defaultMessage: 'My reports' },
  intro: {
    id: 'myReports.intro',
    defaultMessage:
      'The tasks and questions you reported while logged in, and what the moderators decided. Reports sent without an account have no follow-up.',
  },
  empty: { id: 'myReports.empty', defaultMessage: 'You have not reported anything yet.' },
  question: { id: 'myReports.question', defaultMessage: 'About a question on this task' },
  reportedAt: { id: 'myReports.date', defaultMessage: 'Reported {date}' },
  decidedAt: { id: 'myReports.decided', defaultMessage: 'Decided {date}' },
  status: {
    id: 'myReports.status',
    defaultMessage:
      '{status, select, open {Waiting for a moderator} action_taken {Action taken} dismissed {Dismissed} other {Unknown}}',
  },
  taskGone: { id: 'myReports.taskGone', defaultMessage: 'The task was deleted' },
  yourMessage: { id: 'myReports.message', defaultMessage: 'Your message: {message}' },
});
