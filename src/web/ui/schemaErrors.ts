/**
 * A shared yup schema (src/shared/validation) as final-form errors, one rule for every flat form
 * (STYLE item 14). The task form nests its errors itself (features/taskForm/validate.ts).
 */
import type { IntlShape, MessageDescriptor } from 'react-intl';
import { ValidationError, type AnyObjectSchema } from 'yup';
import { isMessageRef, validationMessages } from '../../shared/validation/messages';

const SHARED = new Map<string, MessageDescriptor>(
  Object.values(validationMessages).map((descriptor) => [descriptor.id, descriptor]),
);

/** A feature's own wording of the shared message ids, and of "not valid". */
export interface SchemaTexts {
  texts?: Readonly<Record<string, MessageDescriptor>>;
  invalid?: MessageDescriptor;
}

/**
 * A schema's message reference in the UI language: the feature's text for its id, else the shared
 * one (validationMessages), else "not valid".
 */
export function refText(intl: IntlShape, ref: unknown, { texts, invalid }: SchemaTexts = {}) {
  if (!isMessageRef(ref)) return intl.formatMessage(invalid ?? validationMessages.invalid);
  const descriptor = texts?.[ref.id] ?? SHARED.get(ref.id);
  return descriptor
    ? intl.formatMessage(descriptor, ref.values)
    : intl.formatMessage(invalid ?? validationMessages.invalid);
}

/**
 * Runs the schema on the values: {} when they pass, else the first translated message per field;
 * an array item's error is the array's ('categories[2]' -> 'categories').
 */
export function schemaErrors(
  intl: IntlShape,
  schema: AnyObjectSchema,
  values: unknown,
  wording: SchemaTexts = {},
): Record<string, string> {
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const out: Record<string, string> = {};
    for (const item of error.inner.length ? error.inner : [error]) {
      const field = (item.path ?? '').replace(/\[\d+\]$/, '');
      if (field && !out[field]) out[field] = refText(intl, item.errors[0] ?? item.message, wording);
    }
    return out;
  }
}
