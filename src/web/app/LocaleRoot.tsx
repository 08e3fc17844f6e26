import { useEffect, type ReactNode } from 'react';
import { ScrollRestoration } from 'react-router-dom';
import type { Locale } from '../../shared/locales';
import { I18nProvider } from '../i18n/I18nProvider';
import { localeChanged, selectLocale } from '../i18n/i18nSlice';
import type { Messages } from '../i18n/loadMessages';
import { HydrationBoundary } from '../ui/HydrationBoundary';
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
  /** The routed page (router.tsx appRoutes: an <Outlet />). */
  children: ReactNode;
}) {
  const dispatch = useAppDispatch();
  const stored = useAppSelector(selectLocale);
  useEffect(() => {
    // Usually already set by syncLocaleWithRouter before render; this covers tests' memory router.
    if (stored !== locale) dispatch(localeChanged(locale));
  }, [locale, stored, dispatch]);
  return (
    <I18nProvider locale={locale} messages={messages}>
      <AppLayout locale={locale}>
        {/* Pages are lazy routes: the router commits a navigation once the next page's chunk is in,
            so the previous page stays until then. Parts inside pages may still suspend. The page
            hydrates after the layout: its controls wait for that behind their own gate. */}
        <HydrationBoundary>{children}</HydrationBoundary>
      </AppLayout>
      {/* A new page from its top; back/forward restore the position the entry was left at. */}
      <ScrollRestoration />
    </I18nProvider>
  );
}
