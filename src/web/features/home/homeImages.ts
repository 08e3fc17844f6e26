import type { Locale } from '../../../shared/locales';

/** Locales with their own home images; et and lt use the English ones (SPEC section 3). */
export const HOME_IMAGE_LOCALES = ['en', 'lv', 'ru', 'tr'] as const;
export type HomeImageLocale = (typeof HOME_IMAGE_LOCALES)[number];
export type HomeImageName = 'hero' | 'step-create' | 'step-offers' | 'step-choose' | 'app-promo';

export function homeImageLocale(locale: Locale): HomeImageLocale {
  return (HOME_IMAGE_LOCALES as readonly string[]).includes(locale)
    ? (locale as HomeImageLocale)
    : 'en';
}

/** The URL of a home page image in the locale's set: /images/home/{locale}/{name}.svg. */
export function homeImage(locale: Locale, name: HomeImageName): string {
  return `/images/home/${homeImageLocale(locale)}/${name}.svg`;
}
