/**
 * Request input checks: shared yup schemas on bodies (failures reach the error handler as 422),
 * hardened so that no input, however hostile, makes validation itself throw (a 500); and a guard
 * for NUL characters, which PostgreSQL text cannot hold.
 */
import fp from 'fastify-plugin';
import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';
import { ref, validationMessages as m, type MessageRef } from '../shared/validation/messages';
import { FieldErrors, notFound } from './errors';
import { yupFieldErrors } from './plugins/errorHandler';
import './types';

const isStructured = (value: unknown): boolean => typeof value === 'object' && value !== null;

/**
 * Top-level fields the schema wants as a string that hold an object or an array. yup leaves those
 * uncast and its trim() then throws a TypeError (a 500) instead of reporting the field.
 */
function mistypedStringFields(schema: AnyObjectSchema, body: unknown): string[] {
  if (!isStructured(body) || Array.isArray(body)) return [];
  const values = body as Record<string, unknown>;
  return Object.entries(schema.fields)
    .filter(
      ([name, field]) =>
        (field as { type?: unknown }).type === 'string' &&
        Object.hasOwn(values, name) &&
        isStructured(values[name]),
    )
    .map(([name]) => name);
}

/** PostgreSQL text cannot hold NUL: a value with one is refused, never sent to the database. */
export const hasNul = (value: unknown): boolean =>
  typeof value === 'string' && value.includes('\u0000');

/** Top-level string values with a NUL character (whatever the schema says of the field). */
function nulFields(body: unknown): string[] {
  if (!isStructured(body) || Array.isArray(body)) return [];
  return Object.entries(body as Record<string, unknown>)
    .filter(([, value]) => hasNul(value))
    .map(([name]) => name);
}

/**
 * The input's own properties that the schema knows, in a fresh object. Validation strips the
 * others anyway; dropping them first matters because yup looks every input key up in its field map,
 * and a key like 'constructor' or 'toString' finds Object.prototype's function there (a TypeError,
 * so a 500, instead of a 422).
 */
export function knownFields(schema: AnyObjectSchema, input: unknown): unknown {
  if (!isStructured(input) || Array.isArray(input)) return input;
  const values = input as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(schema.fields)) {
    if (Object.hasOwn(values, name)) out[name] = values[name];
  }
  return out;
}

/**
 * Validates (abortEarly: false, stripUnknown: true) and resolves to the cast value. Any input, however
 * hostile, either passes or throws a 422 (yup ValidationError or FieldErrors): never a TypeError.
 */
export async function validateInput<S extends AnyObjectSchema>(
  schema: S,
  body: unknown,
  options: { context?: object } = {},
): Promise<InferType<S>> {
  // A missing body is an empty form, so 'required' rules report each field.
  const input = knownFields(schema, body ?? {});
  const validateOptions = { abortEarly: false, stripUnknown: true, context: options.context };
  const mistyped = [...new Set([...mistypedStringFields(schema, input), ...nulFields(input)])];
  if (mistyped.length === 0) return schema.validate(input, validateOptions);

  const rest = { ...(input as Record<string, unknown>) };
  for (const name of mistyped) delete rest[name];
  const errors: Record<string, MessageRef[]> = {};
  try {
    await schema.validate(rest, validateOptions);
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    Object.assign(errors, yupFieldErrors(err));
  }
  for (const name of mistyped) errors[name] = [ref(m.invalid)];
  throw new FieldErrors(errors);
}

export function validateBody<S extends AnyObjectSchema>(
  schema: S,
  body: unknown,
): Promise<InferType<S>> {
  return validateInput(schema, body);
}

/**
 * Whether a request URL (path and query, as sent) is under the API prefix. The path is matched after
 * percent-decoding, as the router matches it: `/%61pi/tasks` reaches the `/api/tasks` route, so it must
 * get the API's guards too (the NUL guard, no-store, the session lookup). A path whose encoding is
 * broken is matched as sent (the router refuses it with a 400 before any route runs).
 */
export function isApiUrl(url: string, apiBase: string): boolean {
  const end = url.search(/[?#]/);
  const rawPath = end === -1 ? url : url.slice(0, end);
  let path = rawPath;
  if (rawPath.includes('%')) {
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      path = rawPath;
    }
  }
  return path === apiBase || path.startsWith(`${apiBase}/`);
}

/**
 * Path parameters and query values with a NUL character: no resource is named so and no filter
 * matches one, but PostgreSQL refuses the byte with an error (a 500). Path: 404; query: 422.
 */
export const nulGuardPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      if (!isApiUrl(request.url, app.config.public.apiBase)) return;
      const params = request.params as Record<string, unknown> | null;
      if (params && Object.values(params).some(hasNul)) throw notFound();
      const query = request.query as Record<string, unknown> | null;
      if (!query) return;
      const errors: Record<string, MessageRef[]> = {};
      for (const [name, value] of Object.entries(query)) {
        if ((Array.isArray(value) ? value : [value]).some(hasNul)) errors[name] = [ref(m.invalid)];
      }
      if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
    });
  },
  { name: 'talka-nul-guard' },
);
