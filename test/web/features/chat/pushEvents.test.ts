import { put } from 'redux-saga/effects';
import { handleOfferAndChatEvent, refetchTask } from '../../../../src/web/features/push/push.saga';
import { refetchConversation } from '../../../../src/web/features/chat';

describe('push events of offers and chat', () => {
  it('chat.message invalidates the conversation', () => {
    const saga = handleOfferAndChatEvent({ handler: 'chat.message', conversation_uuid: 'c1' });
    expect(saga.next().value).toEqual(put(refetchConversation('c1')));
    expect(saga.next().done).toBe(true);
  });

  it('offers.not_chosen shows an info notice and refetches the task', () => {
    const saga = handleOfferAndChatEvent({
      handler: 'offers.not_chosen',
      task_uuid: 't1',
      task_title: 'Fix the sink',
    });
    const notice = saga.next().value as { payload: { action: { payload: unknown } } };
    expect(notice.payload.action.payload).toMatchObject({
      kind: 'info',
      message: { id: 'offers.notice.notChosen' },
      values: { title: 'Fix the sink' },
    });
    expect(saga.next().value).toEqual(put(refetchTask('t1')));
    expect(saga.next().done).toBe(true);
  });

  it('ignores other events', () => {
    expect(handleOfferAndChatEvent({ handler: 'something' }).next().done).toBe(true);
    expect(handleOfferAndChatEvent(null).next().done).toBe(true);
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
