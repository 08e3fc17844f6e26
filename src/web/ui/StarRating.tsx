import { useId, useRef, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { theme } from '../app/theme';

export const STAR_COUNT = 5;

const Group = styled.div`
  display: grid;
  gap: ${theme.space.xs};
  margin-bottom: ${theme.space.md};
`;

const Label = styled.span`
  font-weight: 600;
`;

const Stars = styled.div`
  display: inline-flex;
  gap: ${theme.space.xs};
`;

const Star = styled.button<{ $on: boolean }>`
  min-width: 44px;
  min-height: 44px;
  border: 0;
  border-radius: ${theme.radii.sm};
  background: transparent;
  color: ${({ $on }) => ($on ? theme.colors.warning : theme.colors.border)};
  font-size: 2rem;
  line-height: 1;
  cursor: pointer;

  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
  }
`;

const Error = styled.p`
  margin: 0;
  color: ${theme.colors.danger};
  font-size: ${theme.fontSizes.sm};
`;

export interface StarRatingProps {
  /** 0 means nothing chosen yet (invalid where a rating is required). */
  value: number;
  onChange: (value: number) => void;
  onBlur?: () => void;
  /** Translated label of the group. */
  label: string;
  /** Translated label of one star, e.g. '3 of 5 stars'. */
  starLabel: (stars: number) => string;
  /** Translated error, shown under the stars and announced with the group. */
  error?: string;
  id?: string;
}

/**
 * A labelled radio group of 5 stars (WAI-ARIA radio group pattern): one tab stop, the arrow keys
 * move the choice, Home and End go to 1 and 5. Value 0 selects none; the first star is then the
 * tab stop.
 */
export function StarRating({
  value,
  onChange,
  onBlur,
  label,
  starLabel,
  error,
  id,
}: StarRatingProps) {
  const fallbackId = useId();
  const groupId = id ?? fallbackId;
  const labelId = `${groupId}-label`;
  const errorId = `${groupId}-error`;
  const refs = useRef<Array<HTMLButtonElement | null>>([]);

  const choose = (stars: number) => {
    const next = Math.min(STAR_COUNT, Math.max(1, stars));
    onChange(next);
    refs.current[next - 1]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, number> = {
      ArrowRight: value + 1,
      ArrowUp: value + 1,
      ArrowLeft: value - 1,
      ArrowDown: value - 1,
      Home: 1,
      End: STAR_COUNT,
    };
    if (!(event.key in keys)) return;
    event.preventDefault();
    choose(keys[event.key]);
  };

  return (
    <Group>
      <Label id={labelId}>{label}</Label>
      <Stars
        id={groupId}
        role="radiogroup"
        aria-labelledby={labelId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur?.();
        }}
      >
        {Array.from({ length: STAR_COUNT }, (_, index) => {
          const stars = index + 1;
          const checked = stars === value;
          const tabStop = checked || (value < 1 && stars === 1);
          return (
            <Star
              key={stars}
              ref={(element) => {
                refs.current[index] = element;
              }}
              type="button"
              role="radio"
              aria-checked={checked}
              aria-label={starLabel(stars)}
              tabIndex={tabStop ? 0 : -1}
              $on={stars <= value}
              onClick={() => choose(stars)}
            >
              <span aria-hidden="true">{stars <= value ? '★' : '☆'}</span>
            </Star>
          );
        })}
      </Stars>
      {error && <Error id={errorId}>{error}</Error>}
    </Group>
  );
}
