/**
 * The marker of a hidden contact detail in a served text (src/shared/contactMask.ts masks, the SPA
 * shows each marker as a translated "[hidden]"). A module of its own: the task page's questions
 * need only this, not the detector's patterns.
 */

/**
 * A private-use character: it never comes from a keyboard, and one a user pastes is dropped before
 * masking, so every marker in a served text is the server's.
 */
export const CONTACT_MARKER = '\uE000';

/** A served text as plain parts and markers, for rendering. */
export function splitMasked(text: string): { text: string; hidden: boolean }[] {
  const parts: { text: string; hidden: boolean }[] = [];
  text.split(CONTACT_MARKER).forEach((part, index) => {
    if (index > 0) parts.push({ text: '', hidden: true });
    if (part !== '') parts.push({ text: part, hidden: false });
  });
  return parts;
}
