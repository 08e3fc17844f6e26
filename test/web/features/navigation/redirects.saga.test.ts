/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
// First: the Redux DevTools stand-in must be in place before Redux Toolkit loads.
import { recorded } from '../../../support/devtools';
import { waitFor } from '@testing-library/react';
import type { Locale } from '../../../../src/shared/locales';
import { apiLog } from '../../../../src/web/api/log';
import { setupStore } from '../../../../src/web/app/store';
import { offersApi } from '../../../../src/web/features/offers/offersApi';
import {
  logoutRequested,
  sessionExpired,
} from '../../../../src/web/features/session/sessionActions';
import { sessionApi } from '../../../../src/web/features/session/sessionApi';
import { taskFormApi } from '../../../../src/web/features/taskForm/taskFormApi';
import { taskApi } from '../../../../src/web/features/tasks/taskApi';
import { fakeRouter, routerUrl as here } from '../../../support/fakeRouter';
import { json, mockFetch } from '../../../support/webFetch';
import { FakeXhr } from '../taskForm/support';
import { owner, TASK_UUID } from '../tasks/fixtures';

async function setup(url: string, locale: Locale = 'en') {
  const router = fakeRouter(url);
  const store = setupStore({ i18n: { locale } }, { router });
  await store.dispatch(sessionApi.util.upsertQueryData('me', undefined, owner));
  return { router, store };
}

const noticeIds = (store: ReturnType<typeof setupStore>) =>
  store.getState().notices.map((n) => `${n.kind}:${n.message.id}`);
const redirects = () => recorded('navigation/redirected');
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

let redirectsBefore = 0;
beforeEach(() => {
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
  redirectsBefore = redirects().length;
});
afterEach(() => jest.restoreAllMocks());
/** The redirects recorded by this test. */
const newRedirects = () => redirects().slice(redirectsBefore);

describe('task deleted', () => {
  it('says so and goes to the task list, as a navigation/redirected action', async () => {
    const { router, store } = await setup('/en/tasks/TK7Q2XYZ');
    mockFetch(new Response(null, { status: 204 }));
    await store.dispatch(taskApi.endpoints.deleteTask.initiate({ uuid: TASK_UUID }));

    await waitFor(() => expect(here(router)).toBe('/en/tasks'));
    expect(router.navigate).toHaveBeenCalledTimes(1);
    expect(noticeIds(store)).toEqual(['success:tasks.detail.delete.success']);
    expect(newRedirects()).toEqual([{ to: '/en/tasks', reason: 'taskDeleted' }]);
  });

  it('goes to the list of the current locale', async () => {
    const { router, store } = await setup('/ru/tasks/TK7Q2XYZ', 'ru');
    mockFetch(new Response(null, { status: 204 }));
    await store.dispatch(taskApi.endpoints.deleteTask.initiate({ uuid: TASK_UUID }));
    await waitFor(() => expect(here(router)).toBe('/ru/tasks'));
  });

  it('a refused deletion stays on the task, with no success notice', async () => {
    const { router, store } = await setup('/en/tasks/TK7Q2XYZ');
    mockFetch(json(403, { message: 'Forbidden.' }));
    await store.dispatch(taskApi.endpoints.deleteTask.initiate({ uuid: TASK_UUID }));
    await settle();
    expect(router.navigate).not.toHaveBeenCalled();
    expect(noticeIds(store)).toEqual([]);
    expect(newRedirects()).toEqual([]);
  });
});

describe('task created', () => {
  beforeEach(() => FakeXhr.install());

  it.each([
    ['en', '/en/create-task', '/en/tasks/view/u-123'],
    ['lv', '/lv/izveidot-uzdevumu', '/lv/tasks/view/u-123'],
  ] as const)('in %s opens /tasks/view/{uuid}', async (locale, from, to) => {
    const { router, store } = await setup(from, locale);
    const done = store.dispatch(
      taskFormApi.endpoints.createTask.initiate({ form: new FormData() }),
    );
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    expect(router.navigate).not.toHaveBeenCalled();
    FakeXhr.last().respond(201, { data: { uuid: 'u-123', identifier: 'TKNEW123' } });
    await done;

    await waitFor(() => expect(here(router)).toBe(to));
    expect(newRedirects()).toEqual([{ to, reason: 'taskCreated' }]);
  });

  it('a refused form (422) stays on the form', async () => {
    const { router, store } = await setup('/en/create-task');
    const done = store.dispatch(
      taskFormApi.endpoints.createTask.initiate({ form: new FormData() }),
    );
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    FakeXhr.last().respond(422, { message: 'Invalid.', errors: { title: ['Required.'] } });
    await done;
    await settle();
    expect(router.navigate).not.toHaveBeenCalled();
    expect(here(router)).toBe('/en/create-task');
  });
});

describe('offers failed', () => {
  it.each([500, 403, 404])(
    'a %i for the offers of the task on screen goes to the task list, with no error page or notice',
    async (status) => {
      const { router, store } = await setup('/en/tasks/TK7Q2XYZ');
      mockFetch(json(status, { message: 'No.' }));
      await store.dispatch(offersApi.endpoints.getOffers.initiate(TASK_UUID));

      await waitFor(() => expect(here(router)).toBe('/en/tasks'));
      expect(newRedirects()).toEqual([{ to: '/en/tasks', reason: 'offersFailed' }]);
      expect(store.getState().errorPage).toBeNull();
      expect(noticeIds(store)).toEqual([]);
    },
  );

  it('a late failure does not pull the user off the page they went to', async () => {
    const { router, store } = await setup('/en/freelancers');
    mockFetch(json(500, { message: 'No.' }));
    await store.dispatch(offersApi.endpoints.getOffers.initiate(TASK_UUID));
    await settle();
    expect(router.navigate).not.toHaveBeenCalled();
  });

  it('loaded offers stay on the task', async () => {
    const { router, store } = await setup('/en/tasks/TK7Q2XYZ');
    mockFetch(json(200, { data: [] }));
    await store.dispatch(offersApi.endpoints.getOffers.initiate(TASK_UUID));
    await settle();
    expect(router.navigate).not.toHaveBeenCalled();
  });
});

describe('session redirects', () => {
  it('401/419 go to login through navigation/redirected', async () => {
    const { router, store } = await setup('/en/tasks/TK7Q2XYZ');
    store.dispatch(sessionExpired({ status: 419 }));
    await waitFor(() => expect(here(router)).toBe('/en/login?next=%2Fen%2Ftasks%2FTK7Q2XYZ'));
    expect(newRedirects()).toEqual([
      { to: '/en/login?next=%2Fen%2Ftasks%2FTK7Q2XYZ', reason: 'sessionExpired' },
    ]);
  });

  it('logging out goes home through navigation/redirected', async () => {
    const { router, store } = await setup('/en/tasks');
    mockFetch(new Response(null, { status: 204 }));
    store.dispatch(logoutRequested());
    await waitFor(() => expect(here(router)).toBe('/en'));
    expect(newRedirects()).toEqual([{ to: '/en', reason: 'loggedOut' }]);
  });
});
