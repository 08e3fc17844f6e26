import type { UnknownAction } from '@reduxjs/toolkit';
import { runSaga } from 'redux-saga';
import { handleOfferAndChatEvent, refetchTask } from '../../../../src/web/features/push/push.saga';
import { refetchConversation } from '../../../../src/web/features/chat';
import { fakeRouter } from '../../../support/fakeRouter';

/** The actions the handler puts for one event, with the router at a URL. */
async function handle(data: unknown, url = '/en') {
  const actions: UnknownAction[] = [];
  await runSaga(
    {
      dispatch: (action: UnknownAction) => actions.push(action),
      getState: () => ({}),
      context: { router: fakeRouter(url) },
    },
    handleOfferAndChatEvent,
    data,
  ).toPromise();
  return actions;
}

const chat = {
  handler: 'chat.message',
  conversation_uuid: 'c1',
  task_uuid: 't1',
  task_identifier: 'TKSINK01',
  task_title: 'Fix the sink',
  sender_name: 'Anna K.',
};

describe('push events of offers and chat', () => {
  it('chat.message invalidates the conversation and tells who wrote about which task', async () => {
    const [refetch, notice] = await handle(chat);
    expect(refetch).toEqual(refetchConversation('c1'));
    expect(notice.payload).toMatchObject({
      kind: 'info',
      message: { id: 'push.notice.chatMessage' },
      values: { sender: 'Anna K.', title: 'Fix the sink' },
      link: { route: 'task', params: { slug: 'TKSINK01' } },
    });
  });

  it('chat.message of an older server (no task) only refetches', async () => {
    expect(await handle({ handler: 'chat.message', conversation_uuid: 'c1' })).toEqual([
      refetchConversation('c1'),
    ]);
  });

  it('offers.not_chosen shows an info notice and refetches the task', async () => {
    const [notice, refetch] = await handle({
      handler: 'offers.not_chosen',
      task_uuid: 't1',
      task_identifier: 'TKSINK01',
      task_title: 'Fix the sink',
    });
    expect(notice.payload).toMatchObject({
      kind: 'info',
      message: { id: 'push.notice.notChosen' },
      values: { title: 'Fix the sink' },
      link: { route: 'task', params: { slug: 'TKSINK01' } },
    });
    expect(refetch).toEqual(refetchTask('t1'));
  });

  it('ignores other events', async () => {
    expect(await handle({ handler: 'something' })).toEqual([]);
    expect(await handle(null)).toEqual([]);
  });
});

describe('refetchConversation', () => {
  it('invalidates the conversation and the conversation lists (unread counts)', () => {
    expect(refetchConversation('c1').payload).toEqual([
      { type: 'Chat', id: 'c1' },
      { type: 'Chat', id: 'LIST' },
    ]);
  });
});
