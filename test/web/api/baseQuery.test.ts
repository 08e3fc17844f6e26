/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { baseQuery, fieldErrors, type ApiExtraOptions } from '../../../src/web/api/baseQuery';
import { apiLog } from '../../../src/web/api/log';
import { setupStore, type AppStore } from '../../../src/web/app/store';
import { sessionApi } from '../../../src/web/features/session/sessionApi';
import { json, mockFetch, requestOf } from '../../support/webFetch';

type FakeRouter = {
  navigate: jest.Mock;
  state: { location: { pathname: string; search: string } };
};

let store: AppStore;
let router: FakeRouter;
let logSpy: jest.SpyInstance;

beforeEach(() => {
  router = { navigate: jest.fn(), state: { location: { pathname: '/en/some', search: '' } } };
  store = setupStore({ i18n: { locale: 'en' } }, { router });
  logSpy = jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
  document.cookie = 'XSRF-TOKEN=tok%3D123; path=/';
});

afterEach(() => {
  jest.restoreAllMocks();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

function apiOf(s: AppStore): BaseQueryApi {
  const controller = new AbortController();
  return {
    signal: controller.signal,
    abort: () => controller.abort(),
    dispatch: s.dispatch,
    getState: s.getState,
    extra: undefined,
    endpoint: 'probe',
    type: 'query',
  };
}

const call = (args: Parameters<typeof baseQuery>[0], extra?: ApiExtraOptions) =>
  baseQuery(args, apiOf(store), extra ?? {});

/** Lets the saga run what the dispatched action started. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const errorBody = (status: number) => json(status, { message: `status ${status}` });

function expectLogged(status: number | string, method = 'GET') {
  expect(logSpy).toHaveBeenCalledWith(expect.objectContaining({ status, method }));
}

function expectNothingShown() {
  const state = store.getState();
  expect(state.notices).toEqual([]);
  expect(state.errorPage).toBeNull();
  expect(router.navigate).not.toHaveBeenCalled();
}

describe('success', () => {
  it('returns the body as data, success meta, and logs the status', async () => {
    mockFetch(json(200, { data: { id: 1 } }));
    const result = await call('/tasks/abc');
    expect(result.data).toEqual({ data: { id: 1 } });
    expect(result.error).toBeUndefined();
    expect(result.meta).toEqual(
      expect.objectContaining({ success: true, error: false, response: expect.any(Response) }),
    );
    expectLogged(200);
    expectNothingShown();
  });
});

describe('SPEC section 8, one row per status', () => {
  it.each([401, 419])(
    '%i: ends the session (sessionExpired -> logout, info notice, login) and returns the error',
    async (status) => {
      await store.dispatch(
        sessionApi.util.upsertQueryData('me', undefined, {
          uuid: 'u1',
          email: 'a@b.c',
          full_name: 'A B',
          display_name: 'A',
          is_freelancer: false,
          is_legal: false,
          photo: null,
        }),
      );
      mockFetch(errorBody(status));
      const result = await call('/tasks/abc');
      await settle();
      expect(result.error).toEqual({ status, data: { message: `status ${status}` } });
      expect(result.meta).toEqual(expect.objectContaining({ success: false, error: true }));
      expectLogged(status);
      expect(sessionApi.endpoints.me.select()(store.getState()).data).toBeUndefined();
      expect(store.getState().notices).toEqual([
        expect.objectContaining({
          kind: 'info',
          message: expect.objectContaining({ id: 'common.errors.unauthorized' }),
        }),
      ]);
      expect(router.navigate).toHaveBeenCalledWith('/en/login?next=%2Fen%2Fsome');
    },
  );

  it.each([401, 419])('%i with handle401: nothing but the log; error returned', async (status) => {
    mockFetch(errorBody(status));
    const result = await call('/me', { handle401: true });
    await settle();
    expect(result.error).toEqual(expect.objectContaining({ status }));
    expectLogged(status);
    expectNothingShown();
  });

  it.each([403, 409, 422, 423, 429])('%i: logged only, error returned', async (status) => {
    mockFetch(errorBody(status));
    const result = await call({ url: '/tasks', method: 'POST', body: {} });
    await settle();
    expect(result.error).toEqual({ status, data: { message: `status ${status}` } });
    expectLogged(status, 'POST');
    expectNothingShown();
  });

  it('404: shows the 404 error page, error returned', async () => {
    mockFetch(errorBody(404));
    const result = await call('/tasks/missing');
    expect(result.error).toEqual(expect.objectContaining({ status: 404 }));
    expectLogged(404);
    expect(store.getState().errorPage).toEqual({ status: 404 });
    expect(store.getState().notices).toEqual([]);
  });

  it('404 with handle404: no error page', async () => {
    mockFetch(errorBody(404));
    const result = await call('/tasks/missing', { handle404: true });
    expect(result.error).toEqual(expect.objectContaining({ status: 404 }));
    expectLogged(404);
    expectNothingShown();
  });

  it('a status the caller expects is logged as expected; others as before', async () => {
    const expected = new Set([404, 410]);
    mockFetch(errorBody(410));
    await call('/tasks/hidden', { handle404: true, expected });
    expect(logSpy).toHaveBeenLastCalledWith(
      expect.objectContaining({ status: 410, expected: true }),
    );
    mockFetch(errorBody(500));
    await call('/tasks/broken', { handle500: true, expected });
    expect(logSpy).toHaveBeenLastCalledWith({ method: 'GET', url: '/tasks/broken', status: 500 });
  });

  it('500: shows the 500 error page, error returned', async () => {
    mockFetch(errorBody(500));
    const result = await call('/tasks/abc');
    expect(result.error).toEqual(expect.objectContaining({ status: 500 }));
    expectLogged(500);
    expect(store.getState().errorPage).toEqual({ status: 500 });
    expect(store.getState().notices).toEqual([]);
  });

  it('500 with handle500: no error page', async () => {
    mockFetch(errorBody(500));
    const result = await call('/tasks/abc', { handle500: true });
    expect(result.error).toEqual(expect.objectContaining({ status: 500 }));
    expectNothingShown();
  });

  it.each([400, 418, 502, 504])(
    'any other status (%i): error notice with the unexpected-error message',
    async (status) => {
      mockFetch(errorBody(status));
      const result = await call('/tasks/abc');
      expect(result.error).toEqual(expect.objectContaining({ status }));
      expectLogged(status);
      expect(store.getState().errorPage).toBeNull();
      expect(store.getState().notices).toEqual([
        expect.objectContaining({
          kind: 'error',
          message: expect.objectContaining({ id: 'common.errors.unexpected' }),
        }),
      ]);
    },
  );

  it('any other status with suppressNotice: no notice', async () => {
    mockFetch(errorBody(502));
    const result = await call('/tasks/abc', { suppressNotice: true });
    expect(result.error).toEqual(expect.objectContaining({ status: 502 }));
    expectLogged(502);
    expectNothingShown();
  });

  it('503 (database away): the outage retry state instead of a notice; a later answer ends it', async () => {
    mockFetch(errorBody(503));
    const first = await call('/tasks/abc');
    expect(first.error).toEqual(expect.objectContaining({ status: 503 }));
    expectLogged(503);
    await call('/tasks/abc');
    expect(store.getState().outage).toEqual({ active: true });
    expectNothingShown();

    mockFetch(json(200, { data: [] }));
    await call('/tasks');
    expect(store.getState().outage).toEqual({ active: false });
  });

  it('network failure (the server process is down): the outage retry state, no notice; an answer ends it', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    const result = await call('/tasks/abc');
    expect(result.error).toEqual(expect.objectContaining({ status: 'FETCH_ERROR' }));
    expect(result.meta).toEqual(expect.objectContaining({ success: false, error: true }));
    expectLogged('FETCH_ERROR');
    expect(store.getState().outage).toEqual({ active: true });
    expectNothingShown();

    mockFetch(json(200, { data: [] }));
    await call('/tasks');
    expect(store.getState().outage).toEqual({ active: false });
  });

  it('a request the app aborted is no outage', async () => {
    mockFetch(new DOMException('The operation was aborted.', 'AbortError'));
    const controller = new AbortController();
    controller.abort();
    const result = await baseQuery(
      '/tasks/abc',
      { ...apiOf(store), signal: controller.signal },
      {},
    );
    expect(result.error).toEqual(expect.objectContaining({ status: 'FETCH_ERROR' }));
    expect(store.getState().outage).toEqual({ active: false });
  });

  it('network failure with suppressNotice: no notice either', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    const result = await call('/tasks/abc', { suppressNotice: true });
    expect(result.error).toEqual(expect.objectContaining({ status: 'FETCH_ERROR' }));
    expectNothingShown();
  });
});

describe('request headers', () => {
  it('sends X-XSRF-TOKEN from the cookie on POST, PUT, PATCH and DELETE', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const fetchMock = mockFetch(json(200, { data: null }));
      await call({ url: '/tasks/abc', method, body: { a: 1 } });
      expect(requestOf(fetchMock).headers.get('X-XSRF-TOKEN')).toBe('tok=123');
    }
  });

  it('does not send X-XSRF-TOKEN on GET', async () => {
    const fetchMock = mockFetch(json(200, { data: null }));
    await call('/tasks/abc');
    expect(requestOf(fetchMock).headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('sends the UI locale as Accept-Language and uses the configured base path', async () => {
    store = setupStore({ i18n: { locale: 'lv' } }, { router });
    const fetchMock = mockFetch(json(200, { data: null }));
    await call('/categories');
    const request = requestOf(fetchMock);
    expect(request.headers.get('Accept-Language')).toBe('lv');
    expect(new URL(request.url).pathname).toBe('/api/categories');
    expect(request.credentials).toBe('same-origin');
  });

  it('leaves Content-Type to the browser for FormData and sets JSON for objects', async () => {
    const fetchMock = mockFetch(json(200, { data: null }));
    const form = new FormData();
    form.append('title', 'Hello');
    await call({ url: '/tasks', method: 'POST', body: form });
    expect(requestOf(fetchMock).headers.get('Content-Type')).toMatch(
      /^multipart\/form-data; boundary=/,
    );
    await call({ url: '/tasks', method: 'POST', body: { a: 1 } });
    expect(requestOf(fetchMock, 1).headers.get('Content-Type')).toBe('application/json');
  });
});

describe('through an endpoint', () => {
  it('a 422 on login reaches the caller with field errors and shows nothing', async () => {
    mockFetch(json(422, { message: 'Invalid', errors: { email: ['Wrong email or password'] } }));
    const result = await store.dispatch(
      sessionApi.endpoints.login.initiate({ email: 'a@b.c', password: 'x' }),
    );
    expect(fieldErrors(result.error)).toEqual({ email: 'Wrong email or password' });
    expectLogged(422, 'POST');
    expectNothingShown();
  });

  it('me treats 401 as a visitor (null) without ending anything', async () => {
    mockFetch(errorBody(401));
    const result = await store.dispatch(sessionApi.endpoints.me.initiate());
    await settle();
    expect(result.data).toBeNull();
    expectNothingShown();
  });
});
