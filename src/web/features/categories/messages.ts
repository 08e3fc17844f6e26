import { defineMessages } from 'react-intl';

export const categoriesMessages = defineMessages({
  heading: { id: 'categories.sidebar.heading', defaultMessage: 'Categories' },
  popularHeading: { id: 'categories.sidebar.popularHeading', defaultMessage: 'Popular categories' },
  open: { id: 'categories.sidebar.open', defaultMessage: 'Browse categories' },
  openPopular: { id: 'categories.sidebar.openPopular', defaultMessage: 'Popular categories' },
  close: { id: 'categories.sidebar.close', defaultMessage: 'Close categories' },
  weeklyCount: {
    id: 'categories.card.weeklyCount',
    defaultMessage: '{count, plural, one {# task this week} other {# tasks this week}}',
  },
  subcategories: {
    id: 'categories.card.subcategories',
    defaultMessage: 'Subcategories of {category}',
  },
  loadFailed: {
    id: 'categories.sidebar.loadFailed',
    defaultMessage: 'Categories could not be loaded.',
  },
  retry: { id: 'categories.sidebar.retry', defaultMessage: 'Try again' },
});
