/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { screen, waitFor, within } from '@testing-library/react';
import { json } from '../../../support/webFetch';
import { calls } from '../offers/fixtures';
import { CHOSEN_UUID, OWNER_UUID } from '../tasks/fixtures';
import {
  chatFetch,
  chatMessage as message,
  conversation,
  CONVERSATION_PATH,
  MESSAGES,
  openChatPanel,
  quietChatTests,
} from './fixtures';

quietChatTests();

async function openChat() {
  const fetch = chatFetch({
    [`GET ${CONVERSATION_PATH}`]: [
      json(200, {
        data: { conversation, messages: [message(1, CHOSEN_UUID, '<b>Hi</b>\nthere')] },
      }),
      json(200, {
        data: {
          conversation,
          messages: [message(1, CHOSEN_UUID, '<b>Hi</b>\nthere'), message(2, OWNER_UUID, 'Hello')],
        },
      }),
    ],
    [`POST ${MESSAGES}`]: [json(201, { data: message(2, OWNER_UUID, 'Hello') })],
  });
  return { fetch, ...(await openChatPanel()) };
}

describe('ChatPanel', () => {
  it('opens from the offer card with the messages as text, sender, time and unread count', async () => {
    const { panel } = await openChat();
    const [first] = within(panel).getAllByTestId('chat-message');
    expect(first).toHaveTextContent('Free L.');
    expect(first).toHaveTextContent('<b>Hi</b>');
    expect(first.querySelector('b')).toBeNull();
    expect(first.querySelector('time')).toHaveAttribute('dateTime', '2025-01-01T11:00:00.000Z');
    expect(within(panel).getByTestId('chat-unread')).toHaveTextContent('1 unread message');
  });

  it('names the person the owner talks with in its title, and the task under it', async () => {
    const { panel } = await openChat();
    expect(within(panel).getByRole('heading', { level: 2 })).toHaveTextContent('Chat with Free L.');
    expect(within(panel).getByTestId('chat-task')).toHaveTextContent('Task: Fix the kitchen sink');
  });

  it('sends with Enter and not with Shift+Enter, then shows the new message', async () => {
    const { fetch, panel, user } = await openChat();
    const box = within(panel).getByLabelText('Message');
    await user.type(box, 'Hel');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(box).toHaveValue('Hel\n');
    expect(calls(fetch, 'POST', MESSAGES)).toHaveLength(0);

    await user.clear(box);
    await user.type(box, 'Hello{Enter}');
    await waitFor(() => expect(calls(fetch, 'POST', MESSAGES)).toHaveLength(1));
    expect(await calls(fetch, 'POST', MESSAGES)[0].json()).toEqual({ body: 'Hello' });
    await waitFor(() => expect(box).toHaveValue(''));
    await waitFor(() => expect(within(panel).getAllByTestId('chat-message')).toHaveLength(2));
    expect(within(panel).getAllByTestId('chat-message')[1]).toHaveTextContent('You');
  });

  it('does not send a blank message and closes with the close button', async () => {
    const { fetch, panel, user } = await openChat();
    await user.type(within(panel).getByLabelText('Message'), '   {Enter}');
    expect(calls(fetch, 'POST', MESSAGES)).toHaveLength(0);
    await user.click(within(panel).getByRole('button', { name: 'Close chat' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('takes the focus to the message box and gives it back to the chat button on Escape', async () => {
    const { panel, user } = await openChat();
    const box = within(panel).getByLabelText('Message');
    await waitFor(() => expect(box).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Chat' })).toHaveFocus();
  });
});
