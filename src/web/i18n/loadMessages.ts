import type { MessageFormatElement } from 'react-intl';
import { isLocale, type Locale } from '../../shared/locales';

/**
 * A catalog: ICU strings (tests, development) or, in production builds, the same messages
 * precompiled to ASTs by scripts/webpack/compiledMessagesLoader.cjs.
 */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

/**
 * Production builds split each catalog by id prefix (compiledMessagesLoader.cjs): `core` (the
 * shell), the parts of the first pages (`home`, `list`, `task`), `party` (a task's parties' parts
 * of its page: offers, completion, chat) and `later` (every other page). A page's chunk waits for
 * its parts (src/web/app/router.tsx), a lazy part of a page for its own (`withMessageParts`), so
 * neither renders ids; the I18nProvider shows every part loaded so far. Development and tests
 * import the whole catalog under every name.
 */
export type MessagePart = 'core' | 'home' | 'list' | 'task' | 'party' | 'later';
export const ALL_PARTS: readonly MessagePart[] = ['core', 'home', 'list', 'task', 'party', 'later'];

export const isMessagePart = (value: unknown): value is MessagePart =>
  (ALL_PARTS as readonly unknown[]).includes(value);

type Imported = Promise<{ default: Messages }>;
const importers: Record<MessagePart, (locale: Locale) => Imported> = {
  core: (locale) =>
    import(
      /* webpackChunkName: "messages-[request]" */ `../../../translations/${locale}.json?core`
    ),
  home: (locale) =>
    import(
      /* webpackChunkName: "home-messages-[request]" */ `../../../translations/${locale}.json?home`
    ),
  list: (locale) =>
    import(
      /* webpackChunkName: "list-messages-[request]" */ `../../../translations/${locale}.json?list`
    ),
  task: (locale) =>
    import(
      /* webpackChunkName: "task-messages-[request]" */ `../../../translations/${locale}.json?task`
    ),
  party: (locale) =>
    import(
      /* webpackChunkName: "party-messages-[request]" */ `../../../translations/${locale}.json?party`
    ),
  later: (locale) =>
    import(
      /* webpackChunkName: "later-messages-[request]" */ `../../../translations/${locale}.json?later`
    ),
};

/** Each part's load, per locale; a failed load is forgotten so the next call tries again. */
const parts = new Map<Locale, Map<MessagePart, Promise<Messages>>>();
/** Every part loaded so far, merged, per locale (a new object on each part). */
const loaded = new Map<Locale, Messages>();
const listeners = new Set<(locale: Locale, messages: Messages) => void>();
/** The locale last asked for. */
let lastLocale: Locale | undefined;
/** The parts asked for so far, in any locale: what a catalog of another locale needs. */
const inUse = new Set<MessagePart>(['core']);

function loadPart(locale: Locale, part: MessagePart): Promise<Messages> {
  let byPart = parts.get(locale);
  if (!byPart) {
    byPart = new Map();
    parts.set(locale, byPart);
  }
  let promise = byPart.get(part);
  if (!promise) {
    promise = importers[part](locale).then((module) => {
      const messages = { ...loaded.get(locale), ...module.default } as Messages;
      loaded.set(locale, messages);
      for (const listener of listeners) listener(locale, messages);
      return module.default;
    });
    const forget = byPart;
    byPart.set(part, promise);
    promise.catch(() => forget.delete(part));
  }
  return promise;
}

/** Loads these parts of a locale's catalog (once each); resolves with every part loaded so far. */
export async function loadMessageParts(
  locale: Locale,
  wanted: readonly MessagePart[],
): Promise<Messages> {
  lastLocale = locale;
  for (const part of wanted) inUse.add(part);
  await Promise.all(wanted.map((part) => loadPart(locale, part)));
  return loaded.get(locale) ?? {};
}

/** The shell's part of a locale's catalog (the whole catalog in development and tests). */
export const loadMessages = (locale: Locale): Promise<Messages> =>
  loadMessageParts(locale, ['core']);

/** The whole catalog of a locale. */
export const loadAllMessages = (locale: Locale): Promise<Messages> =>
  loadMessageParts(locale, ALL_PARTS);

/**
 * Resolves when these parts of the catalog of the locale being shown are in (at once when there is
 * none: tests give their messages). A page's chunk waits for its parts.
 */
export function messagePartsLoaded(wanted: readonly MessagePart[] = ALL_PARTS): Promise<unknown> {
  // The URL's locale first: a page's chunk may start loading before its catalog (main.tsx).
  const segment = typeof window === 'undefined' ? '' : window.location.pathname.split('/')[1];
  const locale = segment && isLocale(segment) ? segment : lastLocale;
  return locale ? loadMessageParts(locale, wanted).catch(() => undefined) : Promise.resolve();
}

/**
 * A lazy chunk that shows texts of other catalog parts (a form's validation texts are in `later`)
 * resolves only when those parts are in too, so it never shows a message id.
 */
export function withMessageParts<T>(
  load: () => Promise<T>,
  wanted: readonly MessagePart[],
): () => Promise<T> {
  return () => Promise.all([load(), messagePartsLoaded(wanted)]).then(([module]) => module);
}

/** The parts of the catalog asked for so far (in any locale), the shell's first. */
export const partsInUse = (): MessagePart[] => [...inUse];

/** Every part of a locale's catalog loaded so far, if any. */
export const cachedMessages = (locale: Locale): Messages | undefined => loaded.get(locale);

/** Calls back with a locale's merged catalog each time one of its parts comes in. */
export function onMessagesLoaded(listener: (locale: Locale, messages: Messages) => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
