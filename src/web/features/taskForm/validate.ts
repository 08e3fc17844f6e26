/**
 * The shared yup schema mapped to final-form errors (STYLE item 14), and a server 422 mapped to
 * submission errors on the same field names.
 */
import { FORM_ERROR, setIn, type SubmissionErrors } from 'final-form';
import type { IntlShape, MessageDescriptor } from 'react-intl';
import { ValidationError } from 'yup';
import { isMessageRef, validationMessages } from '../../../shared/validation/messages';
import {
  taskFormSchema,
  type TaskFormContext,
  type TaskFormValues,
} from '../../../shared/validation/taskForm';
import type { ValidationError as ApiValidationError } from '../../api/baseQuery';

/** Array-level errors of the address list (e.g. 'add at least one address') live here. */
export const LOCATIONS_ERROR = 'locations_error';

const defaults: Record<string, string> = Object.fromEntries(
  Object.values(validationMessages).map((m) => [m.id, m.defaultMessage]),
);

/** A schema message (a MessageRef, or plain text) in the UI language. */
export function formatSchemaMessage(intl: IntlShape, message: unknown): string {
  if (isMessageRef(message)) {
    // Ids come from the shared schema; extraction reads them from validationMessages.
    const descriptor: MessageDescriptor = { id: message.id, defaultMessage: defaults[message.id] };
    return intl.formatMessage(descriptor, message.values);
  }
  return String(message);
}

/** yup's 'locations[0].address' -> final-form's 'locations.0.address'. */
const toFieldPath = (path: string): string => path.replace(/\[(\d+)\]/g, '.$1');

/** Where an error of this path is shown. */
function targetPath(path: string): string {
  if (path === 'locations') return LOCATIONS_ERROR;
  if (/^locations\.\d+$/.test(path)) return `${path}.address`;
  if (/^locations\.\d+\.(city|lat|lng)$/.test(path))
    return path.replace(/\.(city|lat|lng)$/, '.address');
  // Per-item errors of plain lists are shown once, under the list.
  const list = /^(images|removable_images|languages)\.\d+/.exec(path);
  if (list) return list[1] === 'removable_images' ? 'images' : list[1];
  if (path === 'images_count') return 'images';
  return path;
}

type Errors = Record<string, unknown>;

/** Runs the shared schema; the first message per field, formatted, nested for final-form. */
export function validateTaskForm(
  values: TaskFormValues,
  context: TaskFormContext,
  intl: IntlShape,
): Errors {
  try {
    taskFormSchema.validateSync(values, { abortEarly: false, context });
    return {};
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    let errors: Errors = {};
    for (const leaf of err.inner.length > 0 ? err.inner : [err]) {
      const path = targetPath(toFieldPath(leaf.path ?? ''));
      if (path === '' || hasErrorAt(errors, path)) continue;
      errors = setIn(
        errors,
        path,
        formatSchemaMessage(intl, leaf.errors[0] ?? leaf.message),
      ) as Errors;
    }
    return errors;
  }
}

function hasErrorAt(errors: Errors, path: string): boolean {
  let node: unknown = errors;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return typeof node === 'string';
    node = (node as Record<string, unknown>)[key];
  }
  return node !== undefined;
}

/** A 422's field errors as final-form submission errors ('locations.0.address' nested). */
export function serverSubmissionErrors(
  error: ApiValidationError,
  formError: string,
): SubmissionErrors {
  let errors: Errors = {};
  for (const [field, list] of Object.entries(error.data.errors)) {
    const message = list?.[0];
    if (!message) continue;
    const path = targetPath(toFieldPath(field));
    if (hasErrorAt(errors, path)) continue;
    errors = setIn(errors, path, message) as Errors;
  }
  return { ...errors, [FORM_ERROR]: formError };
}
