/**
 * The SPA's route segments per locale: the one table the client's router (src/web/i18n/routes.ts)
 * and the server's links in emails (src/server/auth/registration.ts) both read.
 */
import type { Locale } from './locales';

type PerLocale = Record<Locale, string>;
const same = (path: string): PerLocale => ({
  lv: path,
  en: path,
  ru: path,
  tr: path,
  et: path,
  lt: path,
});

export const ROUTES = {
  home: same(''),
  login: {
    lv: 'pieslegties',
    en: 'login',
    ru: 'vhod',
    tr: 'giris',
    et: 'sisselogimine',
    lt: 'prisijungti',
  },
  register: {
    lv: 'registreties',
    en: 'register',
    ru: 'registratsiya',
    tr: 'kayit-ol',
    et: 'registreeru',
    lt: 'registruotis',
  },
  tasksCreate: {
    lv: 'izveidot-uzdevumu',
    en: 'create-task',
    ru: 'sozdat-zadanie',
    tr: 'gorev-olustur',
    et: 'loo-ulesanne',
    lt: 'sukurti-uzduoti',
  },
  tasks: same('tasks'),
  // 'tasks/view/:uuid' is listed before 'tasks/:slug' so matching prefers the literal segment.
  taskView: same('tasks/view/:uuid'),
  task: same('tasks/:slug'),
  becomeFreelancer: same('become-freelancer'),
  // The link of the registration email (src/server/auth/registration.ts builds it).
  confirmEmail: same('confirm-email'),
  freelancers: same('freelancers'),
  profile: same('user/profile/:uuid'),
  // Moderation (issue 19): the moderators' page, and every user's own reports.
  moderation: same('moderation'),
  myReports: same('my-reports'),
  // Task alerts (issue 20): the same segments in every locale (the alert email links them).
  alerts: same('alerts'),
  alertMatches: same('alerts/matches'),
  // The footer's pages (src/web/features/info).
  terms: {
    lv: 'noteikumi',
    en: 'terms',
    ru: 'usloviya',
    tr: 'kosullar',
    et: 'tingimused',
    lt: 'salygos',
  },
  privacy: {
    lv: 'privatums',
    en: 'privacy',
    ru: 'konfidentsialnost',
    tr: 'gizlilik',
    et: 'privaatsus',
    lt: 'privatumas',
  },
  help: {
    lv: 'palidziba',
    en: 'help',
    ru: 'pomoshch',
    tr: 'yardim',
    et: 'abi',
    lt: 'pagalba',
  },
  contact: {
    lv: 'kontakti',
    en: 'contact',
    ru: 'kontakty',
    tr: 'iletisim',
    et: 'kontakt',
    lt: 'kontaktai',
  },
} as const satisfies Record<string, PerLocale>;

export type RouteName = keyof typeof ROUTES;
