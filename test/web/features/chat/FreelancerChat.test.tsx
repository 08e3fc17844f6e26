/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import type { ChatConversation, ChatMessage } from '../../../../src/shared/types';
import { refetchConversation } from '../../../../src/web/features/chat';
import { json } from '../../../support/webFetch';
import { calls, meAnswer, renderSlots, route, type Answer } from '../offers/fixtures';
import {
  CHOSEN_UUID,
  chosenFreelancer,
  makeTask,
  offer,
  OTHER_UUID,
  OWNER_UUID,
  otherFreelancer,
  TASK_UUID,
} from '../tasks/fixtures';
import {
  chatMessage as message,
  conversation as baseConversation,
  CONVERSATION,
  CONVERSATION_PATH as VIEW,
  MESSAGES,
  quietChatTests,
} from './fixtures';

/** The freelancer's side of the chat: their own offer card opens the owner's conversation. */

const LIST = '/api/chat/conversations';
const OFFERS = `/api/tasks/${TASK_UUID}/offers`;

const conversation = (unread: number): ChatConversation => ({
  ...baseConversation,
  unread_count: unread,
});
const view = (...messages: ChatMessage[]) =>
  json(200, { data: { conversation: conversation(0), messages } });

quietChatTests();

function serveFreelancer(list: Answer[], extra: Record<string, Answer[]> = {}) {
  const own = offer(CHOSEN_UUID, false);
  const fetch = route({
    'GET /api/me': meAnswer(chosenFreelancer),
    [`GET ${OFFERS}`]: [json(200, { data: [own] })],
    [`GET ${LIST}`]: list,
    ...extra,
  });
  const rendered = renderSlots(makeTask({ offers: [own], offers_count: 1 }), chosenFreelancer);
  return { fetch, ...rendered };
}

describe('the freelancer’s chat button', () => {
  it('asks for the task’s conversations and shows no button while there is none', async () => {
    const { fetch } = serveFreelancer([json(200, { data: [] })]);
    const card = await screen.findByTestId('offer-card');
    await waitFor(() => expect(calls(fetch, 'GET', LIST)).toHaveLength(1));
    expect(new URL(calls(fetch, 'GET', LIST)[0].url).searchParams.get('task')).toBe(TASK_UUID);
    expect(within(card).queryByRole('button', { name: /Chat/ })).not.toBeInTheDocument();
    // Its own offer's edit and delete are still there.
    expect(within(card).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('shows no button when the list fails', async () => {
    serveFreelancer([json(500, { message: 'Server error.' })]);
    const card = await screen.findByTestId('offer-card');
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Edit' })).toBeVisible());
    expect(within(card).queryByRole('button', { name: /Chat/ })).not.toBeInTheDocument();
  });

  it('shows the unread count in its label, opens the panel and refreshes the count', async () => {
    const { fetch, user } = serveFreelancer(
      [json(200, { data: [conversation(2)] }), json(200, { data: [conversation(0)] })],
      {
        [`GET ${VIEW}`]: [view(message(1, OWNER_UUID, 'Hello'), message(2, OWNER_UUID, '9?'))],
        [`POST ${VIEW}/read`]: [
          json(200, { data: { ids: [1, 2], read_at: '2025-01-01T12:00:00.000Z' } }),
        ],
      },
    );
    const button = await screen.findByRole('button', { name: 'Chat (2 unread)' });
    await user.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Chat with Anna K.' });
    expect(within(panel).getByTestId('chat-task')).toHaveTextContent('Task: Fix the kitchen sink');
    await waitFor(() => expect(within(panel).getAllByTestId('chat-message')).toHaveLength(2));
    expect(within(panel).getAllByTestId('chat-message')[0]).toHaveTextContent('Anna K.');
    // Shown, then marked read with a POST: the list is fetched again and the label drops the count.
    await waitFor(() => expect(calls(fetch, 'POST', `${VIEW}/read`)).toHaveLength(1));
    // The receipt marks the shown messages read without another GET.
    await waitFor(() => expect(within(panel).queryByTestId('chat-unread')).not.toBeInTheDocument());
    expect(calls(fetch, 'GET', VIEW)).toHaveLength(1);
    await waitFor(() => expect(calls(fetch, 'GET', LIST)).toHaveLength(2));
    expect(await screen.findByRole('button', { name: 'Chat' })).toBeInTheDocument();
  });

  it('says "1 unread" for one message and replies with Enter', async () => {
    const { fetch, user } = serveFreelancer([json(200, { data: [conversation(1)] })], {
      [`GET ${VIEW}`]: [
        view(message(1, OWNER_UUID, 'Hello')),
        view(message(1, OWNER_UUID, 'Hello'), message(2, CHOSEN_UUID, 'Hi!')),
      ],
      [`POST ${MESSAGES}`]: [json(201, { data: message(2, CHOSEN_UUID, 'Hi!') })],
    });
    await user.click(await screen.findByRole('button', { name: 'Chat (1 unread)' }));
    const panel = await screen.findByRole('dialog');
    await user.type(within(panel).getByLabelText('Message'), 'Hi!{Enter}');
    await waitFor(() => expect(calls(fetch, 'POST', MESSAGES)).toHaveLength(1));
    expect(await calls(fetch, 'POST', MESSAGES)[0].json()).toEqual({ body: 'Hi!' });
    await waitFor(() => expect(within(panel).getAllByTestId('chat-message')).toHaveLength(2));
    expect(within(panel).getAllByTestId('chat-message')[1]).toHaveTextContent('You');
  });

  it('hides the message box once the offer is no longer live, and keeps the history readable', async () => {
    const closed = { ...conversation(0), offer_live: false };
    const { user } = serveFreelancer([json(200, { data: [closed] })], {
      [`GET ${VIEW}`]: [
        json(200, { data: { conversation: closed, messages: [message(1, OWNER_UUID, 'Hello')] } }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Chat' }));
    const panel = await screen.findByRole('dialog');
    await waitFor(() => expect(within(panel).getAllByTestId('chat-message')).toHaveLength(1));
    expect(within(panel).queryByLabelText('Message')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('status')).toHaveTextContent(
      'Your offer on this task is no longer open, so you cannot write in this chat.',
    );
  });

  it('a 403 on send (the offer was withdrawn meanwhile) shows the server’s reason and keeps the text', async () => {
    const reason = 'Your offer on this task is no longer open, so you cannot write in this chat.';
    const { fetch, user } = serveFreelancer([json(200, { data: [conversation(0)] })], {
      [`GET ${VIEW}`]: [view(message(1, OWNER_UUID, 'Hello'))],
      [`POST ${MESSAGES}`]: [json(403, { message: reason })],
    });
    await user.click(await screen.findByRole('button', { name: 'Chat' }));
    const panel = await screen.findByRole('dialog');
    const box = within(panel).getByLabelText('Message');
    await user.type(box, 'Are you there?{Enter}');
    await waitFor(() => expect(calls(fetch, 'POST', MESSAGES)).toHaveLength(1));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(reason);
    expect(box).toHaveValue('Are you there?');
  });

  it('a chat.message push refetches the list: the button appears with its count', async () => {
    const { fetch, store } = serveFreelancer([
      json(200, { data: [] }),
      json(200, { data: [conversation(1)] }),
    ]);
    const card = await screen.findByTestId('offer-card');
    await waitFor(() => expect(calls(fetch, 'GET', LIST)).toHaveLength(1));
    expect(within(card).queryByRole('button', { name: /Chat/ })).not.toBeInTheDocument();
    act(() => {
      store.dispatch(refetchConversation(CONVERSATION));
    });
    expect(await within(card).findByRole('button', { name: 'Chat (1 unread)' })).toBeVisible();
    expect(calls(fetch, 'GET', LIST)).toHaveLength(2);
  });

  it('ignores a conversation that is not the viewer’s own', async () => {
    const other = offer(OTHER_UUID, false);
    route({
      'GET /api/me': meAnswer(otherFreelancer),
      [`GET ${OFFERS}`]: [json(200, { data: [other] })],
      [`GET ${LIST}`]: [json(200, { data: [conversation(3)] })],
    });
    renderSlots(makeTask({ offers: [other], offers_count: 1 }), otherFreelancer);
    const card = await screen.findByTestId('offer-card');
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Edit' })).toBeVisible());
    expect(within(card).queryByRole('button', { name: /Chat/ })).not.toBeInTheDocument();
  });
});
