/** The task page's "Posted 3 hours ago": units and thresholds, and the words in each language. */
import { createIntl } from '@formatjs/intl';
import { relativeTimeParts } from '../../src/shared/relativeTime';

const NOW = new Date('2026-11-25T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relativeTimeParts', () => {
  it.each([
    [ago(10_000), { value: -10, unit: 'second' }],
    [ago(44_000), { value: -44, unit: 'second' }],
    [ago(45_000), { value: -1, unit: 'minute' }],
    [ago(44 * MIN), { value: -44, unit: 'minute' }],
    [ago(3 * HOUR), { value: -3, unit: 'hour' }],
    [ago(21 * HOUR), { value: -21, unit: 'hour' }],
    [ago(22 * HOUR), { value: -1, unit: 'day' }],
    [ago(21 * DAY), { value: -21, unit: 'day' }],
    [ago(40 * DAY), { value: -1, unit: 'month' }],
    [ago(400 * DAY), { value: -1, unit: 'year' }],
    [new Date(NOW.getTime() + 2 * HOUR), { value: 2, unit: 'hour' }],
    [NOW, { value: 0, unit: 'second' }],
  ])('%s', (then, parts) => {
    expect(relativeTimeParts(then, NOW)).toEqual(parts);
  });

  it('reads an ISO string', () => {
    expect(relativeTimeParts('2026-11-25T09:00:00Z', NOW)).toEqual({ value: -3, unit: 'hour' });
  });
});

describe('the words, through Intl.RelativeTimeFormat', () => {
  const say = (locale: string, then: Date) => {
    const { value, unit } = relativeTimeParts(then, NOW);
    // As TaskMeta formats it: 'now' for seconds, else always a number.
    return createIntl({ locale, messages: {} }).formatRelativeTime(value, unit, {
      numeric: unit === 'second' ? 'auto' : 'always',
    });
  };
  it.each([
    ['en', ago(3 * HOUR), '3 hours ago'],
    ['lv', ago(3 * HOUR), 'pirms 3 stundām'],
    ['ru', ago(21 * DAY), '21 день назад'],
    ['ru', ago(22 * HOUR), '1 день назад'],
    ['en', ago(5_000), '5 seconds ago'],
    ['en', NOW, 'now'],
    // moment said "prieš 21 dienas" (issue 17).
    ['lt', ago(21 * DAY), 'prieš 21 dieną'],
    ['et', ago(5 * MIN), '5 minuti eest'],
    ['tr', ago(2 * DAY), '2 gün önce'],
  ])('%s: %s', (locale, then, text) => {
    expect(say(locale, then)).toBe(text);
  });
});
