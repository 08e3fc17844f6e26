import { useEffect, useId, useRef, type ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { CloseButton } from '../../ui/CloseButton';
import { theme } from '../../app/theme';

const slideIn = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(0); }
`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${theme.zIndices.modal};
  background: ${theme.colors.overlay};
`;

const Panel = styled.div`
  position: fixed;
  inset: 0 auto 0 0;
  z-index: ${theme.zIndices.modal + 1};
  width: min(360px, 90vw);
  overflow-y: auto;
  padding: ${theme.space.md};
  background: ${theme.colors.background};
  box-shadow: ${theme.shadows.modal};
  animation: ${slideIn} 0.2s ease-out;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }

  &:focus {
    outline: none;
  }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  margin-bottom: ${theme.space.md};

  h2 {
    margin: 0;
    font-size: ${theme.fontSizes.lg};
  }
`;

interface Props {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
}

/** A dialog that slides in from the side (the detail page's popular categories on phones). */
export function SlideOutPanel({ isOpen, onClose, title, closeLabel, children }: Props) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!isOpen) return undefined;
    const opener = document.activeElement as HTMLElement | null;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    panelRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = previousOverflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [isOpen]);

  if (!isOpen) return null;
  return (
    <>
      <Backdrop data-testid="slide-out-backdrop" onClick={() => onCloseRef.current()} />
      <Panel ref={panelRef} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <Header>
          <h2 id={titleId}>{title}</h2>
          <CloseButton type="button" aria-label={closeLabel} onClick={() => onCloseRef.current()}>
            <span aria-hidden="true">×</span>
          </CloseButton>
        </Header>
        {children}
      </Panel>
    </>
  );
}
