/**
 * "3 hours ago" as a value and a unit for Intl.RelativeTimeFormat (react-intl's formatRelativeTime),
 * with moment's thresholds: seconds under 45 s, minutes under 45 min, hours under 22 h, days under
 * 26 d, months under 11 months, then years. Intl has every locale's plural rules built in, so no
 * locale data is downloaded (moment's Lithuanian also said "prieš 21 dienas" for "dieną").
 */
export type RelativeUnit = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30.4375 * DAY;
const YEAR = 365.25 * DAY;

/** The signed amount (negative in the past) and its unit between `then` and `now`. */
export function relativeTimeParts(
  then: Date | string,
  now: Date,
): { value: number; unit: RelativeUnit } {
  const at = typeof then === 'string' ? new Date(then) : then;
  const diff = at.getTime() - now.getTime();
  const abs = Math.abs(diff);
  const sign = diff < 0 ? -1 : 1;
  const amount = (size: number) => sign * Math.round(abs / size) || 0;
  if (abs < 45 * SECOND) return { value: amount(SECOND), unit: 'second' };
  if (abs < 45 * MINUTE) return { value: amount(MINUTE), unit: 'minute' };
  if (abs < 22 * HOUR) return { value: amount(HOUR), unit: 'hour' };
  if (abs < 26 * DAY) return { value: amount(DAY), unit: 'day' };
  if (abs < 11 * MONTH) return { value: amount(MONTH), unit: 'month' };
  return { value: amount(YEAR), unit: 'year' };
}
