/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { waitFor } from '@testing-library/react';
import type { ChatMessagePushEvent, OfferNotChosenPushEvent } from '../../../../src/shared/types';
import { apiLog } from '../../../../src/web/api/log';
import { dehydrate } from '../../../../src/web/app/prefetch';
import { setupStore } from '../../../../src/web/app/store';
import { taskPageClosed, taskPageOpened } from '../../../../src/web/features/push/pushActions';
import {
  logoutRequested,
  sessionExpired,
} from '../../../../src/web/features/session/sessionActions';
import { sessionApi } from '../../../../src/web/features/session/sessionApi';
import { FakeEventSource } from '../../../support/fakeEventSource';
import { fakeRouter } from '../../../support/fakeRouter';
import { json, mockFetch, requestOf } from '../../../support/webFetch';
import { CHOSEN_UUID, chosenFreelancer, owner, TASK_UUID } from '../tasks/fixtures';

const CONVERSATION_UUID = '55555555-5555-4555-8555-555555555555';

const chatEvent: ChatMessagePushEvent = {
  handler: 'chat.message',
  conversation_uuid: CONVERSATION_UUID,
  message: {
    id: 7,
    conversation_uuid: CONVERSATION_UUID,
    sender_uuid: CHOSEN_UUID,
    body: 'I can come on Friday.',
    created_at: '2026-11-25T13:00:00.000Z',
    read_at: null,
  },
  task_uuid: TASK_UUID,
  task_identifier: 'TK7Q2XYZ',
  task_title: 'Fix the kitchen sink',
  sender_name: 'Free L.',
};

const notChosenEvent: OfferNotChosenPushEvent = {
  handler: 'offers.not_chosen',
  task_uuid: TASK_UUID,
  task_identifier: 'TK7Q2XYZ',
  task_title: 'Fix the kitchen sink',
  reason: null,
};

/** A real store at a URL; with a user, `me` is known as after boot or login. */
async function setup(url: string, me = owner as typeof owner | null) {
  const router = fakeRouter(url);
  const store = setupStore({ i18n: { locale: 'en' } }, { router });
  if (me) await store.dispatch(sessionApi.util.upsertQueryData('me', undefined, me));
  return { router, store };
}

/**
 * The newest stream, at this URL, once it is connected (its `open`); then it is the only one (a
 * stream it replaces closes when it connects).
 */
async function streamAt(url: string) {
  await waitFor(() => {
    const latest = FakeEventSource.latest();
    expect(latest?.url).toBe(url);
    expect(latest.closed).toBe(false);
  });
  const stream = FakeEventSource.latest();
  stream.open();
  await waitFor(() => expect(FakeEventSource.open().map((s) => s.url)).toEqual([url]));
  return stream;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

beforeEach(() => {
  FakeEventSource.install();
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
  mockFetch(json(200, { data: [] }));
});
afterEach(() => {
  FakeEventSource.uninstall();
  jest.restoreAllMocks();
});

describe('the app-wide stream of a signed-in user', () => {
  it('opens on a server-rendered page, whose user comes with the hydration payload', async () => {
    // The server's store knows the user (prefetchPage); the browser's starts from its dehydrate.
    // A server store (it has a transport) runs no sagas: it opens no stream of its own.
    const server = setupStore(
      { i18n: { locale: 'en' } },
      { transport: { baseUrl: 'http://talka.internal/api', fetch: (request) => fetch(request) } },
    );
    await server.dispatch(sessionApi.util.upsertQueryData('me', undefined, owner));
    const store = setupStore(
      { i18n: { locale: 'en' } },
      { router: fakeRouter('/en'), hydration: dehydrate(server) },
    );
    const stream = await streamAt('/api/push');
    stream.send(chatEvent);
    await waitFor(() => expect(store.getState().notices).toHaveLength(1));
  });

  it('on the home page: a chat message becomes a notice naming the sender and the task, with its link', async () => {
    const { store } = await setup('/en');
    const stream = await streamAt('/api/push');
    stream.send(chatEvent);
    await waitFor(() => expect(store.getState().notices).toHaveLength(1));
    expect(store.getState().notices[0]).toMatchObject({
      kind: 'info',
      message: { id: 'push.notice.chatMessage' },
      values: { sender: 'Free L.', title: 'Fix the kitchen sink' },
      link: {
        route: 'task',
        params: { slug: 'TK7Q2XYZ' },
        label: { id: 'push.notice.openTask' },
      },
    });
  });

  it('events that come at once are each a notice, in order', async () => {
    const { store } = await setup('/en');
    const stream = await streamAt('/api/push');
    stream.send(chatEvent);
    stream.send(notChosenEvent);
    stream.send({
      ...chatEvent,
      message: { ...chatEvent.message, id: 8 },
      sender_name: 'Other F.',
    });
    await waitFor(() => expect(store.getState().notices).toHaveLength(3));
    expect(store.getState().notices.map((notice) => notice.message.id)).toEqual([
      'push.notice.chatMessage',
      'push.notice.notChosen',
      'push.notice.chatMessage',
    ]);
  });

  it('on the task list: "another offer was chosen" becomes a notice with the link', async () => {
    const { store } = await setup('/en/tasks?categories=plumbing', chosenFreelancer);
    const stream = await streamAt('/api/push');
    stream.send(notChosenEvent);
    await waitFor(() => expect(store.getState().notices).toHaveLength(1));
    expect(store.getState().notices[0]).toMatchObject({
      kind: 'info',
      message: { id: 'push.notice.notChosen' },
      values: { title: 'Fix the kitchen sink' },
      link: { route: 'task', params: { slug: 'TK7Q2XYZ' } },
    });
  });

  it("with the owner's reason: the notice says it (issue 19)", async () => {
    const { store } = await setup('/en/tasks?categories=plumbing', chosenFreelancer);
    const stream = await streamAt('/api/push');
    stream.send({ ...notChosenEvent, reason: 'timing' });
    await waitFor(() => expect(store.getState().notices).toHaveLength(1));
    expect(store.getState().notices[0]).toMatchObject({
      message: { id: 'push.notice.notChosenReason' },
      values: { title: 'Fix the kitchen sink', reason: 'timing' },
    });
  });

  it('on the task page itself: no chat notice (the conversation is there), no link to itself', async () => {
    const { store } = await setup('/en/tasks/TK7Q2XYZ', chosenFreelancer);
    store.dispatch(taskPageOpened({ uuid: TASK_UUID, slug: 'TK7Q2XYZ' }));
    const stream = await streamAt(`/api/push?tasks=${TASK_UUID}`);
    stream.send(chatEvent);
    await settle();
    expect(store.getState().notices).toEqual([]);
    stream.send(notChosenEvent);
    await waitFor(() => expect(store.getState().notices).toHaveLength(1));
    expect(store.getState().notices[0].message.id).toBe('push.notice.notChosen');
    expect(store.getState().notices[0].link).toBeUndefined();
  });

  it('is one stream: the task page adds its channel to it, leaving the page takes it off', async () => {
    const { store } = await setup('/en');
    const personal = await streamAt('/api/push');
    store.dispatch(taskPageOpened({ uuid: TASK_UUID, slug: 'TK7Q2XYZ' }));
    const withTask = await streamAt(`/api/push?tasks=${TASK_UUID}`);
    expect(personal.closed).toBe(true);
    store.dispatch(taskPageClosed({ uuid: TASK_UUID }));
    await streamAt('/api/push');
    expect(withTask.closed).toBe(true);
    // The user's stream stays while nothing about them changes (the `me` refetch of a page).
    await store.dispatch(sessionApi.util.upsertQueryData('me', undefined, owner));
    expect(FakeEventSource.instances).toHaveLength(3);
  });

  it('moving to a task page loses no chat message: the old stream stays until the new one connects', async () => {
    const { store } = await setup('/en');
    const personal = await streamAt('/api/push');
    store.dispatch(taskPageOpened({ uuid: TASK_UUID, slug: 'TK7Q2XYZ' }));
    await waitFor(() => expect(FakeEventSource.latest().url).toBe(`/api/push?tasks=${TASK_UUID}`));
    const withTask = FakeEventSource.latest();
    // Sent while the new stream connects: only the old one carries it.
    expect(personal.closed).toBe(false);
    const other = { ...chatEvent, task_uuid: 'other-task', task_identifier: 'TKOTHER1' };
    personal.send(other);
    await waitFor(() => expect(store.getState().notices).toHaveLength(1));
    withTask.open();
    await waitFor(() => expect(personal.closed).toBe(true));
    // Both streams had it in the handoff: shown once.
    withTask.send(other);
    await settle();
    expect(store.getState().notices).toHaveLength(1);
    // A new message on the new stream is shown.
    withTask.send({
      ...other,
      sender_name: 'Ann O.',
      message: { ...chatEvent.message!, id: 8, body: 'Or Saturday?' },
    });
    await waitFor(() => expect(store.getState().notices).toHaveLength(2));
  });

  it('a login closes the visitor’s task stream at once (no handoff across users)', async () => {
    const { store } = await setup('/en/tasks/TK7Q2XYZ', null);
    store.dispatch(taskPageOpened({ uuid: TASK_UUID, slug: 'TK7Q2XYZ' }));
    const visitor = await streamAt(`/api/push?tasks=${TASK_UUID}`);
    await store.dispatch(sessionApi.util.upsertQueryData('me', undefined, owner));
    await waitFor(() => expect(visitor.closed).toBe(true));
    expect(FakeEventSource.latest().closed).toBe(false);
  });

  it('closes on logout (and nothing reopens for the visitor on a page without a task)', async () => {
    const { store } = await setup('/en/tasks');
    const stream = await streamAt('/api/push');
    mockFetch(new Response(null, { status: 204 }));
    store.dispatch(logoutRequested());
    await waitFor(() => expect(stream.closed).toBe(true));
    await settle();
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('on logout on a task page, the task channel goes on as a visitor stream', async () => {
    const { store } = await setup('/en/tasks/TK7Q2XYZ');
    store.dispatch(taskPageOpened({ uuid: TASK_UUID, slug: 'TK7Q2XYZ' }));
    const stream = await streamAt(`/api/push?tasks=${TASK_UUID}`);
    const before = FakeEventSource.instances.length;
    mockFetch(new Response(null, { status: 204 }));
    store.dispatch(logoutRequested());
    await waitFor(() => expect(stream.closed).toBe(true));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(before + 1));
    expect(FakeEventSource.open().map((s) => s.url)).toEqual([`/api/push?tasks=${TASK_UUID}`]);
  });

  it('closes when the session expires', async () => {
    const { store } = await setup('/en');
    const stream = await streamAt('/api/push');
    store.dispatch(sessionExpired({ status: 419 }));
    await waitFor(() => expect(stream.closed).toBe(true));
    expect(FakeEventSource.open()).toEqual([]);
  });

  it('a stream the server ends for a dead session (suspended, logged out elsewhere) logs out as an expiry does', async () => {
    const { router, store } = await setup('/en/tasks');
    const stream = await streamAt('/api/push');
    const fetchMock = mockFetch(
      json(401, { message: 'Your session has expired. Please log in again.' }),
    );
    stream.fail();
    await waitFor(() =>
      expect(sessionApi.endpoints.me.select()(store.getState()).data).toBeFalsy(),
    );
    expect(requestOf(fetchMock).url).toMatch(/\/api\/me$/);
    expect(store.getState().notices[0]).toMatchObject({
      message: { id: 'common.errors.unauthorized' },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login'));
    await settle();
    expect(FakeEventSource.open()).toEqual([]);
  });

  it('a stream that ends while the session lives on just reconnects', async () => {
    const { store } = await setup('/en/tasks');
    const stream = await streamAt('/api/push');
    mockFetch(json(200, { data: owner }));
    stream.fail();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2), { timeout: 3000 });
    expect(store.getState().notices).toEqual([]);
    expect(sessionApi.endpoints.me.select()(store.getState()).data).toEqual(owner);
  });

  it('starts on login, and a visitor without a task page has none', async () => {
    const { store } = await setup('/en/login', null);
    await store.dispatch(sessionApi.util.upsertQueryData('me', undefined, null));
    await settle();
    expect(FakeEventSource.instances).toEqual([]);
    // What the login mutation does with its answer.
    await store.dispatch(sessionApi.util.upsertQueryData('me', undefined, owner));
    await streamAt('/api/push');
  });
});
