import type { MessageFormatElement } from 'react-intl';
import type { Locale } from '../../shared/locales';

/**
 * A catalog: ICU strings (tests, development) or, in production builds, the same messages
 * precompiled to ASTs by scripts/webpack/compiledMessagesLoader.cjs.
 */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

const cache = new Map<Locale, Messages>();

/** The catalog of a locale, loaded once as its own chunk (messages-lv, messages-en, ...). */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const hit = cache.get(locale);
  if (hit) return hit;
  const module = (await import(
    /* webpackChunkName: "messages-[request]" */ `../../../translations/${locale}.json`
  )) as { default: Messages };
  cache.set(locale, module.default);
  return module.default;
}

/** Messages already loaded for a locale, if any (renders without a loading flash on re-mount). */
export const cachedMessages = (locale: Locale): Messages | undefined => cache.get(locale);
