import type { IntlShape } from 'react-intl';
import {
  displayStatus,
  parseLocalDateTime,
  type DisplayStatus,
} from '../../../shared/taskLifecycle';
import type { Locale } from '../../../shared/locales';
import { formatEuro } from '../../../shared/money';
import type { TaskSummary } from '../../../shared/types';
import { formatDisplayDateTime } from '../../i18n/dateFormat';
import { taskListMessages as messages } from './messages';

const euro = (intl: IntlShape, value: number) => formatEuro(value, intl.locale as Locale);

/** SPEC section 9: a single value when from equals to, otherwise a range; euro symbol. */
export function formatBudget(intl: IntlShape, from: number, to: number): string {
  if (from === to) return euro(intl, from);
  return intl.formatMessage(messages.budgetRange, { from: euro(intl, from), to: euro(intl, to) });
}

const formatDate = (value: string | null): string | null => {
  const date = parseLocalDateTime(value);
  return date ? formatDisplayDateTime(date) : null;
};

/** The time window in DD.MM.YYYY HH:mm: from a start, by an end, or the period between. */
export function formatDue(
  intl: IntlShape,
  task: Pick<TaskSummary, 'due_type' | 'due_start' | 'due_end'>,
): string {
  const start = formatDate(task.due_start);
  const end = formatDate(task.due_end);
  if (task.due_type === 'period' && start && end)
    return intl.formatMessage(messages.duePeriod, { start, end });
  if (task.due_type === 'start' && start)
    return intl.formatMessage(messages.dueStart, { date: start });
  if (end) return intl.formatMessage(messages.dueEnd, { date: end });
  if (start) return intl.formatMessage(messages.dueStart, { date: start });
  return intl.formatMessage(messages.dueNone);
}

/** The city, else the approximate address, else 'anywhere' (never the exact address). */
export function formatPlace(
  intl: IntlShape,
  task: Pick<TaskSummary, 'location_type' | 'city' | 'approximate_address'>,
): string {
  if (task.location_type === 'specific') {
    const place = task.city?.trim() || task.approximate_address?.trim();
    if (place) return place;
  }
  return intl.formatMessage(messages.anywhere);
}

const STATUS_LABELS = {
  open: messages.statusOpen,
  in_progress: messages.statusInProgress,
  completed: messages.statusCompleted,
  incomplete: messages.statusIncomplete,
  expired: messages.statusExpired,
  unknown: messages.statusUnknown,
} as const;

export function statusLabel(intl: IntlShape, status: DisplayStatus): string {
  return intl.formatMessage(STATUS_LABELS[status]);
}

export { displayStatus };
