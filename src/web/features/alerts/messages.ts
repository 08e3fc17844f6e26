import { defineMessages } from 'react-intl';

/**
 * Task alerts (issue 20). `alerts.` ids are in the catalog's `later` part (the alerts pages only); the
 * user menu's links and the push notice, shown on every page, have `session.`/`push.` ids (`core`).
 */
export const alertsMessages = defineMessages({
  menuAlerts: { id: 'session.menu.alerts', defaultMessage: 'Task alerts' },
  menuMatches: { id: 'session.menu.alertMatches', defaultMessage: 'Tasks for you' },
  title: { id: 'alerts.page.title', defaultMessage: 'Task alerts' },
  intro: {
    id: 'alerts.page.intro',
    defaultMessage:
      'Hear about new tasks that fit you as soon as they are posted. Alerts match by category, place, language and budget, not by words.',
  },
  delivery: {
    id: 'alerts.page.delivery',
    defaultMessage:
      'A matching task shows as a notice at once and in “Tasks for you”; we also email you at most once a day.',
  },
  count: {
    id: 'alerts.page.count',
    defaultMessage: '{count, plural, one {You have # alert.} other {You have # alerts.}}',
  },
  empty: { id: 'alerts.page.empty', defaultMessage: 'You have no alerts yet.' },
  login: { id: 'alerts.page.login', defaultMessage: 'Log in to save task alerts.' },
  loginLink: { id: 'alerts.page.loginLink', defaultMessage: 'Log in' },
  freelancersOnly: {
    id: 'alerts.page.freelancersOnly',
    defaultMessage: 'Task alerts are for freelancers. Become a freelancer to save alerts.',
  },
  becomeFreelancer: { id: 'alerts.page.becomeFreelancer', defaultMessage: 'Become a freelancer' },
  edit: { id: 'alerts.page.edit', defaultMessage: 'Edit' },
  delete: { id: 'alerts.page.delete', defaultMessage: 'Delete' },
  deleteTitle: { id: 'alerts.page.deleteTitle', defaultMessage: 'Delete this alert?' },
  deleteText: {
    id: 'alerts.page.deleteText',
    defaultMessage: 'You will no longer hear about new tasks that match it. This cannot be undone.',
  },
  deleteConfirm: { id: 'alerts.page.deleteConfirm', defaultMessage: 'Delete alert' },
  saved: { id: 'alerts.page.saved', defaultMessage: 'The alert is saved.' },
  deleted: { id: 'alerts.page.deleted', defaultMessage: 'The alert is deleted.' },
  alertLabel: { id: 'alerts.page.alertLabel', defaultMessage: 'Alert {number, number}' },
  remoteSummary: { id: 'alerts.summary.remote', defaultMessage: 'Remote tasks' },
  placeSummary: {
    id: 'alerts.summary.place',
    defaultMessage: 'Within {radius, number} km of {address}',
  },
  budgetSummary: { id: 'alerts.summary.budget', defaultMessage: 'Budget of {amount} or more' },
  anyBudget: { id: 'alerts.summary.anyBudget', defaultMessage: 'Any budget' },
  newTitle: { id: 'alerts.form.newTitle', defaultMessage: 'New alert' },
  editTitle: { id: 'alerts.form.editTitle', defaultMessage: 'Edit the alert' },
  categories: { id: 'alerts.form.categories', defaultMessage: 'Categories' },
  categoriesHint: {
    id: 'alerts.form.categoriesHint',
    defaultMessage: 'A main category includes all of its subcategories.',
  },
  where: { id: 'alerts.form.where', defaultMessage: 'Where' },
  nearPlace: { id: 'alerts.form.nearPlace', defaultMessage: 'Near a place' },
  remote: { id: 'alerts.form.remote', defaultMessage: 'Remote tasks (can be done anywhere)' },
  address: { id: 'alerts.form.address', defaultMessage: 'Place' },
  addressPlaceholder: { id: 'alerts.form.addressPlaceholder', defaultMessage: 'Town or address' },
  noPlaces: { id: 'alerts.form.noPlaces', defaultMessage: 'No places found.' },
  radius: { id: 'alerts.form.radius', defaultMessage: 'Distance in km' },
  languages: { id: 'alerts.form.languages', defaultMessage: 'Languages' },
  budgetMin: { id: 'alerts.form.budgetMin', defaultMessage: 'Lowest budget in euros' },
  budgetHint: {
    id: 'alerts.form.budgetHint',
    defaultMessage:
      'A task matches when its budget reaches this amount. Leave it empty for any budget.',
  },
  save: { id: 'alerts.form.save', defaultMessage: 'Save the alert' },
  saving: { id: 'alerts.form.saving', defaultMessage: 'Saving…' },
  cancel: { id: 'alerts.form.cancel', defaultMessage: 'Cancel' },
  failed: {
    id: 'alerts.form.failed',
    defaultMessage: 'The alert could not be saved. Check the marked fields.',
  },
  matchesTitle: { id: 'alerts.matches.title', defaultMessage: 'Tasks for you' },
  matchesIntro: {
    id: 'alerts.matches.intro',
    defaultMessage: 'Tasks that matched your alerts, the newest first.',
  },
  matchesTotal: {
    id: 'alerts.matches.total',
    defaultMessage: '{count, plural, one {# task} other {# tasks}}',
  },
  matchesEmpty: {
    id: 'alerts.matches.empty',
    defaultMessage: 'No task has matched your alerts yet.',
  },
  manage: { id: 'alerts.matches.manage', defaultMessage: 'Manage alerts' },
});
