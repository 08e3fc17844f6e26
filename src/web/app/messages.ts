import { defineMessages } from 'react-intl';

export const appMessages = defineMessages({
  mainNav: { id: 'app.nav.label', defaultMessage: 'Main' },
  postTask: { id: 'app.nav.postTask', defaultMessage: 'Post a task' },
  browseTasks: { id: 'app.nav.browseTasks', defaultMessage: 'Browse tasks' },
  logoLabel: { id: 'app.logo.label', defaultMessage: 'Talka home page' },
  // The footer's links, also the titles of their pages (src/web/features/info).
  footerLabel: { id: 'app.footer.label', defaultMessage: 'About Talka' },
  footerTagline: {
    id: 'app.footer.tagline',
    defaultMessage: 'Talka: local help with everyday tasks in Latvia, Estonia and Lithuania.',
  },
  terms: { id: 'app.footer.terms', defaultMessage: 'Terms of use' },
  privacy: { id: 'app.footer.privacy', defaultMessage: 'Privacy policy' },
  help: { id: 'app.footer.help', defaultMessage: 'Help' },
  contact: { id: 'app.footer.contact', defaultMessage: 'Contact' },
});
