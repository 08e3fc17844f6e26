import { useIntl } from 'react-intl';
import { relativeTimeParts } from '../../shared/relativeTime';
import { formatDisplayDateTime } from '../i18n/dateFormat';
import { useHydratedDeferred } from './useHydrated';

interface Props {
  /** The moment shown, an ISO date-time from the API. */
  iso: string;
  /** "Now" for the page (app/clock's useNow: the server render's time until hydration). */
  now: Date;
  /** Wraps the relative text in a sentence, e.g. "Posted {relative}"; the text alone without it. */
  format?: (relative: string) => string;
}

/**
 * "3 hours ago" in the page's locale through Intl.RelativeTimeFormat (react-intl), with the full
 * date and time as its tooltip in SPEC's display format (DD.MM.YYYY HH:mm). Every relative time of the app is drawn here:
 * no locale data to download, and the same text on the server and in the browser. The tooltip
 * comes after hydration, as it is in the browser's time zone, which the server does not know.
 */
export function RelativeTime({ iso, now, format }: Props) {
  const intl = useIntl();
  const hydrated = useHydratedDeferred();
  const { value, unit } = relativeTimeParts(iso, now);
  const relative = intl.formatRelativeTime(value, unit, {
    // 'now' for seconds; else always a number ('1 day ago', not tr 'evvelsi gün').
    numeric: unit === 'second' ? 'auto' : 'always',
  });
  return (
    <time dateTime={iso} title={hydrated ? formatDisplayDateTime(new Date(iso)) : undefined}>
      {format ? format(relative) : relative}
    </time>
  );
}
