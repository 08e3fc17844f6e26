/**
 * Keyset (cursor) paging: a page ends at a row's sort key (a timestamp and a tie-breaking id),
 * and the next page starts after it, so rows decided or added meanwhile neither repeat nor get
 * skipped, as they would with an offset. The cursor is opaque to clients: base64url JSON of the
 * key, the timestamp in UTC with microseconds (`cursorAt`: a JS Date would lose them).
 * Used by the moderation queue and log (docs/MODERATION.md).
 */
import { ref, validationMessages as m } from '../shared/validation/messages';
import { FieldErrors } from './errors';

/** The sort key of the last row of a page: its timestamp (`cursorAt`'s text) and its id. */
export type Keyset = readonly [at: string, id: string];

/** SQL: a timestamptz expression as the cursor's text, e.g. 2026-11-27T04:12:33.123456Z. */
export const cursorAt = (expression: string): string =>
  `to_char((${expression}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Most rows a page may ask for (`per_page`), and the default. */
export const CURSOR_PAGE_MAX = 100;

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;

/** A real moment in cursorAt's format (no 30 February: PostgreSQL would refuse it with an error). */
function isCursorAt(value: string): boolean {
  const parts = TIMESTAMP.exec(value);
  if (!parts) return false;
  const [year, month, day, hour, minute, second] = parts.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  );
}

export const encodeCursor = (key: Keyset): string =>
  Buffer.from(JSON.stringify(key)).toString('base64url');

/**
 * The key of a `cursor` query value; none for an absent one. Anything that is not a cursor this
 * server made, with an id that `idPattern` accepts, is a 422 on `cursor`.
 */
export function decodeCursor(raw: unknown, idPattern: RegExp): Keyset | null {
  if (raw === undefined || raw === '') return null;
  const invalid = () => new FieldErrors({ cursor: [ref(m.invalid)] });
  if (typeof raw !== 'string' || raw.length > 200 || !/^[\w-]+$/.test(raw)) throw invalid();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    typeof value[0] !== 'string' ||
    typeof value[1] !== 'string' ||
    !isCursorAt(value[0]) ||
    !idPattern.test(value[1])
  ) {
    throw invalid();
  }
  return [value[0], value[1]];
}

/** `per_page`: 1-100 (default 100); anything else is a 422 on `per_page`. */
export function perPage(raw: unknown): number {
  if (raw === undefined || raw === '') return CURSOR_PAGE_MAX;
  const n = typeof raw === 'string' && /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= CURSOR_PAGE_MAX)) throw new FieldErrors({ per_page: [ref(m.invalid)] });
  return n;
}

/** Rows fetched with one extra: the page, and the cursor after its last row when there is more. */
export function keysetPage<R>(
  rows: R[],
  limit: number,
  keyOf: (row: R) => Keyset,
): { rows: R[]; next_cursor: string | null } {
  if (rows.length <= limit) return { rows, next_cursor: null };
  const page = rows.slice(0, limit);
  return { rows: page, next_cursor: encodeCursor(keyOf(page[page.length - 1])) };
}
