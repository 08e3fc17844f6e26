import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import styled from 'styled-components';
import { controlStyles, ErrorLine } from './TextField';
import { theme } from '../app/theme';

const messages = defineMessages({
  date: { id: 'ui.dateTimeInput.date', defaultMessage: '{label}: date' },
  time: { id: 'ui.dateTimeInput.time', defaultMessage: '{label}: time (HH:MM)' },
  // The same letters as the label's hint, in the page's language (ru ЧЧ:ММ, lt VV:MM).
  timePlaceholder: { id: 'ui.dateTimeInput.timePlaceholder', defaultMessage: 'HH:MM' },
});

/** Digits only, at most four, with a colon after the hours: '2359' -> '23:59', '7' -> '7'. */
export function maskTime(raw: string, previous = ''): string {
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  if (digits.length > 2) return `${digits.slice(0, 2)}:${digits.slice(2)}`;
  // The colon appears once the hours are typed, but not while the user deletes it.
  const growing = raw.length > previous.length;
  if (digits.length === 2 && growing) return `${digits}:`;
  return digits;
}

const clamp = (value: number, max: number): number => Math.min(max, Math.max(0, value));
const pad = (value: number): string => String(value).padStart(2, '0');

/**
 * A masked time as HH:MM with hours 00-23 and minutes 00-59 (clamped), or '' for no time:
 * '2599' -> '23:59', '7' -> '07:00', '12:3' -> '12:03'.
 */
export function normalizeTime(text: string): string {
  const [hoursText = '', minutesText = ''] = maskTime(text).split(':');
  if (hoursText === '') return '';
  const hours = clamp(Number(hoursText), 23);
  const minutes = minutesText === '' ? 0 : clamp(Number(minutesText), 59);
  return `${pad(hours)}:${pad(minutes)}`;
}

/** 'YYYY-MM-DD' + masked time -> 'YYYY-MM-DDTHH:mm:ss'; a date without a time gets 00:00:00. */
export function combineDateTime(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  return `${date}T${normalizeTime(time) || '00:00'}:00`;
}

const splitValue = (value: string | null | undefined): { date: string; time: string } => {
  if (!value) return { date: '', time: '' };
  const [date = '', time = ''] = value.split('T');
  return { date, time: time.slice(0, 5) };
};

const Fieldset = styled.fieldset`
  margin: 0 0 ${theme.space.sm};
  padding: 0;
  border: 0;
  min-width: 0;
`;

const Legend = styled.legend`
  padding: 0;
  margin-bottom: ${theme.space.xs};
  font-weight: 600;
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 6.5rem;
  gap: ${theme.space.sm};
`;

const Input = styled.input<{ $invalid: boolean }>`
  ${controlStyles}
  min-width: 0;
`;

/** Spaced from the inputs like the other fields' error lines (the Fieldset has no gap). */
const ErrorSpace = styled.div`
  margin-top: ${theme.space.xs};
`;

export interface DateTimeInputProps {
  /** Translated label of the pair. */
  label: string;
  /** Local 'YYYY-MM-DDTHH:mm:ss' or null. */
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  /** Earliest date 'YYYY-MM-DD' of the date picker. */
  min?: string;
  /** Latest date 'YYYY-MM-DD' of the date picker. */
  max?: string;
  /** Translated error under the inputs. */
  error?: string;
  /** Id of the date input (for labels and focusing the first error). */
  id?: string;
  name?: string;
}

/**
 * A native date picker and an HH:MM text input. The value is local 'YYYY-MM-DDTHH:mm:ss'; the time
 * is masked while typed and clamped on blur.
 */
export function DateTimeInput({
  label,
  value,
  onChange,
  onBlur,
  min,
  max,
  error,
  id,
  name,
}: DateTimeInputProps) {
  const intl = useIntl();
  const fallbackId = useId();
  const dateId = id ?? `${fallbackId}-date`;
  const timeId = `${dateId}-time`;
  const errorId = `${dateId}-error`;
  const [date, setDate] = useState(() => splitValue(value).date);
  const [time, setTime] = useState(() => splitValue(value).time);
  // What we last reported: any other value comes from outside (a reset, a restored draft).
  const emitted = useRef<string | null | undefined>(value);

  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    const next = splitValue(value);
    setDate(next.date);
    setTime(next.time);
  }, [value]);

  const emit = (nextDate: string, nextTime: string) => {
    const next = combineDateTime(nextDate, nextTime);
    emitted.current = next;
    if (next !== (value ?? null)) onChange(next);
  };

  const onDateChange = (event: ChangeEvent<HTMLInputElement>) => {
    setDate(event.target.value);
    emit(event.target.value, time);
  };

  const onTimeChange = (event: ChangeEvent<HTMLInputElement>) => {
    const masked = maskTime(event.target.value, time);
    setTime(masked);
    emit(date, masked);
  };

  const onTimeBlur = () => {
    const normalized = normalizeTime(time);
    setTime(normalized);
    emit(date, normalized);
    onBlur?.();
  };

  const invalid = Boolean(error);
  return (
    <Fieldset aria-describedby={invalid ? errorId : undefined}>
      <Legend>{label}</Legend>
      <Row>
        <Input
          id={dateId}
          name={name}
          type="date"
          value={date}
          min={min}
          max={max}
          onChange={onDateChange}
          onBlur={onBlur}
          $invalid={invalid}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          aria-label={intl.formatMessage(messages.date, { label })}
        />
        <Input
          id={timeId}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={intl.formatMessage(messages.timePlaceholder)}
          maxLength={5}
          value={time}
          onChange={onTimeChange}
          onBlur={onTimeBlur}
          $invalid={invalid}
          aria-invalid={invalid || undefined}
          aria-label={intl.formatMessage(messages.time, { label })}
        />
      </Row>
      <ErrorSpace>
        <ErrorLine id={errorId} error={error} />
      </ErrorSpace>
    </Fieldset>
  );
}
