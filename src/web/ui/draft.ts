/**
 * Drafts: what a user typed into a form, kept in sessionStorage (this tab only) so that nothing
 * typed is lost when the session ends mid-form (401/419 -> login -> back) or the page reloads.
 * One key per form and subject (`draftKey`); a draft is removed once the form was sent.
 */

const PREFIX = 'talka:draft:';

function storage(): Storage | undefined {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : undefined;
  } catch {
    // Storage may be disabled (privacy mode): drafts are a convenience.
    return undefined;
  }
}

/** The storage key of one form's draft, e.g. draftKey('offer', userUuid, taskUuid, 'new'). */
export function draftKey(form: string, ...parts: string[]): string {
  return [`${PREFIX}${form}`, ...parts].join(':');
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The stored object under `key`, or null when there is none (or it is not an object). */
export function readDraft(key: string): Record<string, unknown> | null {
  const text = storage()?.getItem(key);
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, values: Record<string, unknown>): void {
  try {
    storage()?.setItem(key, JSON.stringify(values));
  } catch {
    // Quota exceeded or disabled: nothing to do.
  }
}

export function removeDraft(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Disabled storage: nothing was stored.
  }
}
