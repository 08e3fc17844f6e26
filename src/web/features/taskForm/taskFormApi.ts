/**
 * Task create/update (SPEC section 7) and the geocoder. The multipart mutations use
 * XMLHttpRequest inside queryFn, since fetch reports no upload progress; they keep the shared
 * wrapper's rules: CSRF header, Accept-Language, 401/419 -> sessionExpired, every status logged.
 */
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { Locale } from '../../../shared/locales';
import type { Place } from '../../../shared/places';
import type { Task } from '../../../shared/types';
import { api, unwrap, type Envelope } from '../../api/api';
import { xsrfToken } from '../../api/baseQuery';
import { apiLog } from '../../api/log';
import { getConfig } from '../../app/config';
import { sessionExpired } from '../session/sessionActions';

export interface CreatedTask {
  uuid: string;
  identifier: string;
}

export interface UploadArgs {
  form: FormData;
  /** Upload progress 0..100. */
  onProgress?: (percent: number) => void;
}

export interface UpdateTaskArgs extends UploadArgs {
  uuid: string;
}

/** The request was cancelled by the user (the promise's abort()). */
export const ABORTED = 'ABORTED';

/** Cancelled: by our XHR abort, or by RTK Query aborting the mutation (an AbortError). */
export const isAborted = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const {
    status,
    error: text,
    name,
  } = error as { status?: unknown; error?: unknown; name?: unknown };
  return (status === 'CUSTOM_ERROR' && text === ABORTED) || name === 'AbortError';
};

type UploadResult = { data: unknown } | { error: FetchBaseQueryError };

interface UploadRequest {
  path: string;
  form: FormData;
  locale: Locale | undefined;
  signal: AbortSignal;
  onProgress?: (percent: number) => void;
}

const apiUrl = (path: string): string =>
  `${new URL(getConfig().apiBase, window.location.origin).href.replace(/\/$/, '')}${path}`;

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** POSTs a multipart body with XMLHttpRequest, reporting upload progress; abortable. */
export function xhrUpload({
  path,
  form,
  locale,
  signal,
  onProgress,
}: UploadRequest): Promise<UploadResult & { status: number | string }> {
  const url = apiUrl(path);
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const done = (result: UploadResult, status: number | string) => {
      signal.removeEventListener('abort', abort);
      apiLog.response({ method: 'POST', url, status });
      resolve({ ...result, status });
    };
    const abort = () => xhr.abort();

    xhr.open('POST', url);
    // Same-origin cookies travel with XHR by default (credentials 'same-origin').
    xhr.withCredentials = false;
    xhr.setRequestHeader('Accept', 'application/json');
    if (locale) xhr.setRequestHeader('Accept-Language', locale);
    const token = xsrfToken();
    if (token) xhr.setRequestHeader('X-XSRF-TOKEN', token);
    // No Content-Type: the browser adds the multipart boundary.

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        done({ data: body }, xhr.status);
      } else done({ error: { status: xhr.status, data: body } }, xhr.status);
    };
    xhr.onerror = () =>
      done({ error: { status: 'FETCH_ERROR', error: 'Network error' } }, 'FETCH_ERROR');
    xhr.onabort = () => done({ error: { status: 'CUSTOM_ERROR', error: ABORTED } }, ABORTED);

    if (signal.aborted) {
      done({ error: { status: 'CUSTOM_ERROR', error: ABORTED } }, ABORTED);
      return;
    }
    signal.addEventListener('abort', abort);
    onProgress?.(0);
    xhr.send(form);
  });
}

export const taskFormApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /tasks (multipart) -> { uuid, identifier }. */
    createTask: build.mutation<CreatedTask, UploadArgs>({
      async queryFn({ form, onProgress }, { getState, signal, dispatch }) {
        const locale = (getState() as { i18n?: { locale?: Locale } }).i18n?.locale;
        const result = await xhrUpload({ path: '/tasks', form, locale, signal, onProgress });
        if ('error' in result) {
          const { status } = result.error;
          if (status === 401 || status === 419) dispatch(sessionExpired({ status }));
          return { error: result.error };
        }
        return { data: unwrap(result.data as Envelope<CreatedTask>) };
      },
      invalidatesTags: (_result, error) => (error ? [] : ['Tasks', 'Categories']),
    }),
    /** POST /tasks/{uuid} with _method=PUT (multipart) -> the updated task. */
    updateTask: build.mutation<Task, UpdateTaskArgs>({
      async queryFn({ uuid, form, onProgress }, { getState, signal, dispatch }) {
        const locale = (getState() as { i18n?: { locale?: Locale } }).i18n?.locale;
        const path = `/tasks/${encodeURIComponent(uuid)}`;
        const result = await xhrUpload({ path, form, locale, signal, onProgress });
        if ('error' in result) {
          const { status } = result.error;
          if (status === 401 || status === 419) dispatch(sessionExpired({ status }));
          return { error: result.error };
        }
        return { data: unwrap(result.data as Envelope<Task>) };
      },
      invalidatesTags: (task, error, { uuid }) =>
        error
          ? []
          : [
              { type: 'Task', id: uuid },
              ...(task ? [{ type: 'Task' as const, id: task.identifier }] : []),
              'Tasks',
            ],
    }),
    /**
     * Address suggestions in the configured countries, nearest to the point first (no point: the
     * server's base point for the language). A too long q answers 422 with errors.q.
     */
    searchPlaces: build.query<Place[], { q: string; lat?: number; lng?: number; locale: Locale }>({
      query: ({ q, lat, lng, locale }) => ({ url: '/geo/search', params: { q, lat, lng, locale } }),
      transformResponse: unwrap<Place[]>,
      keepUnusedDataFor: 300,
      extraOptions: { handle401: true, handle404: true, handle500: true, suppressNotice: true },
    }),
    /** The place at a point (fills a missing address). */
    reversePlace: build.query<Place | null, { lat: number; lng: number; locale: Locale }>({
      query: ({ lat, lng, locale }) => ({ url: '/geo/reverse', params: { lat, lng, locale } }),
      transformResponse: unwrap<Place | null>,
      keepUnusedDataFor: 300,
      extraOptions: { handle401: true, handle404: true, handle500: true, suppressNotice: true },
    }),
  }),
});

export const { useCreateTaskMutation, useUpdateTaskMutation } = taskFormApi;
