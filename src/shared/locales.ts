/** The six UI languages; lv is the default market. */
export const LOCALES = ['lv', 'en', 'ru', 'tr', 'et', 'lt'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'lv';

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** Picks the best supported locale from a list of browser languages (e.g. navigator.languages). */
export function bestLocale(preferred: readonly string[] | undefined): Locale {
  for (const tag of preferred ?? []) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

/** A title in every locale, as stored for categories and incomplete reasons. */
export type Localized = Record<Locale, string>;
