/**
 * The create form's draft (ui/draft.ts): every value except files (they cannot be stored), so
 * nothing typed is lost when the session ends mid-form (401/419 -> login -> back here).
 */
import { emptyTaskForm, type TaskFormValues } from '../../../shared/validation/taskForm';
import { draftKey, readDraft, removeDraft, writeDraft } from '../../ui/draft';

export const DRAFT_KEY = draftKey('taskForm', 'create');

/** Beside the values: the ?category_id the draft was typed under (null: none). */
const LINK_CATEGORY = 'link_category_id';

/** Nothing, whatever the field: final-form drops an emptied text field's value. */
const blank = (value: unknown): string =>
  value === undefined || value === null || value === '' ? 'null' : JSON.stringify(value);

/** Whether anything but the category differs from the empty form (else there is no draft). */
function typedInput(values: TaskFormValues): boolean {
  const empty = emptyTaskForm();
  return (Object.keys(empty) as (keyof TaskFormValues)[]).some(
    (field) => field !== 'category_id' && blank(values[field]) !== blank(empty[field]),
  );
}

/** Kept while something was typed, with the ?category_id it was typed under. */
export function saveDraft(values: TaskFormValues, linkCategory: number | null): void {
  if (!typedInput(values)) {
    // Only opened (or emptied again): the next visit has nothing to restore.
    removeDraft(DRAFT_KEY);
    return;
  }
  // images_count counts files, which are not kept.
  const { images_count: _count, ...rest } = values;
  writeDraft(DRAFT_KEY, { ...rest, [LINK_CATEGORY]: linkCategory });
}

/**
 * The saved draft merged over `base` (so new fields get defaults), or null when there is none.
 * Opened with ?category_id=`linkCategory`, the link's category wins (the user just clicked it) and
 * the draft keeps the rest; only a category chosen under this same link is kept (the user went on
 * from there: a subcategory picked, then back here after logging in again).
 */
export function loadDraft(
  base: TaskFormValues,
  linkCategory: number | null,
): TaskFormValues | null {
  const parsed = readDraft(DRAFT_KEY);
  if (!parsed) return null;
  const { [LINK_CATEGORY]: typedUnder, ...stored } = parsed;
  const merged = { ...base, ...stored } as TaskFormValues;
  const values: TaskFormValues = {
    ...merged,
    images: Array.isArray(merged.images) ? merged.images : [],
    removable_images: Array.isArray(merged.removable_images) ? merged.removable_images : [],
    languages: Array.isArray(merged.languages) ? merged.languages : [],
    locations: Array.isArray(merged.locations) ? merged.locations : [],
  };
  const keepDraft =
    linkCategory === null ||
    values.category_id === linkCategory ||
    (typeof values.category_id === 'number' && typedUnder === linkCategory);
  return keepDraft ? values : { ...values, category_id: linkCategory };
}

export function clearDraft(): void {
  removeDraft(DRAFT_KEY);
}
