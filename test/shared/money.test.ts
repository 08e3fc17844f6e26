import { formatEuro } from '../../src/shared/money';
import { LOCALES } from '../../src/shared/locales';

/** Intl writes no-break spaces (U+00A0, U+202F) between groups and before "€": compared as spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

// Issue 17 "Numbers and money", issue 16 "€75.5": one formatter, each language's own format,
// thousands grouped from four digits, cents as two digits when there are cents.
const EXPECTED: Record<(typeof LOCALES)[number], [number, string][]> = {
  en: [
    [60, '€60'],
    [1200, '€1,200'],
    [75.5, '€75.50'],
    [12345.67, '€12,345.67'],
    [500000, '€500,000'],
  ],
  lv: [
    [60, '60 €'],
    [1200, '1 200 €'],
    [75.5, '75,50 €'],
    [12345.67, '12 345,67 €'],
    [500000, '500 000 €'],
  ],
  et: [
    [60, '60 €'],
    [1200, '1 200 €'],
    [75.5, '75,50 €'],
    [12345.67, '12 345,67 €'],
    [500000, '500 000 €'],
  ],
  lt: [
    [60, '60 €'],
    [1200, '1 200 €'],
    [75.5, '75,50 €'],
    [12345.67, '12 345,67 €'],
    [500000, '500 000 €'],
  ],
  ru: [
    [60, '60 €'],
    [1200, '1 200 €'],
    [75.5, '75,50 €'],
    [12345.67, '12 345,67 €'],
    [500000, '500 000 €'],
  ],
  tr: [
    [60, '€60'],
    [1200, '€1.200'],
    [75.5, '€75,50'],
    [12345.67, '€12.345,67'],
    [500000, '€500.000'],
  ],
};

describe('formatEuro', () => {
  it.each(LOCALES)(
    '%s: its own format, thousands from four digits, cents as two digits',
    (locale) => {
      for (const [value, text] of EXPECTED[locale]) {
        expect(plain(formatEuro(value, locale))).toBe(text);
      }
    },
  );

  it('rounds to the cent and shows no ".00" for an amount that rounds to whole euros', () => {
    expect(formatEuro(75.499, 'en')).toBe('€75.50');
    expect(formatEuro(75.001, 'en')).toBe('€75');
    expect(formatEuro(0, 'en')).toBe('€0');
    expect(formatEuro(75.05, 'en')).toBe('€75.05');
    expect(formatEuro(0.1 + 0.2, 'en')).toBe('€0.30');
    expect(formatEuro(75.999, 'en')).toBe('€76');
  });
});
