import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from './Link';
import styled, { css } from 'styled-components';
import { Spinner } from './Spinner';
import { theme } from '../app/theme';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'link';

interface StyleProps {
  $variant?: ButtonVariant;
  $block?: boolean;
}

/** Shared look of buttons and button-like links. */
export const buttonStyles = css<StyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.space.sm};
  min-height: 44px;
  padding: ${theme.space.sm} ${theme.space.lg};
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  border: 2px solid transparent;
  border-radius: ${theme.radii.md};
  font: inherit;
  font-weight: 600;
  line-height: 1.2;
  text-decoration: none;
  cursor: pointer;
  transition: background-color 0.15s ease;

  ${({ $variant = 'primary' }) => {
    switch ($variant) {
      case 'secondary':
        return css`
          background: ${theme.colors.secondary};
          color: ${theme.colors.secondaryText};
          border-color: ${theme.colors.border};
          &:hover:not(:disabled) {
            background: ${theme.colors.secondaryHover};
          }
        `;
      case 'danger':
        return css`
          background: ${theme.colors.danger};
          color: #fff;
          &:hover:not(:disabled) {
            background: ${theme.colors.dangerHover};
          }
        `;
      case 'link':
        return css`
          background: transparent;
          color: ${theme.colors.primary};
          padding-inline: ${theme.space.xs};
          text-decoration: underline;
          font-weight: 600;
        `;
      default:
        return css`
          background: ${theme.colors.primary};
          color: ${theme.colors.primaryText};
          &:hover:not(:disabled) {
            background: ${theme.colors.primaryHover};
          }
        `;
    }
  }}

  &:disabled {
    opacity: 0.65;
    cursor: not-allowed;
  }
`;

const StyledButton = styled.button<StyleProps>`
  ${buttonStyles}
`;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, StyleProps {
  /** Shows a spinner and disables the button. */
  $loading?: boolean;
  /** Translated spinner label (default 'Loading'). */
  loadingLabel?: string;
  children?: ReactNode;
}

export function Button({
  $loading = false,
  loadingLabel,
  disabled,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <StyledButton
      type={type}
      disabled={disabled || $loading}
      aria-busy={$loading || undefined}
      {...rest}
    >
      {$loading && <Spinner label={loadingLabel} />}
      {children}
    </StyledButton>
  );
}

/** A router link that looks like a button. */
export const ButtonLink = styled(Link)<StyleProps>`
  ${buttonStyles}
`;
