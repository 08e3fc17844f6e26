/**
 * JSON bodies: how large and how deep (issue 14 item 3).
 *
 * - Size: the server's default `bodyLimit` is JSON_BODY_LIMIT (16 KiB, enough for every form whose
 *   texts are short); a route with a long text raises its own with `jsonBodyLimit(maxChars)`. A larger
 *   body is refused with a 413 while it streams in, before it is parsed. Multipart uploads have their
 *   own per-file limits (app.ts, saveTask.ts) and are not counted here.
 * - Depth: Fastify's JSON parser (kept, with its prototype-poisoning checks) is wrapped so that a body
 *   nesting deeper than MAX_JSON_DEPTH is a 422 on the top-level field that nests, before any route
 *   or schema sees it. yup walks nested values recursively and overflowed the stack on
 *   `[[[…]]]` 5,000 levels deep (a 500); no form of the app nests more than two levels.
 * - Text: a JSON escape can spell a lone UTF-16 surrogate (`"\udc9e"`, which JSON.stringify writes
 *   for one pasted into a field), a character UTF-8 cannot hold. PostgreSQL refused it with an error
 *   (a 500 from PGlite; the `pg` driver quietly made it U+FFFD). Every string value of a body is made
 *   well-formed here, as any UTF-8 encoder does (a lone surrogate becomes U+FFFD), so both databases
 *   store the same text and the length rules count what is stored.
 */
import fp from 'fastify-plugin';
import { ref, validationMessages as m } from '../../shared/validation/messages';
import { FieldErrors } from '../errors';

/** Objects and arrays inside one another, the body itself counting as one. */
export const MAX_JSON_DEPTH = 8;

/** The default cap of a JSON body, in bytes. */
export const JSON_BODY_LIMIT = 16 * 1024;

/**
 * The cap for a route whose longest text field holds `maxChars` characters: JSON may write a
 * character as a six-byte escape (`\u0001`), plus room for the other fields.
 */
export const jsonBodyLimit = (maxChars: number): number =>
  Math.max(JSON_BODY_LIMIT, maxChars * 6 + 4096);

const isStructured = (value: unknown): value is object =>
  typeof value === 'object' && value !== null;

/** Whether `value` nests more than `max` levels (iterative: the depth itself may be huge). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (!isStructured(current)) continue;
    if (depth > max) return true;
    for (const child of Object.values(current)) {
      if (isStructured(child)) stack.push({ value: child, depth: depth + 1 });
    }
  }
  return false;
}

/** The field to report a too-deep body on: the first top-level key that nests too deep, or '_'. */
export function tooDeepField(body: unknown, max: number): string | null {
  if (!nestsDeeperThan(body, max)) return null;
  if (isStructured(body) && !Array.isArray(body)) {
    for (const [name, value] of Object.entries(body)) {
      if (nestsDeeperThan(value, max - 1)) return name;
    }
  }
  return '_';
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `value` with every lone surrogate replaced by U+FFFD (String.prototype.toWellFormed, ES2024). */
export const wellFormed = (value: string): string => value.replace(LONE_SURROGATE, '\uFFFD');

/**
 * Makes every string value inside a freshly parsed body well-formed, in place (iterative, like the
 * depth check). Keys are left alone: no route reads a key it does not know by name.
 */
export function makeTextWellFormed<T>(body: T): T {
  if (typeof body === 'string') return wellFormed(body) as T;
  const stack: unknown[] = [body];
  while (stack.length > 0) {
    const current = stack.pop();
    if (!isStructured(current)) continue;
    const record = current as Record<string, unknown>;
    for (const [key, child] of Object.entries(record)) {
      if (typeof child === 'string') {
        const fixed = wellFormed(child);
        if (fixed !== child) record[key] = fixed;
      } else if (isStructured(child)) stack.push(child);
    }
  }
  return body;
}

export const jsonBodyPlugin = fp(
  async (app) => {
    // Fastify's own parser, with the options it uses by default: __proto__ and constructor.prototype
    // keys are refused (400), not merged.
    const parse = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      parse(request, text, (err, value) => {
        if (err) return done(err, undefined);
        const field = tooDeepField(value, MAX_JSON_DEPTH);
        if (field !== null) return done(new FieldErrors({ [field]: [ref(m.invalid)] }), undefined);
        return done(null, makeTextWellFormed(value));
      });
    });
  },
  { name: 'talka-json-body' },
);
