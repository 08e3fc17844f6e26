import { defineMessages } from 'react-intl';

export const registrationMessages = defineMessages({
  title: { id: 'registration.title', defaultMessage: 'Create an account' },
  intro: {
    id: 'registration.intro',
    defaultMessage: 'Post tasks for free and get offers from local freelancers.',
  },
  fullName: { id: 'registration.fullName', defaultMessage: 'Full name' },
  email: { id: 'registration.email', defaultMessage: 'Email' },
  password: { id: 'registration.password', defaultMessage: 'Password' },
  passwordHint: {
    id: 'registration.passwordHint',
    defaultMessage: 'At least {min, plural, one {# character} other {# characters}}.',
  },
  terms: {
    id: 'registration.terms',
    defaultMessage:
      'I accept the <terms>terms of use</terms> and the <privacy>privacy policy</privacy>',
  },
  submit: { id: 'registration.submit', defaultMessage: 'Create account' },
  submitting: { id: 'registration.submitting', defaultMessage: 'Creating your account…' },
  failed: {
    id: 'registration.failed',
    defaultMessage: 'Your account was not created. Check the fields marked below.',
  },
  tooManyAttempts: {
    id: 'registration.tooManyAttempts',
    defaultMessage: 'Too many attempts. Wait a minute and try again.',
  },
  expired: {
    id: 'registration.expired',
    defaultMessage: 'The page had expired. Please try again.',
  },
  success: { id: 'registration.success', defaultMessage: 'Welcome to Talka, {name}!' },
  haveAccount: { id: 'registration.haveAccount', defaultMessage: 'Already have an account?' },
  // After registering: the same for a new and a registered address (docs/ACCOUNTS.md).
  checkEmailTitle: { id: 'registration.checkEmail.title', defaultMessage: 'Check your email' },
  checkEmailBody: {
    id: 'registration.checkEmail.body',
    defaultMessage:
      'We sent a message to {email}. Follow the link in it within 24 hours to finish creating your account.',
  },
  checkEmailHint: {
    id: 'registration.checkEmail.hint',
    defaultMessage:
      'If this address already has an account, the message tells you how to log in instead. Nothing arrived? Look in your spam folder, or register again.',
  },
  // The page of the emailed link.
  confirmTitle: { id: 'registration.confirm.title', defaultMessage: 'Confirm your account' },
  confirmIntro: {
    id: 'registration.confirm.intro',
    defaultMessage:
      'One step left: confirm your email address to create your Talka account and log in.',
  },
  confirmSubmit: { id: 'registration.confirm.submit', defaultMessage: 'Confirm and log in' },
  confirmSubmitting: { id: 'registration.confirm.submitting', defaultMessage: 'Confirming…' },
  /** Also the server's 422 text for a bad token (it reads this catalog id). */
  confirmInvalid: {
    id: 'registration.confirm.invalid',
    defaultMessage: 'This confirmation link is invalid, has expired or has already been used.',
  },
  confirmRegisterAgain: {
    id: 'registration.confirm.registerAgain',
    defaultMessage: 'Register again',
  },
  login: { id: 'registration.login', defaultMessage: 'Log in' },
  required: { id: 'registration.errors.required', defaultMessage: 'This field is required.' },
  emailInvalid: {
    id: 'registration.errors.email',
    defaultMessage: 'Enter a valid email address.',
  },
  minLength: {
    id: 'registration.errors.minLength',
    defaultMessage: 'Use at least {min, plural, one {# character} other {# characters}}.',
  },
  maxLength: {
    id: 'registration.errors.maxLength',
    defaultMessage: 'Use at most {max, plural, one {# character} other {# characters}}.',
  },
  acceptTerms: {
    id: 'registration.errors.acceptTerms',
    defaultMessage: 'Accept the terms to continue.',
  },
  invalid: { id: 'registration.errors.invalid', defaultMessage: 'This value is not valid.' },
  tooManyCategories: {
    id: 'registration.errors.tooManyCategories',
    defaultMessage: 'Choose at most {max, plural, one {# category} other {# categories}}.',
  },
  // Become a freelancer.
  freelancerTitle: { id: 'registration.freelancer.title', defaultMessage: 'Become a freelancer' },
  freelancerIntro: {
    id: 'registration.freelancer.intro',
    defaultMessage:
      'Freelancers send offers on tasks and get paid by customers directly. Choose what you do and which languages you speak; you can change this later.',
  },
  freelancerSteps: {
    id: 'registration.freelancer.steps',
    defaultMessage:
      'Customers see your rating and completed tasks, so good work brings more offers your way.',
  },
  freelancerCategories: {
    id: 'registration.freelancer.categories',
    defaultMessage: 'Categories you work in',
  },
  freelancerLanguages: {
    id: 'registration.freelancer.languages',
    defaultMessage: 'Languages you speak',
  },
  freelancerSubmit: {
    id: 'registration.freelancer.submit',
    defaultMessage: 'Become a freelancer',
  },
  freelancerSubmitting: {
    id: 'registration.freelancer.submitting',
    defaultMessage: 'Saving…',
  },
  freelancerSuccess: {
    id: 'registration.freelancer.success',
    defaultMessage: 'You are now a freelancer. You can send offers on tasks.',
  },
  freelancerAlready: {
    id: 'registration.freelancer.already',
    defaultMessage: 'You are already a freelancer.',
  },
  freelancerContinue: {
    id: 'registration.freelancer.continue',
    defaultMessage: 'Continue',
  },
  freelancerLogin: {
    id: 'registration.freelancer.login',
    defaultMessage: 'Log in or create an account first to become a freelancer.',
  },
  freelancerFailed: {
    id: 'registration.freelancer.failed',
    defaultMessage: 'Your choice was not saved. Check the fields marked below.',
  },
  categoriesLoading: {
    id: 'registration.freelancer.categoriesLoading',
    defaultMessage: 'Loading categories',
  },
});
