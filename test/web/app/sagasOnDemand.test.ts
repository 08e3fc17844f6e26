/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { waitFor } from '@testing-library/react';
import { apiLog } from '../../../src/web/api/log';
import { dehydrate } from '../../../src/web/app/prefetch';
import { setupStore } from '../../../src/web/app/store';
import { taskPageOpened } from '../../../src/web/features/push/pushActions';
import { sessionApi } from '../../../src/web/features/session/sessionApi';
import { FakeEventSource } from '../../support/fakeEventSource';
import { fakeRouter } from '../../support/fakeRouter';
import { json, mockFetch } from '../../support/webFetch';
import { owner, TASK_UUID } from '../features/tasks/fixtures';

// The sagas' chunk (redux-saga and the sagas) loads on the first action after which they have
// work: a signed-in user, a task page, an expired session (store.ts sagasHaveWork, issue 15). A
// visitor who only reads pages never downloads it. The real chunk runs; only its start is watched.
// `mockChunkFailures` loads fail first, as a chunk's request does on a flaky network. `var`: the
// factory runs at the imports, which are hoisted above a `let`'s initialisation.
// eslint-disable-next-line no-var
var mockChunkFailures = 0;
jest.mock('../../../src/web/app/sagas', () => {
  if (mockChunkFailures > 0) {
    mockChunkFailures -= 1;
    throw new Error('ChunkLoadError: Loading chunk sagas failed.');
  }
  const actual: typeof import('../../../src/web/app/sagas') = jest.requireActual(
    '../../../src/web/app/sagas',
  );
  return { startSagas: jest.fn(actual.startSagas) };
});
import { startSagas } from '../../../src/web/app/sagas';

const started = startSagas as jest.MockedFunction<typeof startSagas>;

const listQuery = sessionApi.injectEndpoints({
  endpoints: (build) => ({
    probeList: build.query<unknown, number>({ query: (page) => `/tasks?page=${page}` }),
  }),
});

/** Lets the dynamic import and its promise chain settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  started.mockClear();
  FakeEventSource.install();
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
});
afterEach(() => {
  FakeEventSource.uninstall();
  jest.restoreAllMocks();
});

it('a visitor reading lists and pages never loads the sagas', async () => {
  mockFetch(json(200, { data: [] }));
  const store = setupStore({ i18n: { locale: 'en' } }, { router: fakeRouter('/en/tasks') });
  await store.dispatch(listQuery.endpoints.probeList.initiate(1));
  await store.dispatch(listQuery.endpoints.probeList.initiate(2));
  // `me` answered: nobody is signed in.
  await store.dispatch(sessionApi.util.upsertQueryData('me', undefined, null as never));
  await settle();
  expect(started).not.toHaveBeenCalled();
  expect(FakeEventSource.instances).toHaveLength(0);
});

it('a task page starts them for a visitor, and its stream opens', async () => {
  mockFetch(json(200, { data: [] }));
  const store = setupStore({ i18n: { locale: 'en' } }, { router: fakeRouter('/en/tasks/TK1') });
  await store.dispatch(listQuery.endpoints.probeList.initiate(1));
  await settle();
  expect(started).not.toHaveBeenCalled();

  store.dispatch(taskPageOpened({ uuid: TASK_UUID, slug: 'TK1' }));
  await waitFor(() => expect(started).toHaveBeenCalledTimes(1));
  // The starting action itself reaches the push saga: the task's channel opens.
  await waitFor(() => expect(FakeEventSource.latest()?.url).toBe(`/api/push?tasks=${TASK_UUID}`));
});

it('a sign-in starts them, and the app-wide stream opens for the user', async () => {
  mockFetch(json(200, { data: [] }));
  const store = setupStore({ i18n: { locale: 'en' } }, { router: fakeRouter('/en') });
  await settle();
  expect(started).not.toHaveBeenCalled();

  await store.dispatch(sessionApi.util.upsertQueryData('me', undefined, owner));
  await waitFor(() => expect(started).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(FakeEventSource.latest()?.url).toBe('/api/push'));
  // Started once: later actions go straight to them.
  await store.dispatch(listQuery.endpoints.probeList.initiate(3));
  expect(started).toHaveBeenCalledTimes(1);
});

it('a server-rendered page of a signed-in user starts them from its hand-over', async () => {
  mockFetch(json(200, { data: [] }));
  // The server's render of the page: a store that never starts sagas (a transport, app/prefetch.ts).
  const server = setupStore(undefined, {
    transport: {
      baseUrl: 'http://talka.internal/api',
      fetch: () => Promise.reject(new Error('none')),
    },
  });
  await server.dispatch(sessionApi.util.upsertQueryData('me', undefined, owner));
  const payload = dehydrate(server);
  await settle();
  expect(started).not.toHaveBeenCalled();

  setupStore({ i18n: { locale: 'en' } }, { router: fakeRouter('/en'), hydration: payload });
  await waitFor(() => expect(started).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(FakeEventSource.latest()?.url).toBe('/api/push'));
});

it("a visitor's 401 starts them: the session saga sends them to login", async () => {
  mockFetch(json(401, { message: 'Unauthenticated.' }));
  const router = fakeRouter('/en/alerts');
  const store = setupStore({ i18n: { locale: 'en' } }, { router });
  await store.dispatch(listQuery.endpoints.probeList.initiate(1));
  await waitFor(() =>
    expect(router.navigate).toHaveBeenCalledWith('/en/login?next=%2Fen%2Falerts'),
  );
  expect(started).toHaveBeenCalledTimes(1);
});

it('waits for startSagasAfter even when they have work at once', async () => {
  mockFetch(json(200, { data: [] }));
  let allow = (): void => undefined;
  const startSagasAfter = new Promise<void>((resolve) => {
    allow = resolve;
  });
  const store = setupStore(
    { i18n: { locale: 'en' } },
    { router: fakeRouter('/en/tasks/TK1'), startSagasAfter },
  );
  store.dispatch(taskPageOpened({ uuid: TASK_UUID, slug: 'TK1' }));
  await settle();
  expect(started).not.toHaveBeenCalled();
  allow();
  await waitFor(() => expect(started).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(FakeEventSource.latest()?.url).toBe(`/api/push?tasks=${TASK_UUID}`));
});

it('a failed load of their chunk is tried again, and the kept actions reach them', async () => {
  jest.useFakeTimers();
  try {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch(json(200, { data: [] }));
    jest.resetModules();
    mockChunkFailures = 2;
    // A fresh module registry: the store's import of the sagas meets the failing chunk.
    const { setupStore: freshStore, SAGAS_RETRY_DELAYS_MS } = jest.requireActual<
      typeof import('../../../src/web/app/store')
    >('../../../src/web/app/store');
    const { taskPageOpened: opened } = jest.requireActual<
      typeof import('../../../src/web/features/push/pushActions')
    >('../../../src/web/features/push/pushActions');
    const { FakeEventSource: Fake } = jest.requireActual<
      typeof import('../../support/fakeEventSource')
    >('../../support/fakeEventSource');
    Fake.install();
    const store = freshStore({ i18n: { locale: 'en' } }, { router: fakeRouter('/en/tasks/TK1') });
    store.dispatch(opened({ uuid: TASK_UUID, slug: 'TK1' }));
    await jest.advanceTimersByTimeAsync(0);
    expect(console.error).toHaveBeenCalledWith('[sagas] could not be loaded', expect.any(Error));
    expect(Fake.instances).toHaveLength(0);

    await jest.advanceTimersByTimeAsync(SAGAS_RETRY_DELAYS_MS[0]);
    expect(console.error).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(SAGAS_RETRY_DELAYS_MS[1]);
    // The third attempt loads them; the page's action, kept meanwhile, opens its stream.
    expect(Fake.latest()?.url).toBe(`/api/push?tasks=${TASK_UUID}`);
    Fake.uninstall();
  } finally {
    jest.useRealTimers();
  }
});
