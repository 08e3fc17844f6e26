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
