/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
/**
 * Issue 9: the chat box sends one message for a double Enter or a double click, and pasted text it
 * cannot send (too long, NUL characters) is kept in the box with a translated reason instead of
 * being cut off or silently ignored.
 */
import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { LIMITS } from '../../../../src/shared/limits';
import { json } from '../../../support/webFetch';
import { calls } from '../offers/fixtures';
import { OWNER_UUID } from '../tasks/fixtures';
import {
  chatFetch,
  chatMessage,
  conversation,
  CONVERSATION_PATH,
  MESSAGES,
  openChatPanel,
  quietChatTests,
} from './fixtures';

const sent = chatMessage(2, OWNER_UUID, 'Hello');

quietChatTests();

/** Opens the panel; the message POST answers only when `release` is called. */
async function openChat() {
  let release: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fetch = chatFetch({
    [`GET ${CONVERSATION_PATH}`]: [json(200, { data: { conversation, messages: [] } })],
  });
  const routed = fetch.getMockImplementation()!;
  fetch.mockImplementation(async (input: Request | string) => {
    const request = typeof input === 'string' ? new Request(input) : input;
    if (request.method === 'POST' && new URL(request.url).pathname === MESSAGES) {
      await answered;
      return json(201, { data: sent });
    }
    return routed(input);
  });
  const { panel, ...rendered } = await openChatPanel();
  const box = within(panel).getByLabelText('Message');
  await waitFor(() => expect(within(panel).queryByRole('status')).toBeNull());
  return { fetch, panel, box, release, ...rendered };
}

describe('ChatPanel guards', () => {
  it('sends one message for two Enters in a row, and is busy until the answer', async () => {
    const { fetch, panel, box, release } = await openChat();
    fireEvent.change(box, { target: { value: 'Hello' } });
    act(() => {
      fireEvent.keyDown(box, { key: 'Enter' });
      fireEvent.keyDown(box, { key: 'Enter' });
    });
    const send = within(panel).getByRole('button', { name: /Send/ });
    await waitFor(() => expect(send).toBeDisabled());
    expect(send).toHaveAttribute('aria-busy', 'true');
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.click(send);
    release();
    await waitFor(() => expect(box).toHaveValue(''), { timeout: 5000 });
    expect(calls(fetch, 'POST', MESSAGES)).toHaveLength(1);
  });

  it('sends one message for a double click on Send', async () => {
    const { fetch, panel, box, release } = await openChat();
    fireEvent.change(box, { target: { value: 'Hello' } });
    const send = within(panel).getByRole('button', { name: /Send/ });
    act(() => {
      send.click();
      send.click();
    });
    release();
    await waitFor(() => expect(box).toHaveValue(''), { timeout: 5000 });
    expect(calls(fetch, 'POST', MESSAGES)).toHaveLength(1);
  });

  it('keeps a pasted text that is too long, whole, and says why it is not sent', async () => {
    const { fetch, panel, box } = await openChat();
    const long = 'x'.repeat(LIMITS.chatMessageMax + 500);
    fireEvent.change(box, { target: { value: long } });
    expect(box).toHaveValue(long);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      `Use at most ${LIMITS.chatMessageMax.toLocaleString('en')} characters.`,
    );
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription(
      new RegExp(`at most ${LIMITS.chatMessageMax.toLocaleString('en')}`),
    );
    expect(box).toHaveValue(long);
    expect(calls(fetch, 'POST', MESSAGES)).toHaveLength(0);

    // Typing again clears the reason.
    fireEvent.change(box, { target: { value: 'short' } });
    expect(within(panel).queryByRole('alert')).toBeNull();
  });

  it('refuses a NUL character with a reason and keeps the text', async () => {
    const { fetch, panel, box } = await openChat();
    fireEvent.change(box, { target: { value: 'a\u0000b' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('This value is not valid.');
    expect(box).toHaveValue('a\u0000b');
    expect(calls(fetch, 'POST', MESSAGES)).toHaveLength(0);
  });
});
