/**
 * The create form's draft (ui/draft.ts): every value except files (they cannot be stored), so
 * nothing typed is lost when the session ends mid-form (401/419 -> login -> back here).
 */
import type { TaskFormValues } from '../../../shared/validation/taskForm';
import { draftKey, readDraft, removeDraft, writeDraft } from '../../ui/draft';

export const DRAFT_KEY = draftKey('taskForm', 'create');

export function saveDraft(values: TaskFormValues): void {
  // images_count counts files, which are not kept.
  const { images_count: _count, ...rest } = values;
  writeDraft(DRAFT_KEY, rest);
}

/** The saved draft merged over `base` (so new fields get defaults), or null when there is none. */
export function loadDraft(base: TaskFormValues): TaskFormValues | null {
  const parsed = readDraft(DRAFT_KEY);
  if (!parsed) return null;
  const merged = { ...base, ...parsed } as TaskFormValues;
  return {
    ...merged,
    images: Array.isArray(merged.images) ? merged.images : [],
    removable_images: Array.isArray(merged.removable_images) ? merged.removable_images : [],
    languages: Array.isArray(merged.languages) ? merged.languages : [],
    locations: Array.isArray(merged.locations) ? merged.locations : [],
  };
}

export function clearDraft(): void {
  removeDraft(DRAFT_KEY);
}
