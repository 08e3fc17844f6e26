import { useSyncExternalStore } from 'react';

/**
 * Whether a pointer (mouse button, finger, pen) is pressed anywhere in the page, until the click
 * it makes has been dispatched.
 *
 * A field's error appears when the field is left, and a field is left by pressing on the next
 * control: the blur comes between the pointer going down and coming up. Were the error to add
 * height then, the control would move out from under the pointer and the click would be lost
 * (issue 16, flow 7). Error lines read this and keep what they showed until the press is over.
 * The release is reported on a later task than `pointerup`, after the `click` that browsers
 * dispatch in the same task as it.
 */
let pressed = false;
let releaseTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setPressed(next: boolean): void {
  if (pressed === next) return;
  pressed = next;
  for (const listener of listeners) listener();
}

function onDown(): void {
  clearTimeout(releaseTimer);
  setPressed(true);
}

function onUp(): void {
  clearTimeout(releaseTimer);
  releaseTimer = setTimeout(() => setPressed(false), 0);
}

/** Events that end a press; `blur` of the window covers a release outside it. */
const RELEASES = ['pointerup', 'pointercancel', 'dragstart'] as const;

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    document.addEventListener('pointerdown', onDown, true);
    for (const type of RELEASES) document.addEventListener(type, onUp, true);
    window.addEventListener('blur', onUp);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    document.removeEventListener('pointerdown', onDown, true);
    for (const type of RELEASES) document.removeEventListener(type, onUp, true);
    window.removeEventListener('blur', onUp);
    clearTimeout(releaseTimer);
    pressed = false;
  };
}

const getSnapshot = () => pressed;
const getServerSnapshot = () => false;

/** True while a pointer is pressed in the page (always false in the server render). */
export function usePointerPressed(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
