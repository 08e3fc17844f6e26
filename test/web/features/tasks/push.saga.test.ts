/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { waitFor } from '@testing-library/react';
import { apiLog } from '../../../../src/web/api/log';
import { setupStore } from '../../../../src/web/app/store';
import { setEventSourceFactory } from '../../../../src/web/features/push/eventSource';
import { taskPageClosed, taskPageOpened } from '../../../../src/web/features/push/pushActions';
import { isTaskViewFor, reconnectDelay } from '../../../../src/web/features/push/push.saga';
import { taskApi } from '../../../../src/web/features/tasks/taskApi';
import { FakeEventSource } from '../../../support/fakeEventSource';
import { makeTask, serve, TASK_UUID, taskRequests } from './fixtures';

const latest = () => FakeEventSource.latest();

beforeEach(() => {
  FakeEventSource.install();
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
});
afterEach(() => {
  FakeEventSource.uninstall();
  jest.restoreAllMocks();
});

/** A real store with the task loaded and subscribed (as the page does), and its page opened. */
async function openTaskPage() {
  const fetchMock = serve({ me: null, task: makeTask() });
  const store = setupStore({ i18n: { locale: 'en' } });
  const subscription = store.dispatch(
    taskApi.endpoints.getTask.initiate({ slug: 'TK7Q2XYZ', locale: 'en' }),
  );
  await subscription;
  expect(taskRequests(fetchMock)).toHaveLength(1);
  store.dispatch(taskPageOpened({ uuid: TASK_UUID, slug: 'TK7Q2XYZ' }));
  await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
  latest().open();
  return { store, fetchMock, subscription };
}

describe('push saga', () => {
  it('opens /api/push for the task on screen', async () => {
    await openTaskPage();
    expect(latest().url).toBe(`/api/push?tasks=${TASK_UUID}`);
  });

  it('refetches the task when a tasks.view event for it arrives (by uuid or slug)', async () => {
    const { fetchMock } = await openTaskPage();
    latest().send({ handler: 'tasks.view', task_uuid: TASK_UUID });
    await waitFor(() => expect(taskRequests(fetchMock)).toHaveLength(2));
    latest().send({ handler: 'tasks.view', task_uuid: 'TK7Q2XYZ' });
    await waitFor(() => expect(taskRequests(fetchMock)).toHaveLength(3));
  });

  it('ignores events of other tasks and other handlers', async () => {
    const { fetchMock } = await openTaskPage();
    latest().send({ handler: 'tasks.view', task_uuid: '99999999-9999-4999-8999-999999999999' });
    latest().send({ handler: 'chat.message', task_uuid: TASK_UUID });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(taskRequests(fetchMock)).toHaveLength(1);
  });

  it('reconnects after the stream errors and refetches once it is back', async () => {
    const { fetchMock } = await openTaskPage();
    const first = latest();
    first.fail();
    expect(first.closed).toBe(true);
    // The first retry waits 1 s.
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2), { timeout: 2500 });
    expect(taskRequests(fetchMock)).toHaveLength(1);
    latest().open();
    await waitFor(() => expect(taskRequests(fetchMock)).toHaveLength(2));
    // The new stream works like the first.
    latest().send({ handler: 'tasks.view', task_uuid: TASK_UUID });
    await waitFor(() => expect(taskRequests(fetchMock)).toHaveLength(3));
  });

  it('closes the stream when the page closes (a visitor has no other stream)', async () => {
    const { store } = await openTaskPage();
    const first = latest();
    // A close for another task (late cleanup of a previous page) keeps the stream.
    store.dispatch(taskPageClosed({ uuid: 'other' }));
    expect(first.closed).toBe(false);
    store.dispatch(taskPageClosed({ uuid: TASK_UUID }));
    expect(first.closed).toBe(true);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('opening another task closes the previous stream', async () => {
    const { store } = await openTaskPage();
    const first = latest();
    store.dispatch(taskPageOpened({ uuid: 'second-uuid', slug: 'TK2' }));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    expect(first.closed).toBe(true);
    expect(latest().url).toBe('/api/push?tasks=second-uuid');
  });

  it('lives without EventSource support (no error, no stream)', async () => {
    setEventSourceFactory(() => null);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = setupStore({ i18n: { locale: 'en' } });
    store.dispatch(taskPageOpened({ uuid: TASK_UUID, slug: 'TK7Q2XYZ' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(error).not.toHaveBeenCalled();
  });
});

describe('push helpers', () => {
  it('backs off 1 s, 2 s, 4 s, then at most 5 s', () => {
    expect([0, 1, 2, 3, 4, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 5000, 5000, 5000]);
  });

  it('matches tasks.view by uuid (case-insensitive) or slug only', () => {
    const task = { uuid: TASK_UUID, slug: 'TK7Q2XYZ' };
    expect(isTaskViewFor({ handler: 'tasks.view', task_uuid: TASK_UUID.toUpperCase() }, task)).toBe(
      true,
    );
    expect(isTaskViewFor({ handler: 'tasks.view', task_uuid: 'tk7q2xyz' }, task)).toBe(true);
    expect(isTaskViewFor({ handler: 'tasks.view', task_uuid: 'other' }, task)).toBe(false);
    expect(isTaskViewFor({ handler: 'other', task_uuid: TASK_UUID }, task)).toBe(false);
    expect(isTaskViewFor('nonsense', task)).toBe(false);
  });
});
