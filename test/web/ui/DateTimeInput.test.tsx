/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { ThemeProvider } from 'styled-components';
import { theme } from '../../../src/web/app/theme';
import ltMessages from '../../../translations/lt.json';
import ruMessages from '../../../translations/ru.json';
import {
  combineDateTime,
  DateTimeInput,
  maskTime,
  normalizeTime,
} from '../../../src/web/ui/DateTimeInput';
import { renderWithProviders } from '../../support/render';

function Harness({
  initial = null,
  onValue,
  min,
  max,
}: {
  initial?: string | null;
  onValue: (value: string | null) => void;
  min?: string;
  max?: string;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <DateTimeInput
      label="Start"
      value={value}
      min={min}
      max={max}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

describe('time mask (SPEC 5: HH:MM, hours 00-23, minutes 00-59, clamped on blur)', () => {
  it('keeps digits only, at most four, with an automatic colon', () => {
    expect(maskTime('1a2b')).toBe('12:');
    expect(maskTime('123456')).toBe('12:34');
    expect(maskTime('7')).toBe('7');
    // Deleting the colon does not bring it back at once.
    expect(maskTime('12', '12:')).toBe('12');
  });

  it('clamps and pads a typed time', () => {
    expect(normalizeTime('25:99')).toBe('23:59');
    expect(normalizeTime('7')).toBe('07:00');
    expect(normalizeTime('12:3')).toBe('12:03');
    expect(normalizeTime('')).toBe('');
  });

  it('gives a date without a time 00:00:00', () => {
    expect(combineDateTime('2030-06-20', '')).toBe('2030-06-20T00:00:00');
    expect(combineDateTime('2030-06-20', '09:5')).toBe('2030-06-20T09:05:00');
    expect(combineDateTime('', '10:00')).toBeNull();
  });
});

describe('DateTimeInput', () => {
  it.each([
    ['ru', ruMessages, 'Начало: время (ЧЧ:ММ)', 'ЧЧ:ММ'],
    ['lt', ltMessages, 'Pradžia: laikas (VV:MM)', 'VV:MM'],
  ])('hints the time format in the page language (%s)', (locale, messages, label, placeholder) => {
    const field = label.split(':')[0];
    render(
      <ThemeProvider theme={theme}>
        <IntlProvider locale={locale} messages={messages}>
          <DateTimeInput label={field} value={null} onChange={() => undefined} />
        </IntlProvider>
      </ThemeProvider>,
    );
    expect(screen.getByLabelText(label)).toHaveAttribute('placeholder', placeholder);
  });

  it("masks '2' '5' '9' '9' as 25:99 and clamps it to 23:59 on blur", async () => {
    const onValue = jest.fn();
    const { user } = renderWithProviders(
      <Harness initial="2030-06-20T00:00:00" onValue={onValue} />,
    );
    const time = screen.getByLabelText('Start: time (HH:MM)');
    await user.clear(time);
    await user.type(time, '2599');
    expect(time).toHaveValue('25:99');
    await user.tab();
    expect(time).toHaveValue('23:59');
    expect(onValue).toHaveBeenLastCalledWith('2030-06-20T23:59:00');
  });

  it("turns a single '7' into 07:00 on blur", async () => {
    const onValue = jest.fn();
    const { user } = renderWithProviders(
      <Harness initial="2030-06-20T00:00:00" onValue={onValue} />,
    );
    const time = screen.getByLabelText('Start: time (HH:MM)');
    await user.clear(time);
    await user.type(time, '7');
    await user.tab();
    expect(time).toHaveValue('07:00');
    expect(onValue).toHaveBeenLastCalledWith('2030-06-20T07:00:00');
  });

  it('ignores letters in the time', async () => {
    const { user } = renderWithProviders(<Harness onValue={jest.fn()} />);
    const time = screen.getByLabelText('Start: time (HH:MM)');
    await user.type(time, 'ab1x2');
    expect(time).toHaveValue('12:');
  });

  it('reports a picked date with 00:00:00 when no time is typed', async () => {
    const onValue = jest.fn();
    const { user } = renderWithProviders(<Harness onValue={onValue} />);
    const date = screen.getByLabelText('Start: date');
    await user.type(date, '2030-06-21');
    expect(onValue).toHaveBeenLastCalledWith('2030-06-21T00:00:00');
  });

  it('puts min and max on the date picker', () => {
    renderWithProviders(<Harness onValue={jest.fn()} min="2030-01-01" max="2030-12-31" />);
    const date = screen.getByLabelText('Start: date');
    expect(date).toHaveAttribute('type', 'date');
    expect(date).toHaveAttribute('min', '2030-01-01');
    expect(date).toHaveAttribute('max', '2030-12-31');
  });

  it('follows a value cleared from outside', async () => {
    function Clearable() {
      const [value, setValue] = useState<string | null>('2030-06-20T10:30:00');
      return (
        <>
          <DateTimeInput label="End" value={value} onChange={setValue} />
          <button type="button" onClick={() => setValue(null)}>
            clear
          </button>
        </>
      );
    }
    const { user } = renderWithProviders(<Clearable />);
    expect(screen.getByLabelText('End: date')).toHaveValue('2030-06-20');
    expect(screen.getByLabelText('End: time (HH:MM)')).toHaveValue('10:30');
    await user.click(screen.getByRole('button', { name: 'clear' }));
    expect(screen.getByLabelText('End: date')).toHaveValue('');
    expect(screen.getByLabelText('End: time (HH:MM)')).toHaveValue('');
  });
});
