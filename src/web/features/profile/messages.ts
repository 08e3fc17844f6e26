import { defineMessages } from 'react-intl';

export const profileMessages = defineMessages({
  pageTitle: { id: 'profile.pageTitle', defaultMessage: '{name}: profile' },
  business: { id: 'profile.business', defaultMessage: 'Business' },
  online: { id: 'profile.online', defaultMessage: 'Online' },
  offline: { id: 'profile.offline', defaultMessage: 'Offline' },
  memberSince: { id: 'profile.memberSince', defaultMessage: 'Member since {date}' },
  freelancerBadge: { id: 'profile.freelancerBadge', defaultMessage: 'Freelancer' },
  customerRating: { id: 'profile.ratings.customer', defaultMessage: 'As a customer' },
  freelancerRating: { id: 'profile.ratings.freelancer', defaultMessage: 'As a freelancer' },
  ratingsHeading: { id: 'profile.ratings.heading', defaultMessage: 'Ratings' },
  rating: { id: 'profile.ratings.value', defaultMessage: '{rating, number, ::.#} out of 5' },
  noRating: { id: 'profile.ratings.none', defaultMessage: 'No ratings yet' },
  reviewsCount: {
    id: 'profile.ratings.reviewsCount',
    defaultMessage: '{count, plural, =0 {no reviews} one {# review} other {# reviews}}',
  },
  reviewsHeading: { id: 'profile.reviews.heading', defaultMessage: 'Reviews' },
  reviewsAsCustomer: {
    id: 'profile.reviews.asCustomer',
    defaultMessage: 'Reviews from freelancers',
  },
  reviewsAsFreelancer: {
    id: 'profile.reviews.asFreelancer',
    defaultMessage: 'Reviews from customers',
  },
  noReviews: { id: 'profile.reviews.none', defaultMessage: 'No reviews yet.' },
  reviewRate: { id: 'profile.reviews.rate', defaultMessage: 'Rated {rate, number} out of 5' },
  reviewOnTask: { id: 'profile.reviews.task', defaultMessage: 'Task: {title}' },
  reviewNotCompleted: { id: 'profile.reviews.notCompleted', defaultMessage: 'Not completed' },
  deletedReviewer: { id: 'profile.reviews.deletedReviewer', defaultMessage: 'Deleted user' },
  tasksHeading: { id: 'profile.tasks.heading', defaultMessage: 'Tasks posted' },
  noTasks: { id: 'profile.tasks.none', defaultMessage: 'No open tasks at the moment.' },
  languagesHeading: { id: 'profile.languages.heading', defaultMessage: 'Languages' },
  noLanguages: { id: 'profile.languages.none', defaultMessage: 'Not specified' },
  categoriesHeading: { id: 'profile.categories.heading', defaultMessage: 'Offers services in' },
  deletedTitle: { id: 'profile.deleted.title', defaultMessage: 'Deleted user' },
  deletedText: {
    id: 'profile.deleted.text',
    defaultMessage: 'This account has been deleted. Its profile is no longer available.',
  },
  deletedHome: { id: 'profile.deleted.home', defaultMessage: 'Go to the home page' },
  loading: { id: 'profile.loading', defaultMessage: 'Loading the profile' },
  loadFailed: { id: 'profile.loadFailed', defaultMessage: 'The profile could not be loaded.' },
  retry: { id: 'profile.retry', defaultMessage: 'Try again' },
  // Editing one's own profile.
  editHeading: { id: 'profile.edit.heading', defaultMessage: 'Edit your profile' },
  displayName: { id: 'profile.edit.displayName', defaultMessage: 'Display name' },
  displayNameHint: {
    id: 'profile.edit.displayNameHint',
    defaultMessage: 'Shown to others on your tasks and offers.',
  },
  phone: { id: 'profile.edit.phone', defaultMessage: 'Phone number' },
  phoneHint: {
    id: 'profile.edit.phoneHint',
    defaultMessage: 'Only the person you work with sees it, after an offer is chosen.',
  },
  languages: { id: 'profile.edit.languages', defaultMessage: 'Languages you speak' },
  save: { id: 'profile.edit.save', defaultMessage: 'Save changes' },
  saving: { id: 'profile.edit.saving', defaultMessage: 'Saving…' },
  saved: { id: 'profile.edit.saved', defaultMessage: 'Your profile has been saved.' },
  saveFailed: {
    id: 'profile.edit.saveFailed',
    defaultMessage: 'Your profile was not saved. Check the fields marked below.',
  },
  becomeFreelancer: {
    id: 'profile.edit.becomeFreelancer',
    defaultMessage: 'Become a freelancer',
  },
  // Photo upload (SPEC section 5).
  photoLabel: { id: 'profile.photo.label', defaultMessage: 'Image' },
  photoHint: {
    id: 'profile.photo.hint',
    defaultMessage: 'PNG or JPG, at most {max, number} KB.',
  },
  photoChoose: { id: 'profile.photo.choose', defaultMessage: 'Choose a photo' },
  photoChange: { id: 'profile.photo.change', defaultMessage: 'Change photo' },
  photoNone: { id: 'profile.photo.none', defaultMessage: 'No photo chosen' },
  photoAlt: { id: 'profile.photo.alt', defaultMessage: 'Your profile photo' },
  photoPlaceholderAlt: { id: 'profile.photo.placeholderAlt', defaultMessage: 'No photo' },
  photoUploading: { id: 'profile.photo.uploading', defaultMessage: 'Uploading the photo…' },
  photoSaved: { id: 'profile.photo.saved', defaultMessage: 'Your photo has been updated.' },
  photoNotImage: { id: 'profile.photo.notImage', defaultMessage: 'The file must be an image.' },
  photoType: {
    id: 'profile.photo.type',
    defaultMessage: 'Choose a PNG, JPG or JPEG file.',
  },
  photoTooLarge: {
    id: 'profile.photo.tooLarge',
    defaultMessage: 'The image must not be larger than {max, number} KB.',
  },
  photoFailed: {
    id: 'profile.photo.failed',
    defaultMessage: 'The photo could not be uploaded. Please try again.',
  },
  // Texts of the shared profile schema's rules (src/shared/validation/profile.ts).
  required: { id: 'profile.errors.required', defaultMessage: 'This field is required.' },
  minLength: {
    id: 'profile.errors.minLength',
    defaultMessage: 'Use at least {min, plural, one {# character} other {# characters}}.',
  },
  maxLength: {
    id: 'profile.errors.maxLength',
    defaultMessage: 'Use at most {max, plural, one {# character} other {# characters}}.',
  },
  phoneFormat: {
    id: 'profile.errors.phone',
    defaultMessage: 'Enter the phone number in international format, e.g. +371 20000000.',
  },
  invalid: { id: 'profile.errors.invalid', defaultMessage: 'This value is not valid.' },
});
