import { useId, useRef, useState, type KeyboardEvent } from 'react';

/**
 * The open state of a panel that a button shows (the header's phone menu, the account's links):
 * closed again on another page (`resetKey` changes: a link in it was followed), and Escape inside
 * closes it and puts the focus back on its button. Spread `buttonProps` on the button, give the
 * panel `id`, and handle `onKeyDown` on an element around both.
 */
export function usePanel(resetKey?: string) {
  const [open, setOpen] = useState(false);
  // Reset while rendering, the way React adjusts state to a changed prop, not in an effect after a
  // render with it open.
  const [key, setKey] = useState(resetKey);
  if (key !== resetKey) {
    setKey(resetKey);
    setOpen(false);
  }
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    button.current?.focus();
  };
  const buttonProps = {
    ref: button,
    type: 'button' as const,
    'aria-expanded': open,
    'aria-controls': id,
    onClick: () => setOpen(!open),
  };
  return { open, setOpen, id, buttonProps, onKeyDown };
}
