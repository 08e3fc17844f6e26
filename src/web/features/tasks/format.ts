/** Pure formatting of the task detail page (SPEC section 9: budget display, date display). */
import type { Locale } from '../../../shared/locales';
import { formatEuro } from '../../../shared/money';
import { parseLocalDateTime } from '../../../shared/taskLifecycle';
import { formatDisplayDateTime } from '../../i18n/dateFormat';

/** Budget: a single value when from equals to, else the two ends (joined by the caller). */
export function budgetParts(
  from: number,
  to: number,
  locale: Locale,
): { single: string } | { from: string; to: string } {
  if (from === to) return { single: formatEuro(from, locale) };
  return {
    from: formatEuro(Math.min(from, to), locale),
    to: formatEuro(Math.max(from, to), locale),
  };
}

/** The API's local date-time as DD.MM.YYYY HH:mm; null when missing or invalid. */
export function formatDateTime(value: string | null | undefined): string | null {
  const date = parseLocalDateTime(value);
  return date ? formatDisplayDateTime(date) : null;
}

/** Share links of the two networks (SPEC section 2), with the page URL and the title. */
export function shareLinks(pageUrl: string, title: string): { facebook: string; x: string } {
  const url = encodeURIComponent(pageUrl);
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${url}`,
    x: `https://twitter.com/intent/tweet?url=${url}&text=${encodeURIComponent(title)}`,
  };
}
