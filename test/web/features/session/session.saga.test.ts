/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { render, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { Provider } from 'react-redux';
import { apiLog } from '../../../../src/web/api/log';
import { setupStore, type RootState } from '../../../../src/web/app/store';
import { showErrorPage } from '../../../../src/web/features/errors/errorPageSlice';
import { showNotice } from '../../../../src/web/features/notices/noticesSlice';
import {
  logoutRequested,
  sessionExpired,
} from '../../../../src/web/features/session/sessionActions';
import { sessionApi } from '../../../../src/web/features/session/sessionApi';
import { localeChanged } from '../../../../src/web/i18n/i18nSlice';
import type { CurrentUser } from '../../../../src/shared/types';
import { json, mockFetch } from '../../../support/webFetch';

const alice: CurrentUser = {
  uuid: 'u-alice',
  email: 'alice@example.com',
  full_name: 'Alice Example',
  display_name: 'Alice E.',
  is_freelancer: false,
  is_legal: false,
  photo: null,
};

async function setup(pathname = '/en/some', search = '?tab=2') {
  const router = { navigate: jest.fn(), state: { location: { pathname, search } } };
  const store = setupStore({ i18n: { locale: 'en' } }, { router });
  await store.dispatch(sessionApi.util.upsertQueryData('me', undefined, alice));
  store.dispatch(showErrorPage(404));
  store.dispatch(showNotice({ kind: 'success', message: { id: 'x', defaultMessage: 'X' } }));
  return { router, store };
}

const probeApi = sessionApi.injectEndpoints({
  endpoints: (build) => ({
    probeTask: build.query<unknown, string>({ query: (slug) => `/tasks/${slug}` }),
  }),
});

const me = (state: RootState) => sessionApi.endpoints.me.select()(state).data;

beforeEach(() => {
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('session expiry', () => {
  it.each([401, 419])(
    'a %i from any call resets the state, shows the info notice and goes to login with next',
    async (status) => {
      const { router, store } = await setup();
      expect(me(store.getState())).toEqual(alice);
      const fetchMock = mockFetch(json(status, { message: 'Unauthenticated.' }));
      // Any query: its 401/419 goes through the shared wrapper.
      void store.dispatch(probeApi.endpoints.probeTask.initiate('abc'));
      await waitFor(() => expect(fetchMock).toHaveBeenCalled());

      await waitFor(() => expect(router.navigate).toHaveBeenCalledTimes(1));
      expect(router.navigate).toHaveBeenCalledWith('/en/login?next=%2Fen%2Fsome%3Ftab%3D2');
      const state = store.getState();
      expect(me(state)).toBeUndefined();
      expect(state.api.queries).toEqual({});
      expect(state.errorPage).toBeNull();
      expect(state.notices).toEqual([
        expect.objectContaining({
          kind: 'info',
          message: expect.objectContaining({ id: 'common.errors.unauthorized' }),
        }),
      ]);
      // The locale belongs to the URL and survives the reset.
      expect(state.i18n.locale).toBe('en');
    },
  );

  it('uses the localised login path of the current locale', async () => {
    const { router, store } = await setup('/lv/tasks/abc', '');
    store.dispatch(localeChanged('lv'));
    store.dispatch(sessionExpired({ status: 401 }));
    await waitFor(() => expect(router.navigate).toHaveBeenCalled());
    expect(router.navigate).toHaveBeenCalledWith('/lv/pieslegties?next=%2Flv%2Ftasks%2Fabc');
  });

  it('does not navigate again when already on the login page', async () => {
    const { router, store } = await setup('/en/login', '?next=%2Fen');
    store.dispatch(sessionExpired({ status: 419 }));
    await waitFor(() => expect(store.getState().notices).toHaveLength(1));
    expect(me(store.getState())).toBeUndefined();
    expect(router.navigate).not.toHaveBeenCalled();
  });
});

describe('session expiry without a known session', () => {
  it("a visitor's 401 goes to login without resetting anything or saying a session ended", async () => {
    const router = {
      navigate: jest.fn(),
      state: { location: { pathname: '/en/tasks/new', search: '' } },
    };
    const store = setupStore({ i18n: { locale: 'en' } }, { router });
    store.dispatch(showErrorPage(404));
    store.dispatch(sessionExpired({ status: 401 }));
    await waitFor(() => expect(router.navigate).toHaveBeenCalledTimes(1));
    expect(router.navigate).toHaveBeenCalledWith('/en/login?next=%2Fen%2Ftasks%2Fnew');
    expect(store.getState().notices).toEqual([]);
    expect(store.getState().errorPage).toEqual({ status: 404 });
  });

  it('the page still on screen while login loads does not loop: one refetch, one redirect', async () => {
    const { router, store } = await setup('/en/some', '');
    // The real router moves its location at once; the old page stays rendered (a transition).
    router.navigate.mockImplementation((to: string) => {
      const url = new URL(to, 'http://talka.test');
      router.state.location = { pathname: url.pathname, search: url.search };
    });
    const fetchMock = mockFetch(() => json(401, { message: 'Unauthenticated.' }));
    function OldPage() {
      probeApi.endpoints.probeTask.useQuery('abc');
      return null;
    }
    render(createElement(Provider, { store, children: createElement(OldPage) }));
    await waitFor(() => expect(router.navigate).toHaveBeenCalledTimes(1));
    // The reset made the page refetch once; that 401 must not reset (and refetch) again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const taskCalls = () =>
      fetchMock.mock.calls.filter(([request]) => (request as Request).url.includes('/tasks/abc'));
    expect(taskCalls()).toHaveLength(2);
    expect(router.navigate).toHaveBeenCalledTimes(1);
    expect(store.getState().notices.map((n) => n.message.id)).toEqual([
      'common.errors.unauthorized',
    ]);
  });
});

describe('logout', () => {
  it('posts /logout, resets the state, confirms and goes home', async () => {
    const { router, store } = await setup('/en/some', '');
    const fetchMock = mockFetch(new Response(null, { status: 204 }));
    store.dispatch(logoutRequested());
    await waitFor(() => expect(router.navigate).toHaveBeenCalledWith('/en'));
    const request = fetchMock.mock.calls[0][0] as Request;
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/logout');
    expect(me(store.getState())).toBeUndefined();
    expect(store.getState().notices).toEqual([
      expect.objectContaining({
        kind: 'success',
        message: expect.objectContaining({ id: 'session.logout.success' }),
      }),
    ]);
  });

  it('still logs out locally when the server call fails', async () => {
    const { router, store } = await setup('/en/some', '');
    mockFetch(new TypeError('offline'));
    store.dispatch(logoutRequested());
    await waitFor(() => expect(router.navigate).toHaveBeenCalledWith('/en'));
    expect(me(store.getState())).toBeUndefined();
    expect(store.getState().notices.map((n) => n.message.id)).toEqual(['session.logout.success']);
  });
});
