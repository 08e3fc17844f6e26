import styled from 'styled-components';
import { theme } from '../app/theme';

/**
 * A button in the header's row that opens a panel: the phone's "Menu" and, on wide screens, the
 * account's name. One look for both; `$screens` says where it shows (narrow: below the md
 * breakpoint, wide: from it). Text that does not fit is cut with an ellipsis inside a `span`.
 */
export const HeaderButton = styled.button<{ $screens: 'narrow' | 'wide' }>`
  display: ${({ $screens }) => ($screens === 'narrow' ? 'inline-flex' : 'none')};
  align-items: center;
  gap: ${theme.space.xs};
  min-height: 44px;
  padding: 0 ${theme.space.sm};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.background};
  color: ${theme.colors.text};
  font: inherit;
  font-weight: 600;
  cursor: pointer;

  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }

  @media (min-width: ${theme.breakpoints.md}) {
    display: ${({ $screens }) => ($screens === 'narrow' ? 'none' : 'inline-flex')};
  }
`;
