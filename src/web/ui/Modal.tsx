import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { uiMessages } from './messages';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndices.modal};
  display: flex;
  align-items: flex-start;
  justify-content: center;
  padding: ${({ theme }) => theme.space.sm};
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.overlay};

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.md};
  }
`;

const Dialog = styled.div<{ $size: ModalSize }>`
  position: relative;
  width: 100%;
  max-width: ${({ theme, $size }) => theme.modalWidths[$size]};
  background: ${({ theme }) => theme.colors.background};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.modal};

  &:focus {
    outline: none;
  }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.lg}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const CloseButton = styled.button`
  min-width: 44px;
  min-height: 44px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font-size: 1.5rem;
  line-height: 1;
  cursor: pointer;
`;

const Body = styled.div`
  padding: ${({ theme }) => theme.space.lg};
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.lg}`};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  isOpen: boolean;
  /** Called on Escape, backdrop click and the close button (never when closeOnlyViaActions). */
  onClose: () => void;
  /** Translated title; labels the dialog. */
  title: ReactNode;
  /** Default 'xl' (SPEC section 9). */
  size?: ModalSize;
  /** No Escape, backdrop or close button: only the actions in the footer close it. */
  closeOnlyViaActions?: boolean;
  footer?: ReactNode;
  children?: ReactNode;
}

/**
 * A dialog in a portal: hides page overflow while open (restores the previous value), traps focus
 * and returns it to the element that opened it.
 */
export function Modal({
  isOpen,
  onClose,
  title,
  size = 'xl',
  closeOnlyViaActions = false,
  footer,
  children,
}: ModalProps) {
  const intl = useIntl();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!isOpen) return;
    const opener = document.activeElement as HTMLElement | null;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const dialog = dialogRef.current;
    const first = dialog?.querySelector<HTMLElement>(`${FOCUSABLE}, [autofocus]`);
    (first ?? dialog)?.focus();
    return () => {
      document.body.style.overflow = previousOverflow;
      if (opener && typeof opener.focus === 'function' && opener.isConnected) opener.focus();
    };
  }, [isOpen]);

  if (!isOpen) return null;

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!closeOnlyViaActions) onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const firstItem = items[0];
    const lastItem = items[items.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === firstItem || active === dialogRef.current)) {
      event.preventDefault();
      lastItem.focus();
    } else if (!event.shiftKey && active === lastItem) {
      event.preventDefault();
      firstItem.focus();
    }
  };

  return createPortal(
    <Backdrop
      data-testid="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !closeOnlyViaActions) onCloseRef.current();
      }}
    >
      <Dialog
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        $size={size}
        data-size={size}
        onKeyDown={onKeyDown}
      >
        <Header>
          <Title id={titleId}>{title}</Title>
          {!closeOnlyViaActions && (
            <CloseButton
              type="button"
              aria-label={intl.formatMessage(uiMessages.close)}
              onClick={() => onCloseRef.current()}
            >
              <span aria-hidden="true">×</span>
            </CloseButton>
          )}
        </Header>
        <Body>{children}</Body>
        {footer && <Footer>{footer}</Footer>}
      </Dialog>
    </Backdrop>,
    document.body,
  );
}
