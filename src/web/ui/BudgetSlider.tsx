import { useState, type ChangeEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import styled from 'styled-components';
import { theme } from '../app/theme';

const messages = defineMessages({
  lower: { id: 'ui.budgetSlider.lower', defaultMessage: 'Lowest amount' },
  upper: { id: 'ui.budgetSlider.upper', defaultMessage: 'Highest amount' },
});

/**
 * The slider's maximum for the values shown: it doubles from `current` until every value fits,
 * never beyond `limit` (and never shrinks).
 */
export function sliderMaxFor(
  values: ReadonlyArray<number | null | undefined>,
  current: number,
  limit: number,
): number {
  let max = current;
  const highest = Math.max(0, ...values.filter((v): v is number => Number.isFinite(v)));
  while (max < highest && max < limit) max = Math.min(limit, max * 2);
  return max;
}

const Wrap = styled.div`
  position: relative;
  height: 44px;
  margin: ${theme.space.sm} 0;
`;

const Track = styled.div`
  position: absolute;
  top: 50%;
  left: 0;
  right: 0;
  height: 6px;
  transform: translateY(-50%);
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.secondary};
`;

const Selected = styled.div.attrs<{ $from: number; $to: number }>(({ $from, $to }) => ({
  style: { left: `${$from}%`, width: `${Math.max(0, $to - $from)}%` },
}))<{ $from: number; $to: number }>`
  position: absolute;
  top: 0;
  bottom: 0;
  border-radius: inherit;
  background: ${theme.colors.primary};
`;

// Two native range inputs on one track: only their thumbs take pointer events.
const Range = styled.input`
  position: absolute;
  inset: 0;
  width: 100%;
  margin: 0;
  background: none;
  pointer-events: none;
  appearance: none;

  &::-webkit-slider-thumb {
    appearance: none;
    width: 24px;
    height: 24px;
    border: 2px solid #fff;
    border-radius: 50%;
    background: ${theme.colors.primary};
    pointer-events: auto;
    cursor: pointer;
  }
  &::-moz-range-thumb {
    width: 24px;
    height: 24px;
    border: 2px solid #fff;
    border-radius: 50%;
    background: ${theme.colors.primary};
    pointer-events: auto;
    cursor: pointer;
  }
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
  }
`;

export interface BudgetRange {
  from: number | null;
  to: number | null;
}

export interface BudgetSliderProps {
  from: number | null;
  to: number | null;
  onChange: (range: BudgetRange) => void;
  /** Starting maximum of the track (SPEC: 5000). */
  initialMax: number;
  /** The track never extends beyond this (SPEC: 500000). */
  limit: number;
  step: number;
  disabled?: boolean;
  /** Id prefix of the two range inputs. */
  id?: string;
}

/**
 * A two-handle range over 0..max. The maximum starts at `initialMax` and doubles (up to `limit`)
 * when a value typed elsewhere exceeds it; the handles never cross.
 */
export function BudgetSlider({
  from,
  to,
  onChange,
  initialMax,
  limit,
  step,
  disabled,
  id,
}: BudgetSliderProps) {
  const intl = useIntl();
  const [max, setMax] = useState(() => sliderMaxFor([from, to], initialMax, limit));
  // Grows while rendering (no effect pass): a typed value above the track extends it at once.
  const needed = sliderMaxFor([from, to], max, limit);
  if (needed !== max) setMax(needed);

  const low = Math.min(from ?? 0, max);
  const high = Math.min(to ?? max, max);
  const percent = (value: number) => (max > 0 ? (value / max) * 100 : 0);

  const onLow = (event: ChangeEvent<HTMLInputElement>) =>
    onChange({ from: Math.min(Number(event.target.value), high), to: to ?? high });
  const onHigh = (event: ChangeEvent<HTMLInputElement>) =>
    onChange({ from: from ?? low, to: Math.max(Number(event.target.value), low) });

  return (
    <Wrap data-max={max}>
      <Track>
        <Selected $from={percent(low)} $to={percent(high)} />
      </Track>
      <Range
        id={id ? `${id}-lower` : undefined}
        type="range"
        min={0}
        max={max}
        step={step}
        value={low}
        onChange={onLow}
        disabled={disabled}
        aria-label={intl.formatMessage(messages.lower)}
      />
      <Range
        id={id ? `${id}-upper` : undefined}
        type="range"
        min={0}
        max={max}
        step={step}
        value={high}
        onChange={onHigh}
        disabled={disabled}
        aria-label={intl.formatMessage(messages.upper)}
      />
    </Wrap>
  );
}
