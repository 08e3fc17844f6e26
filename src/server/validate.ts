/** Runs a shared yup schema on a request body; failures reach the error handler as 422. */
import type { AnyObjectSchema, InferType } from 'yup';

export function validateBody<S extends AnyObjectSchema>(
  schema: S,
  body: unknown,
): Promise<InferType<S>> {
  // A missing body is an empty form, so 'required' rules report each field.
  return schema.validate(body ?? {}, { abortEarly: false, stripUnknown: true });
}

export const isApiUrl = (url: string, apiBase: string): boolean =>
  url === apiBase || url.startsWith(`${apiBase}/`) || url.startsWith(`${apiBase}?`);
