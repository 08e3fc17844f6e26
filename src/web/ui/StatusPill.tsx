import styled, { css } from 'styled-components';
import { theme } from '../app/theme';

export type PillStatus =
  'open' | 'in_progress' | 'completed' | 'incomplete' | 'unknown' | 'expired';

const Pill = styled.span<{ $status: PillStatus }>`
  display: inline-flex;
  align-items: center;
  padding: 0.15rem ${theme.space.sm};
  border: 1px solid currentColor;
  border-radius: ${theme.radii.pill};
  font-size: ${theme.fontSizes.sm};
  font-weight: 600;
  white-space: nowrap;

  ${({ $status }) => {
    const color = {
      open: theme.colors.success,
      in_progress: theme.colors.primary,
      completed: theme.colors.secondaryText,
      incomplete: theme.colors.danger,
      unknown: theme.colors.textMuted,
      expired: theme.colors.warning,
    }[$status];
    return css`
      color: ${color};
      background: ${theme.colors.background};
    `;
  }}
`;

/** A task status as a coloured pill; the text is translated by the caller. */
export function StatusPill({ status, label }: { status: PillStatus; label: string }) {
  return (
    <Pill $status={status} data-status={status}>
      {label}
    </Pill>
  );
}
