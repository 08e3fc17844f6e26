import type { Locale } from '../../../shared/locales';
import type { Moment } from '../../i18n/moment';

/** '3 hours ago' in the page locale; moment and its locale data come from useMoment(locale). */
export function fromNow(moment: Moment, iso: string, locale: Locale): string {
  return moment(iso).locale(locale).fromNow();
}
