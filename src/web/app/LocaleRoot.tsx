import { Suspense, useEffect, type ReactNode } from 'react';
import type { Locale } from '../../shared/locales';
import { I18nProvider } from '../i18n/I18nProvider';
import { localeChanged, selectLocale } from '../i18n/i18nSlice';
import type { Messages } from '../i18n/loadMessages';
import { AppLayout } from './AppLayout';
import { useAppDispatch, useAppSelector } from './hooks';

/** What /{locale}/... renders: the locale's catalog, <html lang>, the locale in the store, layout. */
export function LocaleRoot({
  locale,
  messages,
  children,
}: {
  locale: Locale;
  messages?: Messages;
  /** The routed page (router.tsx, AppRoutes). */
  children: ReactNode;
}) {
  const dispatch = useAppDispatch();
  const stored = useAppSelector(selectLocale);
  useEffect(() => {
    // Usually already set by syncLocaleWithRouter before render; this covers tests' memory history.
    if (stored !== locale) dispatch(localeChanged(locale));
  }, [locale, stored, dispatch]);
  return (
    <I18nProvider locale={locale} messages={messages}>
      <AppLayout locale={locale}>
        {/* Pages are lazy: the first one loads with nothing in its place; later navigations run in a
            transition, so the previous page stays until the next one's chunk is in. */}
        <Suspense fallback={null}>{children}</Suspense>
      </AppLayout>
    </I18nProvider>
  );
}
