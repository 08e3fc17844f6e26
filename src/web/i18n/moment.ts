import moment from 'moment';
import type { Locale } from '../../shared/locales';

// Only our six locales are bundled: each is imported by name (en is built into moment).
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<unknown>> = {
  lv: () => import(/* webpackChunkName: "moment-lv" */ 'moment/locale/lv'),
  ru: () => import(/* webpackChunkName: "moment-ru" */ 'moment/locale/ru'),
  tr: () => import(/* webpackChunkName: "moment-tr" */ 'moment/locale/tr'),
  et: () => import(/* webpackChunkName: "moment-et" */ 'moment/locale/et'),
  lt: () => import(/* webpackChunkName: "moment-lt" */ 'moment/locale/lt'),
};

/** Loads moment's locale data and makes it the global moment locale. */
export async function setMomentLocale(locale: Locale): Promise<void> {
  if (locale !== 'en') await loaders[locale]();
  moment.locale(locale);
}
