/**
 * The shared wrapper of SPEC section 7: every call goes through it. It applies SPEC section 8 by
 * status, logs every status, and always hands the error back to the caller.
 */
import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query';
import type { Locale } from '../../shared/locales';
import { getConfig } from '../app/config';
import { commonMessages } from '../i18n/commonMessages';
import { showErrorPage } from '../features/errors/errorPageSlice';
import { outageDetected, outageEnded } from '../features/errors/outageSlice';
import { showNotice } from '../features/notices/noticesSlice';
import { sessionExpired } from '../features/session/sessionActions';
import { apiLog } from './log';

/** Per-endpoint opt-outs of the shared handling (`extraOptions` of an endpoint definition). */
export interface ApiExtraOptions {
  /** The caller handles 401 and 419 itself: no logout, notice or redirect. */
  handle401?: boolean;
  /** The caller handles 404: no 404 error page. */
  handle404?: boolean;
  /** The caller handles 500: no 500 error page. */
  handle500?: boolean;
  /** No unexpected-error notice for statuses without a rule (and network failures). */
  suppressNotice?: boolean;
  /**
   * Error statuses that are an answer here, not a fault (a task gone: 404, 410): logged at the
   * debug level like a success, not as a warning in the browser's console.
   */
  expected?: ReadonlySet<number>;
}

export type ApiError = FetchBaseQueryError;

export interface ApiMeta {
  request?: Request;
  response?: Response;
  success: boolean;
  error: boolean;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Talka cannot be reached: its database is away (503), or no answer came at all (the server
 * process is down or restarting, the network is gone).
 */
const UNREACHABLE = new Set<number | string>([503, 'FETCH_ERROR']);
/** Statuses the wrapper only logs; the caller decides what the user sees. */
const LOGGED_ONLY = new Set([403, 409, 422, 423, 429]);

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** The CSRF token to echo: `__Host-XSRF-TOKEN` over HTTPS, `XSRF-TOKEN` over plain HTTP. */
export const xsrfToken = (): string | undefined =>
  readCookie('__Host-XSRF-TOKEN') ?? readCookie('XSRF-TOKEN');

const rawBaseQuery = (baseUrl: string) => fetchBaseQuery({ baseUrl, credentials: 'same-origin' });

/**
 * Where a store's requests go when it is not the browser's: a server render sends them to the API
 * in-process (src/server/render/apiTransport.ts, Fastify's inject), with the page request's cookies.
 * Given to setupStore, it is the thunk's extra argument, so the same endpoints run on both sides.
 */
export interface ApiTransport {
  /** The API's absolute base URL, e.g. 'http://talka.internal/api'. */
  baseUrl: string;
  fetch: (request: Request) => Promise<Response>;
}

const transportQueries = new WeakMap<ApiTransport, ReturnType<typeof rawBaseQuery>>();

let raw: ReturnType<typeof rawBaseQuery> | undefined;
let rawBase: string | undefined;
const transportOf = (extra: unknown): ApiTransport | undefined =>
  (extra as { transport?: ApiTransport } | undefined)?.transport;

function getRaw(transport: ApiTransport | undefined) {
  if (transport) {
    let query = transportQueries.get(transport);
    if (!query) {
      query = fetchBaseQuery({
        baseUrl: transport.baseUrl,
        fetchFn: (input, init) => transport.fetch(new Request(input, init)),
      });
      transportQueries.set(transport, query);
    }
    return query;
  }
  // Absolute, so the URL is the same for the browser's and Node's Request (tests).
  const base = new URL(getConfig().apiBase, window.location.origin).href.replace(/\/$/, '');
  if (!raw || rawBase !== base) {
    raw = rawBaseQuery(base);
    rawBase = base;
  }
  return raw;
}

export const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  ApiError,
  ApiExtraOptions,
  ApiMeta
> = async (args, api, extraOptions = {}) => {
  const request: FetchArgs = typeof args === 'string' ? { url: args } : { ...args };
  const method = (request.method ?? 'GET').toUpperCase();
  const headers = new Headers(request.headers as HeadersInit | undefined);
  const locale = (api.getState() as { i18n?: { locale?: Locale } }).i18n?.locale;
  if (locale) headers.set('Accept-Language', locale);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (MUTATING.has(method)) {
    const token = xsrfToken();
    if (token) headers.set('X-XSRF-TOKEN', token);
  }
  // fetchBaseQuery leaves Content-Type unset for FormData, so the browser adds the boundary.
  request.headers = headers;
  request.method = method;

  const transport = transportOf(api.extra);
  const result = await getRaw(transport)(request, api, {});
  const meta: ApiMeta = {
    request: result.meta?.request,
    response: result.meta?.response,
    success: !result.error,
    error: Boolean(result.error),
  };
  const status = result.error ? result.error.status : (result.meta?.response?.status ?? 200);
  // A server render's calls are in the server's own request log (they go through inject).
  if (!transport) {
    const expected = typeof status === 'number' && extraOptions.expected?.has(status);
    apiLog.response({ method, url: request.url, status, ...(expected && { expected }) });
  }

  const outage = (api.getState() as { outage?: { active?: boolean } }).outage?.active;
  if (!result.error) {
    // Any answer from a working API ends an outage (the banner then refetches what failed).
    if (outage) api.dispatch(outageEnded());
    return { data: result.data, meta };
  }

  const error = result.error;
  if (error.status === 401 || error.status === 419) {
    if (!extraOptions.handle401) api.dispatch(sessionExpired({ status: error.status }));
  } else if (error.status === 404 || error.status === 410) {
    // 410: a task a moderator hid (issue 19), shown as its own error page like a missing one.
    if (!extraOptions.handle404) api.dispatch(showErrorPage(error.status));
  } else if (error.status === 500) {
    if (!extraOptions.handle500) api.dispatch(showErrorPage(500));
  } else if (UNREACHABLE.has(error.status) && !api.signal.aborted) {
    // Talka is away (its database, or the whole server): not a notice per call, but one retry
    // state that recovers by itself (features/errors/OutageBanner). A request the app aborted is
    // no sign of an outage.
    if (!outage) api.dispatch(outageDetected());
  } else if (typeof error.status === 'number' && LOGGED_ONLY.has(error.status)) {
    // Logged above; the caller applies field errors or its own message.
  } else if (!extraOptions.suppressNotice) {
    api.dispatch(showNotice({ kind: 'error', message: commonMessages.unexpectedError }));
  }
  return { error, meta };
};

/** A Laravel validation failure (422) with its field errors. */
export interface ValidationError {
  status: 422;
  data: { message: string; errors: Record<string, string[]> };
}

export function isValidationError(error: unknown): error is ValidationError {
  if (!error || typeof error !== 'object') return false;
  const { status, data } = error as { status?: unknown; data?: unknown };
  return (
    status === 422 &&
    !!data &&
    typeof data === 'object' &&
    typeof (data as { errors?: unknown }).errors === 'object'
  );
}

/** First message per field of a 422, for final-form submission errors: { email: '...' }. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!isValidationError(error)) return {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.data.errors)) {
    if (messages?.length) out[field] = messages[0];
  }
  return out;
}

/** The HTTP status of an error from the wrapper, or undefined for network/parsing failures. */
export const errorStatus = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
};

/** No answer at all (the server is restarting, the network is down): nothing reached the API. */
export const isNetworkError = (error: unknown): boolean =>
  (error as { status?: unknown } | null)?.status === 'FETCH_ERROR';

/**
 * The error page's status for a failed page load: the HTTP status, 503 (temporarily unavailable,
 * with the outage banner retrying above it) when no answer came, else 500.
 */
export const pageErrorStatus = (error: unknown): number =>
  errorStatus(error) ?? (isNetworkError(error) ? 503 : 500);
