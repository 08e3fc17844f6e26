import { defineMessages } from 'react-intl';

/** Texts of the task create/edit form (SPEC section 2 'Task create/edit form', section 8). */
export const taskFormMessages = defineMessages({
  createTitle: { id: 'taskForm.create.title', defaultMessage: 'Post a task' },
  createIntro: {
    id: 'taskForm.create.intro',
    defaultMessage: 'Describe what needs doing and freelancers will send you offers.',
  },
  editTitle: { id: 'taskForm.edit.title', defaultMessage: 'Edit the task' },
  loading: { id: 'taskForm.loading', defaultMessage: 'Loading the form…' },
  draftRestored: {
    id: 'taskForm.draft.restored',
    defaultMessage: 'We restored what you typed earlier. Images have to be added again.',
  },
  draftDiscard: { id: 'taskForm.draft.discard', defaultMessage: 'Start over' },

  category: { id: 'taskForm.category.label', defaultMessage: 'Category' },
  subcategory: { id: 'taskForm.subcategory.label', defaultMessage: 'Subcategory' },
  choose: { id: 'taskForm.category.choose', defaultMessage: 'Choose…' },
  categoriesFailed: {
    id: 'taskForm.category.failed',
    defaultMessage: 'The categories could not be loaded. Reload the page to try again.',
  },
  title: { id: 'taskForm.title.label', defaultMessage: 'Title' },
  titlePlaceholder: {
    id: 'taskForm.title.placeholder',
    defaultMessage: 'For example: fix a dripping kitchen tap',
  },
  description: { id: 'taskForm.description.label', defaultMessage: 'Description' },
  counter: { id: 'taskForm.counter', defaultMessage: '{count, number} / {max, number}' },
  counterLabel: {
    id: 'taskForm.counter.label',
    defaultMessage: '{count, number} of {max, plural, one {# character} other {# characters}} used',
  },
  images: { id: 'taskForm.images.label', defaultMessage: 'Images' },
  languages: { id: 'taskForm.languages.label', defaultMessage: 'Languages you speak' },
  dueType: { id: 'taskForm.dueType.label', defaultMessage: 'When' },
  dueTypeStart: { id: 'taskForm.dueType.start', defaultMessage: 'Start at' },
  dueTypeEnd: { id: 'taskForm.dueType.end', defaultMessage: 'Done by' },
  dueTypePeriod: { id: 'taskForm.dueType.period', defaultMessage: 'Between two dates' },
  dueStart: { id: 'taskForm.dueStart.label', defaultMessage: 'Start' },
  dueEnd: { id: 'taskForm.dueEnd.label', defaultMessage: 'End' },
  locationType: { id: 'taskForm.locationType.label', defaultMessage: 'Where' },
  locationAnywhere: { id: 'taskForm.locationType.anywhere', defaultMessage: 'Anywhere (remote)' },
  locationSpecific: {
    id: 'taskForm.locationType.specific',
    defaultMessage: 'At specific addresses',
  },
  address: { id: 'taskForm.address.label', defaultMessage: 'Address {letter}' },
  addressPlaceholder: {
    id: 'taskForm.address.placeholder',
    defaultMessage: 'Start typing a street or a town',
  },
  addAddress: { id: 'taskForm.address.add', defaultMessage: 'Add another address' },
  removeAddress: { id: 'taskForm.address.remove', defaultMessage: 'Remove address {letter}' },
  placeUnusable: {
    id: 'taskForm.address.unusable',
    defaultMessage: 'This place has no full address. Choose a more precise one.',
  },
  approximate: {
    id: 'taskForm.address.approximate',
    defaultMessage: 'Approximate: the pin is at the centre of {city}',
  },
  noPlaces: {
    id: 'taskForm.address.noPlaces',
    defaultMessage:
      'No town found. Type the street and then the town, e.g. “Brīvības iela 5, Sigulda”.',
  },
  searchFailed: {
    id: 'taskForm.address.searchFailed',
    defaultMessage: 'The address search is not available right now.',
  },
  mapLabel: { id: 'taskForm.map.label', defaultMessage: 'Map of the chosen addresses' },
  budget: { id: 'taskForm.budget.label', defaultMessage: 'Budget (EUR)' },
  budgetFrom: { id: 'taskForm.budget.from', defaultMessage: 'From' },
  budgetTo: { id: 'taskForm.budget.to', defaultMessage: 'To' },
  budgetSpecific: {
    id: 'taskForm.budget.specific',
    defaultMessage: 'Or a specific amount',
  },
  budgetSpecificHint: {
    id: 'taskForm.budget.specificHint',
    defaultMessage: 'When filled in, this amount is the budget.',
  },

  submitCreate: { id: 'taskForm.submit.create', defaultMessage: 'Add task' },
  submitUpdate: { id: 'taskForm.submit.update', defaultMessage: 'Save changes' },
  submitInvalid: { id: 'taskForm.submit.invalid', defaultMessage: 'Invalid form' },
  submitInvalidHint: {
    id: 'taskForm.submit.invalidHint',
    defaultMessage: 'Correct the fields marked in red first.',
  },
  submitImageErrorsHint: {
    id: 'taskForm.submit.imageErrorsHint',
    defaultMessage: 'Remove the images that cannot be added first.',
  },
  submitting: { id: 'taskForm.submit.submitting', defaultMessage: 'Sending…' },
  uploadProgress: {
    id: 'taskForm.upload.progress',
    defaultMessage: 'Uploading: {percent, number}%',
  },
  uploadCancel: { id: 'taskForm.upload.cancel', defaultMessage: 'Cancel upload' },
  uploadCancelled: {
    id: 'taskForm.upload.cancelled',
    defaultMessage: 'The upload was cancelled. Your task was not saved.',
  },
  cancel: { id: 'taskForm.cancel', defaultMessage: 'Cancel' },
  serverInvalid: {
    id: 'taskForm.error.invalid',
    defaultMessage: 'Some fields need attention. Check the messages below them.',
  },
  failed: {
    id: 'taskForm.error.failed',
    defaultMessage: 'The task could not be saved. Please try again.',
  },
  created: { id: 'taskForm.success.created', defaultMessage: 'Task created' },
  updated: { id: 'taskForm.success.updated', defaultMessage: 'Task updated' },
  viewLoading: { id: 'taskForm.view.loading', defaultMessage: 'Opening your task…' },
});

/** The six locales by their own names, for the language checkboxes. */
export const languageMessages = defineMessages({
  lv: { id: 'taskForm.language.lv', defaultMessage: 'Latvian' },
  en: { id: 'taskForm.language.en', defaultMessage: 'English' },
  ru: { id: 'taskForm.language.ru', defaultMessage: 'Russian' },
  tr: { id: 'taskForm.language.tr', defaultMessage: 'Turkish' },
  et: { id: 'taskForm.language.et', defaultMessage: 'Estonian' },
  lt: { id: 'taskForm.language.lt', defaultMessage: 'Lithuanian' },
});
