/** Errors routes throw; the error handler turns them into Laravel-shaped, translated bodies. */
import type { MessageRef } from '../shared/validation/messages';
import type { ServerMessageId } from './i18n/messages';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageId: ServerMessageId,
    readonly values?: Record<string, string | number>,
  ) {
    super(messageId);
    this.name = 'HttpError';
  }
}

/** 422 with field errors; each message is a descriptor translated in the request's locale. */
export class FieldErrors extends Error {
  readonly statusCode = 422;
  constructor(readonly errors: Record<string, MessageRef[]>) {
    super('validation failed');
    this.name = 'FieldErrors';
  }
}

export const notFound = () => new HttpError(404, 'errors.not_found');
export const forbidden = () => new HttpError(403, 'errors.forbidden');
/** A task a moderator hid (issue 19), for everyone but its owner and moderators. */
export const taskRemoved = () => new HttpError(410, 'moderation.task_removed');

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);

/** True when the database cannot be reached (not when a query is wrong): answered with 503. */
export function isDbConnectionError(err: unknown): boolean {
  // Duck-typed: driver errors may come from another realm (PGlite in a worker or test sandbox).
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08')))
    return true;
  return (
    typeof message === 'string' &&
    /PGlite is closed|Connection terminated|connection timeout|Client has encountered a connection error|Cannot use a pool after calling end/i.test(
      message,
    )
  );
}

/**
 * A multipart body that does not parse (no boundary, cut short, a broken part header): the client's
 * mistake, answered 400. busboy reports these as plain Errors without a code or status.
 */
const MALFORMED_MULTIPART =
  /^(Unexpected end of multipart data|Multipart: Boundary not found|Malformed part header|\w+ terminated early due to unexpected end of multipart data)/;

export function isMalformedMultipart(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { message, statusCode } = err as { message?: unknown; statusCode?: unknown };
  return (
    statusCode === undefined && typeof message === 'string' && MALFORMED_MULTIPART.test(message)
  );
}
