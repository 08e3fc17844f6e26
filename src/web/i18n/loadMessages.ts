import type { MessageFormatElement } from 'react-intl';
import { isLocale, type Locale } from '../../shared/locales';

/**
 * A catalog: ICU strings (tests, development) or, in production builds, the same messages
 * precompiled to ASTs by scripts/webpack/compiledMessagesLoader.cjs.
 */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

// Production builds split each catalog in two (compiledMessagesLoader.cjs): the `first` part, which
// the shell and the first pages (home, task list, task) use, and the `later` part of the pages a
// visitor reaches later (registration, profile, task form, freelancers, ...). Both start loading
// together; the first pages render with the first part, the later pages wait for both
// (`allMessagesLoaded`). Development and tests import the whole catalog under both names.
const importFirst = async (locale: Locale): Promise<Messages> =>
  (
    (await import(
      /* webpackChunkName: "messages-[request]" */ `../../../translations/${locale}.json?first`
    )) as { default: Messages }
  ).default;
const importLater = async (locale: Locale): Promise<Messages> =>
  (
    (await import(
      /* webpackChunkName: "later-messages-[request]" */ `../../../translations/${locale}.json?later`
    )) as { default: Messages }
  ).default;

const firstParts = new Map<Locale, Promise<Messages>>();
const wholeCatalogs = new Map<Locale, Promise<Messages>>();
/** The most complete catalog loaded so far, per locale. */
const loaded = new Map<Locale, Messages>();
/** The locale last asked for: the one a later page waits for. */
let lastLocale: Locale | undefined;
const complete = new Set<Locale>();

/** Once per locale; a failed load is forgotten so the next call tries again. */
function once(
  cache: Map<Locale, Promise<Messages>>,
  locale: Locale,
  load: () => Promise<Messages>,
): Promise<Messages> {
  let promise = cache.get(locale);
  if (!promise) {
    promise = load();
    cache.set(locale, promise);
    promise.catch(() => cache.delete(locale));
  }
  return promise;
}

const loadFirst = (locale: Locale): Promise<Messages> =>
  once(firstParts, locale, async () => {
    const messages = await importFirst(locale);
    if (!loaded.has(locale)) loaded.set(locale, messages);
    return messages;
  });

/**
 * The whole catalog of a locale (both parts merged), each part loaded once as its own chunk
 * (messages-lv-json-first, later-messages-lv-json-later, ...).
 */
export function loadAllMessages(locale: Locale): Promise<Messages> {
  lastLocale = locale;
  return once(wholeCatalogs, locale, async () => {
    const [first, later] = await Promise.all([loadFirst(locale), importLater(locale)]);
    const messages = { ...first, ...later } as Messages;
    loaded.set(locale, messages);
    complete.add(locale);
    return messages;
  });
}

/**
 * The part of a locale's catalog the shell and the first pages need (the whole catalog in
 * development and tests); starts loading the rest beside it.
 */
export function loadMessages(locale: Locale): Promise<Messages> {
  const first = loadFirst(locale);
  void loadAllMessages(locale).catch(() => undefined);
  return first;
}

/**
 * Resolves when the whole catalog of the locale being shown is in (at once when there is none: tests
 * give their messages). A later page's chunk waits for it, so it never renders ids.
 */
export function allMessagesLoaded(): Promise<unknown> {
  // The URL's locale first: a page's chunk may start loading before its catalog (main.tsx).
  const segment = typeof window === 'undefined' ? '' : window.location.pathname.split('/')[1];
  const locale = segment && isLocale(segment) ? segment : lastLocale;
  return locale ? loadAllMessages(locale).catch(() => undefined) : Promise.resolve();
}

/** Messages already loaded for a locale, if any (renders without a loading flash on re-mount). */
export const cachedMessages = (locale: Locale): Messages | undefined => loaded.get(locale);

/** Whether the whole catalog of a locale is loaded, not only its first part. */
export const hasAllMessages = (locale: Locale): boolean => complete.has(locale);
