import moment from 'moment';
import { DATE_DISPLAY_FORMAT } from '../../../src/shared/limits';
import { formatDisplayDateTime } from '../../../src/web/i18n/dateFormat';

describe('formatDisplayDateTime', () => {
  it.each([
    new Date(2026, 0, 5, 7, 3),
    new Date(2026, 11, 31, 23, 59),
    new Date(2027, 1, 28, 0, 0),
    new Date(999, 5, 9, 12, 30),
  ])('gives what moment gives for DD.MM.YYYY HH:mm: %s', (date) => {
    expect(formatDisplayDateTime(date)).toBe(moment(date).format(DATE_DISPLAY_FORMAT));
  });
});
