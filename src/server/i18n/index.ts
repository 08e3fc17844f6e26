/** Server-side message formatting in the request's locale (Accept-Language, default lv). */
import fs from 'node:fs';
import path from 'node:path';
import { createIntl, type IntlShape } from '@formatjs/intl';
import { DEFAULT_LOCALE, isLocale, type Locale, LOCALES } from '../../shared/locales';
import { serverMessages, type ServerMessageId } from './messages';

const intls = new Map<Locale, IntlShape<string>>();

const CATALOG_DIR = path.join(__dirname, '../../../translations');

/** The SPA's catalog for a locale: shared validation messages are translated once, there. */
const catalogs = new Map<Locale, Record<string, string>>();
export function catalog(locale: Locale): Record<string, string> {
  let messages = catalogs.get(locale);
  if (!messages) {
    try {
      const file = path.join(CATALOG_DIR, `${locale}.json`);
      messages = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
    } catch {
      messages = {};
    }
    catalogs.set(locale, messages);
  }
  return messages;
}

function intlFor(locale: Locale): IntlShape<string> {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl({
      locale,
      defaultLocale: 'en',
      messages: { ...catalog(locale), ...serverMessages[locale] },
      // A missing id falls back to English below; formatjs must not log about it.
      onError: () => undefined,
    });
    intls.set(locale, intl);
  }
  return intl;
}

export const isServerMessageId = (id: string): id is ServerMessageId => id in serverMessages.en;

export function translate(
  locale: Locale,
  id: string,
  values?: Record<string, string | number>,
): string {
  const english = isServerMessageId(id) ? serverMessages.en[id] : (catalog('en')[id] ?? id);
  return intlFor(locale).formatMessage({ id, defaultMessage: english }, values);
}

/** Picks the first supported language of an Accept-Language header, by quality. */
export function localeFromHeader(header: string | string[] | undefined): Locale {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const tags = value
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((t) => t.tag && t.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of tags) {
    const base = tag.split('-')[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

/** ?locale=xx wins over the header, so links and server renders can pin a language. */
export function pickLocale(query: unknown, header: string | string[] | undefined): Locale {
  return isLocale(query) ? query : localeFromHeader(header);
}

export { LOCALES };
