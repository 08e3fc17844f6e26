/**
 * The create form's draft in sessionStorage: every value except files (they cannot be stored), so
 * nothing typed is lost when the session ends mid-form (401/419 -> login -> back here).
 */
import type { TaskFormValues } from '../../../shared/validation/taskForm';

export const DRAFT_KEY = 'talka:taskForm:create';

const storage = (): Storage | undefined => {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : undefined;
  } catch {
    // Storage may be disabled (privacy mode): drafts are a convenience.
    return undefined;
  }
};

export function saveDraft(values: TaskFormValues): void {
  // images_count counts files, which are not kept.
  const { images_count: _count, ...rest } = values;
  try {
    storage()?.setItem(DRAFT_KEY, JSON.stringify(rest));
  } catch {
    // Quota exceeded or disabled: nothing to do.
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The saved draft merged over `base` (so new fields get defaults), or null when there is none. */
export function loadDraft(base: TaskFormValues): TaskFormValues | null {
  const text = storage()?.getItem(DRAFT_KEY);
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isObject(parsed)) return null;
    const merged = { ...base, ...parsed } as TaskFormValues;
    return {
      ...merged,
      images: Array.isArray(merged.images) ? merged.images : [],
      removable_images: Array.isArray(merged.removable_images) ? merged.removable_images : [],
      languages: Array.isArray(merged.languages) ? merged.languages : [],
      locations: Array.isArray(merged.locations) ? merged.locations : [],
    };
  } catch {
    return null;
  }
}

export function clearDraft(): void {
  try {
    storage()?.removeItem(DRAFT_KEY);
  } catch {
    // ignore
  }
}
