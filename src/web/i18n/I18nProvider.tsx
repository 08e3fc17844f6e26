import { useEffect, useRef, useState, type ReactNode } from 'react';
import { IntlProvider, type IntlConfig } from 'react-intl';
import type { Locale } from '../../shared/locales';
import {
  cachedMessages,
  hasAllMessages,
  loadAllMessages,
  loadMessages,
  type Messages,
} from './loadMessages';
import { preferMomentLocale } from './moment';

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
 * IntlProvider for a locale whose catalog is loaded on demand; sets <html lang> and moment's
 * locale (applied when moment loads). While another locale loads, the previous catalog stays on screen.
 */
export function I18nProvider({ locale, messages: given, fallback = null, children }: Props) {
  const [loaded, setLoaded] = useState<{ locale: Locale; messages: Messages } | null>(() => {
    const messages = cachedMessages(locale);
    return messages ? { locale, messages } : null;
  });

  /** Whether a catalog has been on screen (a later load is a switch of locale). */
  const shownOnce = useRef(false);

  useEffect(() => {
    document.documentElement.lang = locale;
    // moment loads only where a page shows relative times (useMoment); it takes this locale then.
    preferMomentLocale(locale);
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
      // What did load (the first part), else the English defaults from the code.
      show(cachedMessages(locale) ?? {});
    };
    // The first load shows the first part of the catalog as soon as it is in; a switch of locale
    // keeps the previous catalog on screen until the whole new one is in (the page shown may be a
    // later one).
    if (!shownOnce.current && !hasAllMessages(locale)) {
      loadMessages(locale).then((messages) => {
        if (!hasAllMessages(locale)) show(messages);
      }, failed);
    }
    loadAllMessages(locale).then(show, failed);
    return () => {
      active = false;
    };
  }, [locale, given]);

  const current = given ? { locale, messages: given } : loaded;
  useEffect(() => {
    if (current) shownOnce.current = true;
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
