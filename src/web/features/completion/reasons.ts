import type { IncompleteReason } from '../../../shared/types';

/**
 * The reasons a party may choose (SPEC section 6): the owner sees every reason except group
 * freelancer, anyone else every reason except group customer.
 */
export function reasonsForRole(
  reasons: readonly IncompleteReason[],
  isOwner: boolean,
): IncompleteReason[] {
  const hidden: IncompleteReason['group'] = isOwner ? 'freelancer' : 'customer';
  return reasons.filter((reason) => reason.group !== hidden);
}

/** Moves the view to the first field marked invalid inside the container (422 errors). */
export function scrollToFirstError(container: HTMLElement | null): void {
  const first = container?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!first) return;
  first.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  // A group (reasons, stars) takes focus on its first control.
  const control = first.matches('input, textarea, select, button')
    ? first
    : first.querySelector<HTMLElement>('input, textarea, [tabindex="0"]');
  (control ?? first).focus({ preventScroll: true });
}
