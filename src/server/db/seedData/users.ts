/**
 * Demo accounts. All log in with DEMO_PASSWORD except the deleted one, whose password is random.
 * Emails are stored lower-case. Ages (days) and last-seen (minutes) are relative to the seed's `now`.
 */
import type { Locale } from '../../../shared/locales';

export const DEMO_PASSWORD = 'talka-demo';

export type DemoUserKey =
  'customer' | 'freelancer' | 'freelancer2' | 'freelancer3' | 'business' | 'ruta' | 'deleted';

export interface UserSeed {
  key: DemoUserKey;
  email: string;
  fullName: string;
  displayName: string;
  isLegal: boolean;
  isFreelancer: boolean;
  phone: string | null;
  languages: Locale[];
  /** Category ids offered as a freelancer (a top category covers its children). */
  categories: number[];
  customerRating: number | null;
  freelancerRating: number | null;
  /** Days before `now` the account was created. */
  createdDaysAgo: number;
  /** Minutes before `now` the user was last seen; null = never. */
  lastSeenMinutesAgo: number | null;
  /** Days before `now` the account was deleted; null = active. */
  deletedDaysAgo: number | null;
  /** Render a 256x256 avatar with these initials. */
  avatar: { initials: string; from: string; to: string } | null;
}

/**
 * The demo moderator (issue 19): not a marketplace user, only the moderation page. Added to a
 * database seeded before moderation existed too (seed.ts ensureModerator).
 */
export const DEMO_MODERATOR = {
  email: 'moderator@talka.test',
  fullName: 'Māra Kalniņa',
  displayName: 'Māra K.',
  languages: ['lv', 'en', 'ru'] as Locale[],
  createdDaysAgo: 500,
} as const;

/** The account whose presence means the demo data is already there. */
export const DEMO_MARKER_EMAIL = 'customer@talka.test';

export const DEMO_USERS: readonly UserSeed[] = [
  {
    key: 'customer',
    email: 'customer@talka.test',
    fullName: 'Anna Bērziņa',
    displayName: 'Anna B.',
    isLegal: false,
    isFreelancer: false,
    phone: '+371 2000 0001',
    languages: ['lv', 'en'],
    categories: [],
    customerRating: 5,
    freelancerRating: null,
    createdDaysAgo: 120,
    lastSeenMinutesAgo: 90,
    deletedDaysAgo: null,
    avatar: { initials: 'AB', from: '#f97316', to: '#db2777' },
  },
  {
    key: 'freelancer',
    email: 'freelancer@talka.test',
    fullName: 'Jānis Ozols',
    displayName: 'Jānis O.',
    isLegal: false,
    isFreelancer: true,
    phone: '+371 2000 0002',
    languages: ['lv', 'ru', 'en'],
    categories: [11, 31, 103, 97],
    customerRating: null,
    freelancerRating: 4.8,
    createdDaysAgo: 300,
    lastSeenMinutesAgo: 1,
    deletedDaysAgo: null,
    avatar: { initials: 'JO', from: '#0ea5e9', to: '#4f46e5' },
  },
  {
    key: 'freelancer2',
    email: 'freelancer2@talka.test',
    fullName: 'Mari Tamm',
    displayName: 'Mari T.',
    isLegal: false,
    isFreelancer: true,
    phone: null,
    languages: ['et', 'en'],
    categories: [12, 15, 85],
    customerRating: null,
    freelancerRating: 4.9,
    createdDaysAgo: 200,
    lastSeenMinutesAgo: 60 * 26,
    deletedDaysAgo: null,
    avatar: null,
  },
  {
    key: 'freelancer3',
    email: 'freelancer3@talka.test',
    fullName: 'Tomas Petrauskas',
    displayName: 'Tomas P.',
    isLegal: false,
    isFreelancer: true,
    phone: '+370 600 00003',
    languages: ['lt', 'ru', 'en'],
    categories: [42, 149],
    customerRating: null,
    freelancerRating: 4.6,
    createdDaysAgo: 150,
    lastSeenMinutesAgo: 15,
    deletedDaysAgo: null,
    avatar: null,
  },
  {
    key: 'business',
    email: 'business@talka.test',
    fullName: 'SIA Remontdarbi',
    displayName: 'Remontdarbi',
    isLegal: true,
    isFreelancer: false,
    phone: '+371 6700 0004',
    languages: ['lv', 'ru', 'en'],
    categories: [],
    customerRating: 4.5,
    freelancerRating: null,
    createdDaysAgo: 400,
    lastSeenMinutesAgo: 60 * 5,
    deletedDaysAgo: null,
    avatar: null,
  },
  {
    key: 'ruta',
    email: 'ruta@talka.test',
    fullName: 'Rūta Kazlauskienė',
    displayName: 'Rūta K.',
    isLegal: false,
    isFreelancer: false,
    phone: '+370 600 00005',
    languages: ['lt', 'en', 'ru'],
    categories: [],
    customerRating: null,
    freelancerRating: null,
    createdDaysAgo: 30,
    lastSeenMinutesAgo: 60 * 3,
    deletedDaysAgo: null,
    avatar: null,
  },
  {
    key: 'deleted',
    email: 'deleted@talka.test',
    fullName: 'Deleted user',
    displayName: 'Deleted user',
    isLegal: false,
    isFreelancer: true,
    phone: null,
    languages: ['lv', 'en'],
    categories: [11],
    customerRating: null,
    freelancerRating: null,
    createdDaysAgo: 250,
    lastSeenMinutesAgo: 60 * 30,
    deletedDaysAgo: 1,
    avatar: null,
  },
];
