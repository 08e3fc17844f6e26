import type { Locale } from '../../../shared/locales';
import type { Moment } from '../../i18n/moment';

/** A price in EUR in the page locale: '€1,500' (en), '1500 €' (lv). */
export function formatPrice(value: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }).format(value);
}

/** '3 hours ago' in the page locale; moment and its locale data come from useMoment(locale). */
export function fromNow(moment: Moment, iso: string, locale: Locale): string {
  return moment(iso).locale(locale).fromNow();
}
