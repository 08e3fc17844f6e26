import { defineMessages } from 'react-intl';

export const appMessages = defineMessages({
  mainNav: { id: 'app.nav.label', defaultMessage: 'Main' },
  postTask: { id: 'app.nav.postTask', defaultMessage: 'Post a task' },
  browseTasks: { id: 'app.nav.browseTasks', defaultMessage: 'Browse tasks' },
  logoLabel: { id: 'app.logo.label', defaultMessage: 'Talka home page' },
});
