/**
 * The one euro formatter (issue 17, "Numbers and money"; issue 16, "€75.5"): every amount the app
 * shows, budget or offer price, in the page locale's own currency format.
 *
 * - Thousands are grouped from four digits in every language: CLDR's lv and et data group only from
 *   five ("1200 €"), but a marketplace shows "1 200 €" next to "12 000 €" (`useGrouping: 'always'`).
 * - Whole euros have no decimals ("€60"); an amount with cents shows both digits ("€75.50", never
 *   "€75.5").
 *
 *   formatEuro(1200, 'lv') === '1 200 €'   formatEuro(75.5, 'en') === '€75.50'
 */
import type { Locale } from './locales';

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: Locale, cents: boolean): Intl.NumberFormat {
  const key = `${locale}|${cents ? 2 : 0}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: cents ? 2 : 0,
      maximumFractionDigits: cents ? 2 : 0,
      useGrouping: 'always',
    });
    formatters.set(key, format);
  }
  return format;
}

/** Whether an amount has cents once rounded to the cent (75.499 -> 75.50 has, 75.001 has not). */
const hasCents = (value: number): boolean => Math.round(value * 100) % 100 !== 0;

/** A euro amount in the locale's format: '€1,200' (en), '1 200 €' (lv), '€75.50', '75,50 €' (lv). */
export function formatEuro(value: number, locale: Locale): string {
  return formatter(locale, hasCents(value)).format(value);
}
