import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../app/theme';

export type NoticeStackKind = 'success' | 'info' | 'error';

export interface NoticeStackItem {
  id: string;
  kind: NoticeStackKind;
  /** Translated text. */
  text: ReactNode;
  /** An element after the text, e.g. a link to what the notice is about. */
  action?: ReactNode;
}

const Region = styled.div`
  position: fixed;
  right: ${theme.space.md};
  /* Above a page's action bar on phones (ui/ActionBar.tsx), when there is one. */
  bottom: calc(${theme.space.md} + var(--talka-action-bar, 0px));
  left: ${theme.space.md};
  z-index: ${theme.zIndices.notices};
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  pointer-events: none;

  @media (min-width: ${theme.breakpoints.md}) {
    left: auto;
    width: 380px;
  }
`;

const Toast = styled.div<{ $kind: NoticeStackKind }>`
  display: flex;
  align-items: flex-start;
  gap: ${theme.space.sm};
  padding: ${theme.space.sm} ${theme.space.md};
  border-radius: ${theme.radii.md};
  border-left: 6px solid ${({ $kind }) => theme.colors[$kind]};
  background: ${theme.colors.background};
  color: ${theme.colors.text};
  box-shadow: ${theme.shadows.modal};
  pointer-events: auto;
`;

const Body = styled.div`
  flex: 1;
  margin: ${theme.space.xs} 0;
`;

const Text = styled.p`
  margin: 0;
`;

const Dismiss = styled.button`
  min-width: 44px;
  min-height: 44px;
  border: 0;
  background: transparent;
  color: inherit;
  font-size: 1.25rem;
  cursor: pointer;
`;

interface Props {
  items: NoticeStackItem[];
  onDismiss: (id: string) => void;
  /** Translated label of the dismiss button. */
  dismissLabel: string;
}

/** Toasts in a polite live region, each with a dismiss button. */
export function NoticeStack({ items, onDismiss, dismissLabel }: Props) {
  return (
    <Region aria-live="polite" aria-relevant="additions text">
      {items.map((item) => (
        <Toast key={item.id} $kind={item.kind} data-kind={item.kind}>
          <Body>
            <Text>{item.text}</Text>
            {item.action}
          </Body>
          <Dismiss type="button" aria-label={dismissLabel} onClick={() => onDismiss(item.id)}>
            <span aria-hidden="true">×</span>
          </Dismiss>
        </Toast>
      ))}
    </Region>
  );
}
