import { useEffect, useRef, useState, type ReactNode } from 'react';
import { IntlProvider, type IntlConfig } from 'react-intl';
import type { Locale } from '../../shared/locales';
import {
  cachedMessages,
  loadMessageParts,
  onMessagesLoaded,
  partsInUse,
  type Messages,
} from './loadMessages';

const isDev = process.env.NODE_ENV === 'development';

/** Missing translations are reported in development only; broken messages always. */
export const onIntlError: IntlConfig['onError'] = (error) => {
  if (error.code === 'MISSING_TRANSLATION') {
    if (isDev) console.warn(`[i18n] ${error.message}`);
    return;
  }
  console.error('[i18n]', error);
};

interface Props {
  locale: Locale;
  /** Given messages skip loading (tests, server-provided catalogs). */
  messages?: Messages;
  /** Rendered until the first catalog has loaded. */
  fallback?: ReactNode;
  children: ReactNode;
}

/**
 * IntlProvider for a locale whose catalog is loaded on demand; sets <html lang>. While another locale loads, the previous catalog stays on screen.
 */
export function I18nProvider({ locale, messages: given, fallback = null, children }: Props) {
  const [loaded, setLoaded] = useState<{ locale: Locale; messages: Messages } | null>(() => {
    const messages = cachedMessages(locale);
    return messages ? { locale, messages } : null;
  });

  /** The locale of the catalog on screen (null before the first one). */
  const shownLocale = useRef<Locale | null>(null);

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  useEffect(() => {
    if (given) return undefined;
    let active = true;
    const show = (messages: Messages) => {
      if (!active) return;
      setLoaded((shown) =>
        shown?.locale === locale && shown.messages === messages ? shown : { locale, messages },
      );
    };
    const failed = (error: unknown) => {
      console.error(`[i18n] could not load messages for ${locale}`, error);
      // What did load, else the English defaults from the code.
      show(cachedMessages(locale) ?? {});
    };
    // A part that comes in later (with a page's chunk) joins the catalog on screen.
    const unsubscribe = onMessagesLoaded((partLocale, messages) => {
      if (partLocale === locale && shownLocale.current === locale) show(messages);
    });
    // The parts in use (the shell's, the pages' seen so far): a switch of locale keeps the
    // previous catalog on screen until they are all in for the new one.
    loadMessageParts(locale, partsInUse()).then(show, failed);
    return () => {
      active = false;
      unsubscribe();
    };
  }, [locale, given]);

  const current = given ? { locale, messages: given } : loaded;
  useEffect(() => {
    shownLocale.current = current?.locale ?? null;
  });
  if (!current) return <>{fallback}</>;
  return (
    <IntlProvider
      locale={current.locale}
      messages={current.messages}
      defaultLocale="en"
      onError={onIntlError}
    >
      {children}
    </IntlProvider>
  );
}
