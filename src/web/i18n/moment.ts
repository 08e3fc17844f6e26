import { useEffect, useSyncExternalStore } from 'react';
import type { Locale } from '../../shared/locales';

export type Moment = typeof import('moment');

/*
 * moment is not part of any page's first load: it and each locale's data are chunks of their own,
 * loaded when a component asks for relative times (useMoment) or a page sets the locale. Dates in
 * DD.MM.YYYY HH:mm need no moment (./dateFormat).
 */
let loaded: Moment | null = null;
let loadingMoment: Promise<Moment> | null = null;
/** The page locale; it becomes moment's global locale once moment and its data are loaded. */
let wanted: Locale | null = null;
const localesLoaded = new Set<Locale>(['en']);
const localesLoading = new Map<Locale, Promise<void>>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

// Only our six locales are bundled: each is imported by name (en is built into moment).
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<unknown>> = {
  lv: () => import(/* webpackChunkName: "moment-lv" */ 'moment/locale/lv'),
  ru: () => import(/* webpackChunkName: "moment-ru" */ 'moment/locale/ru'),
  tr: () => import(/* webpackChunkName: "moment-tr" */ 'moment/locale/tr'),
  et: () => import(/* webpackChunkName: "moment-et" */ 'moment/locale/et'),
  lt: () => import(/* webpackChunkName: "moment-lt" */ 'moment/locale/lt'),
};

function applyWantedLocale(): void {
  if (loaded && wanted && localesLoaded.has(wanted)) loaded.locale(wanted);
}

/** moment itself, loaded once as its own chunk. */
export function loadMoment(): Promise<Moment> {
  loadingMoment ??= import(/* webpackChunkName: "moment" */ 'moment').then((module) => {
    loaded = (module as { default?: Moment }).default ?? (module as unknown as Moment);
    applyWantedLocale();
    notify();
    return loaded;
  });
  return loadingMoment;
}

/** moment with a locale's data defined (not made global: a locale file's defineLocale would). */
export function loadMomentLocale(locale: Locale): Promise<Moment> {
  return loadMoment().then(async (moment) => {
    if (localesLoaded.has(locale)) return moment;
    let loading = localesLoading.get(locale);
    if (!loading) {
      loading = loaders[locale as Exclude<Locale, 'en'>]().then(() => {
        localesLoaded.add(locale);
        // defineLocale also switches the global locale: put back the page's.
        moment.locale(wanted && localesLoaded.has(wanted) ? wanted : 'en');
        notify();
      });
      localesLoading.set(locale, loading);
    }
    await loading;
    return moment;
  });
}

/** Makes the locale moment's global locale, loading moment and the locale's data. */
export async function setMomentLocale(locale: Locale): Promise<void> {
  wanted = locale;
  await loadMomentLocale(locale);
  applyWantedLocale();
}

/** Records the page locale without loading moment: applied when something loads it. */
export function preferMomentLocale(locale: Locale): void {
  wanted = locale;
  if (loaded && localesLoaded.has(locale)) applyWantedLocale();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * moment with the locale's data, or null while it loads (the component renders again when it has
 * arrived). Relative times ('3 hours ago') render through this.
 */
export function useMoment(locale: Locale): Moment | null {
  const ready = useSyncExternalStore(
    subscribe,
    () => (loaded && localesLoaded.has(locale) ? loaded : null),
    () => null,
  );
  useEffect(() => {
    if (!ready) {
      loadMomentLocale(locale).catch((error: unknown) => console.error('[i18n] moment', error));
    }
  }, [ready, locale]);
  return ready;
}
