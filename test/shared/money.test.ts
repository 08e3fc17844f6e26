import { formatEuro } from '../../src/shared/money';

// Intl separates with (narrow) no-break spaces in some locales.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatEuro: whole euros without decimals, cents always with two', () => {
  it.each<[number, string, string]>([
    [75.5, 'en', '€75.50'],
    [75.05, 'en', '€75.05'],
    [75, 'en', '€75'],
    [1500, 'en', '€1,500'],
    [0.1 + 0.2, 'en', '€0.30'],
    [75.999, 'en', '€76'],
    [75.5, 'lv', '75,50 €'],
    [1500, 'lv', '1500 €'],
    [75.5, 'ru', '75,50 €'],
    [75.5, 'tr', '€75,50'],
  ])('%p in %s is %s', (value, locale, expected) => {
    expect(plain(formatEuro(value, locale))).toBe(expected);
  });
});
