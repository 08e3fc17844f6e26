/** Amounts of money as the UI writes them (budgets and offer prices are in euros). */

/**
 * A euro amount in a locale: whole euros without decimals ('€1,500' in en, '1500 €' in lv), and
 * with cents always two decimals ('€75.50', never '€75.5').
 */
export function formatEuro(value: number, locale: string): string {
  const digits = Math.round(value * 100) % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}
