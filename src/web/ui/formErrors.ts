/** How every form shows its errors: one rule, so all forms behave alike. */
import type { FieldMetaState } from 'react-final-form';

/**
 * Client errors once the field was left (or a submit was tried); server (422) errors until the field
 * is edited again.
 */
export function shownError(meta: FieldMetaState<unknown>): string | undefined {
  if ((meta.touched || meta.submitFailed) && meta.error) return String(meta.error);
  if (meta.submitError && !meta.dirtySinceLastSubmit) return String(meta.submitError);
  return undefined;
}

/** Scrolls to the first field marked invalid inside `root` and focuses it (a group: its first control). */
export function focusFirstError(root: HTMLElement | null): void {
  const first = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!first) return;
  first.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  const control = first.matches('input, textarea, select, button')
    ? first
    : first.querySelector<HTMLElement>('input, textarea, [tabindex="0"]');
  (control ?? first).focus({ preventScroll: true });
}
