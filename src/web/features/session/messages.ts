import { defineMessages } from 'react-intl';

export const sessionMessages = defineMessages({
  loginTitle: { id: 'session.login.title', defaultMessage: 'Log in' },
  loginIntro: {
    id: 'session.login.intro',
    defaultMessage: 'Welcome back. Log in to post tasks and send offers.',
  },
  email: { id: 'session.login.email', defaultMessage: 'Email' },
  password: { id: 'session.login.password', defaultMessage: 'Password' },
  submit: { id: 'session.login.submit', defaultMessage: 'Log in' },
  submitting: { id: 'session.login.submitting', defaultMessage: 'Logging in…' },
  emailRequired: { id: 'session.login.emailRequired', defaultMessage: 'Enter your email' },
  emailInvalid: {
    id: 'session.login.emailInvalid',
    defaultMessage: 'Enter a valid email address',
  },
  passwordRequired: {
    id: 'session.login.passwordRequired',
    defaultMessage: 'Enter your password',
  },
  failed: {
    id: 'session.login.failed',
    defaultMessage: 'Could not log you in. Check the fields marked below.',
  },
  tooManyAttempts: {
    id: 'session.login.tooManyAttempts',
    defaultMessage: 'Too many attempts. Wait a minute and try again.',
  },
  csrfExpired: {
    id: 'session.login.csrfExpired',
    defaultMessage: 'The page had expired. Please try again.',
  },
  loggedIn: { id: 'session.login.success', defaultMessage: 'Welcome back, {name}!' },
  loggedOut: { id: 'session.logout.success', defaultMessage: 'You have logged out.' },
  logout: { id: 'session.menu.logout', defaultMessage: 'Log out' },
  loginLink: { id: 'session.menu.login', defaultMessage: 'Log in' },
  userMenu: { id: 'session.menu.label', defaultMessage: 'Account' },
  myReports: { id: 'session.menu.myReports', defaultMessage: 'My reports' },
  moderation: { id: 'session.menu.moderation', defaultMessage: 'Moderation' },
});
