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
import { CloseButton } from './CloseButton';
import { uiMessages } from './messages';
import { theme } from '../app/theme';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${theme.zIndices.modal};
  display: flex;
  align-items: flex-start;
  justify-content: center;
  padding: ${theme.space.sm};
  overflow-y: auto;
  background: ${theme.colors.overlay};

  @media (min-width: ${theme.breakpoints.md}) {
    padding: ${theme.space.xl} ${theme.space.md};
  }
`;

const Dialog = styled.div<{ $size: ModalSize }>`
  position: relative;
  width: 100%;
  max-width: ${({ $size }) => theme.modalWidths[$size]};
  background: ${theme.colors.background};
  border-radius: ${theme.radii.md};
  box-shadow: ${theme.shadows.modal};

  &:focus {
    outline: none;
  }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.md};
  padding: ${theme.space.md} ${theme.space.lg};
  border-bottom: 1px solid ${theme.colors.border};
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${theme.fontSizes.lg};
`;

const Body = styled.div`
  padding: ${theme.space.lg};
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${theme.space.sm};
  padding: ${theme.space.md} ${theme.space.lg};
  border-top: 1px solid ${theme.colors.border};
`;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Rendered and not hidden (checkVisibility in browsers; jsdom, without it, reads the styles). */
function isShown(element: HTMLElement, root: HTMLElement): boolean {
  if (element.closest('[hidden], [inert]')) return false;
  if (typeof element.checkVisibility === 'function') {
    return element.checkVisibility({ visibilityProperty: true });
  }
  for (let node: HTMLElement | null = element; node && node !== root; node = node.parentElement) {
    if (getComputedStyle(node).display === 'none') return false;
  }
  return getComputedStyle(element).visibility !== 'hidden';
}

/**
 * The elements Tab stops at inside `root`, in order: shown ones only (a dropzone's file input is
 * display:none), and of a group of radio buttons only the checked one (or the first).
 */
export function tabbableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => {
    if (element.tabIndex < 0 || !isShown(element, root)) return false;
    if (!(element instanceof HTMLInputElement) || element.type !== 'radio' || !element.name) {
      return true;
    }
    const group = Array.from(
      root.querySelectorAll<HTMLInputElement>(`input[type="radio"]:not([disabled])`),
    ).filter((radio) => radio.name === element.name && radio.form === element.form);
    const checked = group.find((radio) => radio.checked);
    return checked ? checked === element : group[0] === element;
  });
}

/** The dialog on top: modals are portalled to <body> in the order they open. */
function isTopmost(dialog: HTMLElement): boolean {
  const open = document.querySelectorAll('[role="dialog"][aria-modal="true"]');
  return open[open.length - 1] === dialog;
}

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
    // Focus that gets out anyway (a click on a notice, a script) comes back to where it was.
    let lastInside: HTMLElement | null = null;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as Node | null;
      if (!dialog || !target) return;
      if (dialog.contains(target)) {
        lastInside = target as HTMLElement;
        return;
      }
      if (!isTopmost(dialog)) return;
      const back = lastInside?.isConnected ? lastInside : (tabbableIn(dialog)[0] ?? dialog);
      back.focus();
    };
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
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
    const items = tabbableIn(dialogRef.current);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const firstItem = items[0];
    const lastItem = items[items.length - 1];
    const active = document.activeElement;
    // Wrap when no stop lies beyond the focus in that direction (the dialog itself precedes all).
    const beyond = (item: HTMLElement) =>
      !!active &&
      (active.compareDocumentPosition(item) &
        (event.shiftKey ? Node.DOCUMENT_POSITION_PRECEDING : Node.DOCUMENT_POSITION_FOLLOWING)) !==
        0;
    if (!items.some(beyond)) {
      event.preventDefault();
      (event.shiftKey ? lastItem : firstItem).focus();
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
