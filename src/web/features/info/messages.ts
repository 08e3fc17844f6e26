import { defineMessages } from 'react-intl';

/**
 * The footer's pages (terms of use, privacy policy, help, contact). Their titles are the footer's
 * link texts (src/web/app/messages.ts `app.footer.*`, in the shell's catalog part); the rest is
 * here, in the `later` part (scripts/webpack/compiledMessagesLoader.cjs). A body of several
 * paragraphs marks each with <p>…</p>, a list each item with <li>…</li> (tags, not line breaks:
 * extraction folds whitespace). `{email}` is SUPPORT_EMAIL.
 */
export const infoMessages = defineMessages({
  termsIntro: {
    id: 'info.terms.intro',
    defaultMessage:
      'These terms apply to everyone who uses Talka: customers who post tasks, freelancers who make offers and visitors who only browse. By creating an account you accept them.',
  },
  termsAboutTitle: { id: 'info.terms.about.title', defaultMessage: 'What Talka is' },
  termsAboutBody: {
    id: 'info.terms.about.body',
    defaultMessage:
      '<p>Talka is an online venue where customers in Latvia, Estonia and Lithuania post tasks and freelancers offer to do them.</p><p>Talka is not a party to the agreement between a customer and a freelancer. We do not employ freelancers, do not do the work and do not guarantee its quality, its timing or that a task will be done at all.</p>',
  },
  termsAccountsTitle: { id: 'info.terms.accounts.title', defaultMessage: 'Your account' },
  termsAccountsBody: {
    id: 'info.terms.accounts.body',
    defaultMessage:
      '<p>You must be at least 18 years old and give your real name and an email address you use. Keep your password to yourself: you are responsible for what is done with your account.</p><p>One person has one account. You can ask us to close yours at any time.</p>',
  },
  termsTasksTitle: { id: 'info.terms.tasks.title', defaultMessage: 'Tasks and offers' },
  termsTasksBody: {
    id: 'info.terms.tasks.body',
    defaultMessage:
      '<p>A task must describe real, lawful work in plain words, with an honest budget. Do not post advertising, other people’s personal data or anything you have no right to share.</p><p>An offer is a freelancer’s price for doing a task. When the customer chooses an offer, the customer and the freelancer have an agreement with each other on what the task and the offer say.</p>',
  },
  termsPaymentsTitle: { id: 'info.terms.payments.title', defaultMessage: 'Payments' },
  termsPaymentsBody: {
    id: 'info.terms.payments.body',
    defaultMessage:
      '<p>Talka does not handle money. The customer pays the freelancer directly, in the way the two of them agree on. Posting a task and making an offer are free.</p><p>Each party is responsible for its own taxes, invoices and any permits the work needs.</p>',
  },
  termsRatingsTitle: { id: 'info.terms.ratings.title', defaultMessage: 'Ratings and reviews' },
  termsRatingsBody: {
    id: 'info.terms.ratings.body',
    defaultMessage:
      'When a task ends, the customer and the freelancer rate each other and may write a review. Reviews must be honest and about the task. We may remove reviews that are abusive, off topic or given in exchange for something.',
  },
  termsReportsTitle: { id: 'info.terms.reports.title', defaultMessage: 'Reports and removal' },
  termsReportsBody: {
    id: 'info.terms.reports.body',
    defaultMessage:
      'Anyone can report a task that breaks these terms. We review every report and may hide or remove content, limit an account or close it. We tell the user why, unless the law or safety forbids it. If you think we made a mistake, write to us.',
  },
  termsLiabilityTitle: { id: 'info.terms.liability.title', defaultMessage: 'Liability' },
  termsLiabilityBody: {
    id: 'info.terms.liability.body',
    defaultMessage:
      '<p>We do our best to keep Talka working, but we provide it as it is. We are not liable for work done or not done, for damage one user causes another, or for what users write. Our liability is limited as far as the law of Latvia allows.</p><p>Nothing in these terms takes away the rights consumers have by law.</p>',
  },
  termsChangesTitle: {
    id: 'info.terms.changes.title',
    defaultMessage: 'Changes to these terms',
  },
  termsChangesBody: {
    id: 'info.terms.changes.body',
    defaultMessage:
      'We may change these terms. We tell registered users about important changes by email at least 14 days before they apply. If you go on using Talka after that, the new terms apply to you.',
  },
  termsLawTitle: { id: 'info.terms.law.title', defaultMessage: 'Governing law' },
  termsLawBody: {
    id: 'info.terms.law.body',
    defaultMessage:
      'These terms are governed by the law of the Republic of Latvia. Disputes are settled by the courts of Latvia, unless the law of the country where you live lets you, as a consumer, go to its courts.',
  },

  privacyIntro: {
    id: 'info.privacy.intro',
    defaultMessage:
      'This policy explains which personal data Talka processes, why, and what rights you have under the General Data Protection Regulation (GDPR). The controller is the operator of Talka; write to us at {email}.',
  },
  privacyDataTitle: { id: 'info.privacy.data.title', defaultMessage: 'What data we process' },
  privacyDataBody: {
    id: 'info.privacy.data.body',
    defaultMessage:
      '<p>Account data: your name, email address and password (stored only as a hash), and what you add to your profile: photo, phone number, languages and description.</p><p>What you publish and send: tasks, photos, places, offers, messages, ratings, reviews and reports.</p><p>Technical data: sign-in sessions, your language and the logs our servers keep for security.</p>',
  },
  privacyPurposesTitle: {
    id: 'info.privacy.purposes.title',
    defaultMessage: 'Why we process it',
  },
  privacyPurposesBody: {
    id: 'info.privacy.purposes.body',
    defaultMessage:
      'To create your account and sign you in; to show tasks, offers and profiles; to let customers and freelancers talk to each other; to send you emails about your account and your tasks; to keep Talka safe and to handle reports.',
  },
  privacyBasisTitle: { id: 'info.privacy.basis.title', defaultMessage: 'Legal basis' },
  privacyBasisBody: {
    id: 'info.privacy.basis.body',
    defaultMessage:
      'The contract with you (GDPR Article 6(1)(b)) for your account and the service; our legitimate interest (Article 6(1)(f)) in security and in preventing abuse; a legal obligation (Article 6(1)(c)) where the law requires us to keep or disclose data.',
  },
  privacySharingTitle: { id: 'info.privacy.sharing.title', defaultMessage: 'Who sees your data' },
  privacySharingBody: {
    id: 'info.privacy.sharing.body',
    defaultMessage:
      '<p>Tasks, offers, profiles and ratings are public as the pages show them. Until a task is assigned, others see only its approximate location. Your phone number and email address are shown only to the other party of a task you are assigned to or have assigned.</p><p>Our hosting providers in the European Union store the data for us. We do not sell personal data and do not use it for advertising.</p>',
  },
  privacyRetentionTitle: {
    id: 'info.privacy.retention.title',
    defaultMessage: 'How long we keep it',
  },
  privacyRetentionBody: {
    id: 'info.privacy.retention.body',
    defaultMessage:
      'We keep your account data while your account exists. When it is closed, we delete or anonymise your data within 30 days, except what the law requires us to keep. Server logs are kept for up to 90 days.',
  },
  privacyRightsTitle: { id: 'info.privacy.rights.title', defaultMessage: 'Your rights' },
  privacyRightsBody: {
    id: 'info.privacy.rights.body',
    defaultMessage:
      '<p>You have the right to access your data, to have it corrected or deleted, to restrict or object to its processing and to receive it in a portable form. To use these rights, write to {email}.</p><p>You may also complain to the Data State Inspectorate of Latvia (Datu valsts inspekcija) or to the data protection authority of your country.</p>',
  },
  privacyCookiesTitle: { id: 'info.privacy.cookies.title', defaultMessage: 'Cookies' },
  privacyCookiesBody: {
    id: 'info.privacy.cookies.body',
    defaultMessage:
      'Talka uses only the cookies it needs to work: one that keeps you signed in, a security token against forged requests and one that counts a task’s views once per visitor. We use no advertising or tracking cookies.',
  },

  helpIntro: {
    id: 'info.help.intro',
    defaultMessage: 'New to Talka? This is how a task goes from posting to rating.',
  },
  helpStepsHeading: { id: 'info.help.steps.heading', defaultMessage: 'Step by step' },
  helpPostTitle: { id: 'info.help.post.title', defaultMessage: '1. Post a task' },
  helpPostBody: {
    id: 'info.help.post.body',
    defaultMessage:
      'Choose “Post a task”, pick a category and say what needs doing, where and by when. Add photos if they help and set your budget. Posting is free.',
  },
  helpOfferTitle: { id: 'info.help.offer.title', defaultMessage: '2. Make an offer' },
  helpOfferBody: {
    id: 'info.help.offer.body',
    defaultMessage:
      'Freelancers find tasks in the list, open one and choose “Make an offer”: a price and a few words about how they would do the work. An offer can be changed or withdrawn until the customer chooses one.',
  },
  helpAssignTitle: { id: 'info.help.assign.title', defaultMessage: '3. Choose a freelancer' },
  helpAssignBody: {
    id: 'info.help.assign.body',
    defaultMessage:
      'The customer compares prices, ratings and profiles, may chat with the freelancers and chooses one offer. The task is then assigned: both sides see each other’s contacts and the exact address.',
  },
  helpCompleteTitle: { id: 'info.help.complete.title', defaultMessage: '4. Finish the task' },
  helpCompleteBody: {
    id: 'info.help.complete.body',
    defaultMessage:
      'When the work is over, the customer or the freelancer says whether the task was completed. The first answer sets the task’s status; the other side then gives their own answer on their review.',
  },
  helpRateTitle: { id: 'info.help.rate.title', defaultMessage: '5. Rate each other' },
  helpRateBody: {
    id: 'info.help.rate.body',
    defaultMessage:
      'With that answer each side rates the other and may write a short review, within 14 days. Ratings show on profiles and help others choose.',
  },
  helpFaqHeading: { id: 'info.help.faq.heading', defaultMessage: 'Questions and answers' },
  helpFaqCostQuestion: {
    id: 'info.help.faq.cost.question',
    defaultMessage: 'Does Talka cost anything?',
  },
  helpFaqCostAnswer: {
    id: 'info.help.faq.cost.answer',
    defaultMessage: 'No. Posting tasks and making offers are free.',
  },
  helpFaqPayQuestion: {
    id: 'info.help.faq.pay.question',
    defaultMessage: 'How do I pay the freelancer?',
  },
  helpFaqPayAnswer: {
    id: 'info.help.faq.pay.answer',
    defaultMessage:
      'Directly, as the two of you agree: in cash, by bank transfer or otherwise. Talka does not take payments.',
  },
  helpFaqEditQuestion: {
    id: 'info.help.faq.edit.question',
    defaultMessage: 'Can I change my task after posting it?',
  },
  helpFaqEditAnswer: {
    id: 'info.help.faq.edit.answer',
    defaultMessage:
      'Yes, open the task and edit it while it takes offers. Once an offer is chosen, agree any changes with the freelancer in the chat.',
  },
  helpFaqProblemQuestion: {
    id: 'info.help.faq.problem.question',
    defaultMessage: 'What if something goes wrong?',
  },
  helpFaqProblemAnswer: {
    id: 'info.help.faq.problem.answer',
    defaultMessage:
      'Talk to the other side first. If a task breaks the rules, use “Report” on its page: we look at every report. For anything else, write to us.',
  },
  helpFaqLanguageQuestion: {
    id: 'info.help.faq.language.question',
    defaultMessage: 'Which languages can I use?',
  },
  helpFaqLanguageAnswer: {
    id: 'info.help.faq.language.answer',
    defaultMessage:
      'Talka speaks Latvian, English, Russian, Turkish, Estonian and Lithuanian; switch at the top of the page. A task says which languages its customer speaks.',
  },

  contactIntro: {
    id: 'info.contact.intro',
    defaultMessage: 'Questions, problems or ideas? Write to us: we answer within two working days.',
  },
  contactEmailLabel: { id: 'info.contact.email.label', defaultMessage: 'Email' },
  contactIncludeTitle: {
    id: 'info.contact.include.title',
    defaultMessage: 'What to include',
  },
  contactIncludeBody: {
    id: 'info.contact.include.body',
    defaultMessage:
      '<li>the email address of your Talka account</li><li>the task’s link or code (such as TK12AB34), if your message is about a task</li><li>what happened and what you expected, with a screenshot if you can</li>',
  },
  contactNeverTitle: { id: 'info.contact.never.title', defaultMessage: 'Stay safe' },
  contactNeverBody: {
    id: 'info.contact.never.body',
    defaultMessage:
      'Never send us your password or bank card details. We never ask for them, by email or otherwise.',
  },
  contactReportTitle: {
    id: 'info.contact.report.title',
    defaultMessage: 'Reports and personal data',
  },
  contactReportBody: {
    id: 'info.contact.report.body',
    defaultMessage:
      'To report a task, the quickest way is “Report” on its page. For questions about your personal data, write to the same address with “Privacy” in the subject.',
  },
});
