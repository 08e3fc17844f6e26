/**
 * Why the owner chose another offer (issue 19): an optional reason the owner picks when assigning,
 * shown to each freelancer who was not chosen on their own offer and in their push notice. The
 * same list is the server's validation (422 on anything else) and the database's CHECK (migration
 * 006).
 */
export const NOT_CHOSEN_REASONS = ['price', 'timing', 'experience', 'known', 'other'] as const;

export type NotChosenReason = (typeof NOT_CHOSEN_REASONS)[number];

export const isNotChosenReason = (value: unknown): value is NotChosenReason =>
  typeof value === 'string' && (NOT_CHOSEN_REASONS as readonly string[]).includes(value);
