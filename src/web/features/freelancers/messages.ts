import { defineMessages } from 'react-intl';

export const freelancersMessages = defineMessages({
  pageTitle: { id: 'freelancers.pageTitle', defaultMessage: 'Freelancers' },
  heading: { id: 'freelancers.heading', defaultMessage: 'Freelancers' },
  intro: {
    id: 'freelancers.intro',
    defaultMessage: 'Find a freelancer by category and language.',
  },
  filtersHeading: { id: 'freelancers.filters.heading', defaultMessage: 'Filter freelancers' },
  category: { id: 'freelancers.filters.category', defaultMessage: 'Category' },
  anyCategory: { id: 'freelancers.filters.anyCategory', defaultMessage: 'All categories' },
  languages: { id: 'freelancers.filters.languages', defaultMessage: 'Speaks' },
  sort: { id: 'freelancers.sort.label', defaultMessage: 'Sort by' },
  sortRatingDesc: { id: 'freelancers.sort.ratingDesc', defaultMessage: 'Best rated first' },
  sortRatingAsc: { id: 'freelancers.sort.ratingAsc', defaultMessage: 'Lowest rated first' },
  sortCompleted: { id: 'freelancers.sort.completed', defaultMessage: 'Most tasks completed' },
  sortNewest: { id: 'freelancers.sort.newest', defaultMessage: 'Newest members' },
  total: {
    id: 'freelancers.results.total',
    defaultMessage: '{count, plural, one {# freelancer found} other {# freelancers found}}',
  },
  empty: {
    id: 'freelancers.results.empty',
    defaultMessage: 'No freelancers match these filters yet.',
  },
  loadFailed: {
    id: 'freelancers.results.loadFailed',
    defaultMessage: 'The freelancers could not be loaded.',
  },
  retry: { id: 'freelancers.results.retry', defaultMessage: 'Try again' },
  loading: { id: 'freelancers.results.loading', defaultMessage: 'Loading freelancers' },
  reset: { id: 'freelancers.filters.reset', defaultMessage: 'Clear filters' },
  business: { id: 'freelancers.card.business', defaultMessage: 'Business' },
  rating: {
    id: 'freelancers.card.rating',
    defaultMessage: 'Rating: {rating, number, ::.#} out of 5',
  },
  noRating: { id: 'freelancers.card.noRating', defaultMessage: 'No ratings yet' },
  completed: {
    id: 'freelancers.card.completed',
    defaultMessage:
      '{count, plural, =0 {No completed tasks yet} one {# completed task} other {# completed tasks}}',
  },
  cardLanguages: { id: 'freelancers.card.languages', defaultMessage: 'Languages' },
  cardCategories: { id: 'freelancers.card.categories', defaultMessage: 'Categories' },
  online: { id: 'freelancers.card.online', defaultMessage: 'Online' },
  offline: { id: 'freelancers.card.offline', defaultMessage: 'Offline' },
});
