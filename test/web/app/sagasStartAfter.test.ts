/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { waitFor } from '@testing-library/react';
import { apiLog } from '../../../src/web/api/log';
import { setupStore } from '../../../src/web/app/store';
import { sessionApi } from '../../../src/web/features/session/sessionApi';
import { json, mockFetch } from '../../support/webFetch';

// The browser's boot starts the sagas once it is idle after hydration began (main.tsx, issue 15):
// until then nothing of theirs runs, and the actions of the meantime reach them afterwards, in order.
const probeApi = sessionApi.injectEndpoints({
  endpoints: (build) => ({
    probeStart: build.query<unknown, string>({ query: (slug) => `/tasks/${slug}` }),
  }),
});

beforeEach(() => {
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

it('keeps the actions until startSagasAfter resolves, then the sagas handle them', async () => {
  const router = {
    navigate: jest.fn(),
    state: { location: { pathname: '/en/tasks', search: '' } },
  };
  let start = (): void => undefined;
  const startSagasAfter = new Promise<void>((resolve) => {
    start = resolve;
  });
  const store = setupStore({ i18n: { locale: 'en' } }, { router, startSagasAfter });
  const fetchMock = mockFetch(json(401, { message: 'Unauthenticated.' }));
  await store.dispatch(probeApi.endpoints.probeStart.initiate('abc'));
  expect(fetchMock).toHaveBeenCalled();
  // The session saga would redirect to login: it has not started.
  // A task later (no timer to wait on: the old middleware would have started them by now).
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(router.navigate).not.toHaveBeenCalled();

  start();
  await waitFor(() => expect(router.navigate).toHaveBeenCalledTimes(1));
  expect(router.navigate).toHaveBeenCalledWith('/en/login?next=%2Fen%2Ftasks');
});
