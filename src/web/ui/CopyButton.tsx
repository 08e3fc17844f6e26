import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../app/theme';

const Plain = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.xs};
  min-height: 44px;
  min-width: 44px;
  padding: 0 ${theme.space.sm};
  border: 1px solid transparent;
  border-radius: ${theme.radii.sm};
  background: transparent;
  color: ${theme.colors.primary};
  font: inherit;
  cursor: copy;

  &:hover {
    border-color: ${theme.colors.border};
  }
`;

export interface CopyButtonProps {
  /** What goes to the clipboard. */
  text: string;
  /** Translated hint, e.g. 'Copy task id': the accessible name when there are no children. */
  label: string;
  onCopied: () => void;
  /** Clipboard unavailable or refused; callers log it (SPEC section 8: no user message). */
  onFailed: (error: unknown) => void;
  /** Visible content; defaults to a copy icon. */
  children?: ReactNode;
}

/**
 * A tel: URI for a phone number as people write it ('+371 2000 0000', '(020) 123-45'): only a
 * leading + and the digits are kept, so a phone dials it and nothing else reaches the href.
 */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

/** Copies text with the async Clipboard API. */
export async function copyText(text: string): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.clipboard?.writeText) {
    throw new Error('Clipboard API unavailable');
  }
  await navigator.clipboard.writeText(text);
}

export function CopyButton({ text, label, onCopied, onFailed, children }: CopyButtonProps) {
  const onClick = async () => {
    try {
      await copyText(text);
      onCopied();
    } catch (error) {
      onFailed(error);
    }
  };
  return (
    <Plain
      type="button"
      aria-label={children ? undefined : label}
      title={label}
      onClick={() => void onClick()}
    >
      {children ?? (
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
          <path d="M16 1H4a2 2 0 0 0-2 2v14h2V3h12V1zm3 4H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2zm0 16H8V7h11v14z" />
        </svg>
      )}
    </Plain>
  );
}
