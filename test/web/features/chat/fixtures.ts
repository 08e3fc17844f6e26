/**
 * The chat panel's screen tests: the owner of a task opens the conversation with the freelancer
 * of its one offer (from the offer card's chat button).
 */
import { screen } from '@testing-library/react';
import type { ChatConversation, ChatMessage } from '../../../../src/shared/types';
import { apiLog } from '../../../../src/web/api/log';
import { resetConfigCache } from '../../../../src/web/app/config';
import { json, type FetchMock } from '../../../support/webFetch';
import { meAnswer, renderSlots, route, type Routes } from '../offers/fixtures';
import { CHOSEN_UUID, makeTask, offer, owner, OWNER_UUID, TASK_UUID } from '../tasks/fixtures';

export const CONVERSATION = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
export const conversation: ChatConversation = {
  uuid: CONVERSATION,
  task: { uuid: TASK_UUID, identifier: 'TK7Q2XYZ', title: 'Fix the kitchen sink' },
  customer: { uuid: OWNER_UUID, display_name: 'Anna K.', photo: null },
  freelancer: { uuid: CHOSEN_UUID, display_name: 'Free L.', photo: null },
  offer_live: true,
  created_at: '2025-01-01T10:00:00.000Z',
};
export const chatMessage = (id: number, sender: string, body: string): ChatMessage => ({
  id,
  conversation_uuid: CONVERSATION,
  sender_uuid: sender,
  body,
  created_at: '2025-01-01T11:00:00.000Z',
  read_at: null,
});
/** Where a message is sent (POST) and the conversation read (GET without /messages). */
export const MESSAGES = `/api/chat/conversations/${CONVERSATION}/messages`;
export const CONVERSATION_PATH = `/api/chat/conversations/${CONVERSATION}`;

/** Quiet API log (the tests answer errors on purpose) and a fresh config cache per test. */
export function quietChatTests(): void {
  beforeEach(() => {
    jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.restoreAllMocks();
    resetConfigCache();
  });
}

const theOffer = offer(CHOSEN_UUID, false);

/** The fetch of the owner's page: the offer, the conversation it opens, and `answers` besides. */
export function chatFetch(answers: Routes): FetchMock {
  return route({
    'GET /api/me': meAnswer(owner),
    [`GET /api/tasks/${TASK_UUID}/offers`]: [json(200, { data: [theOffer] })],
    [`POST /api/chat/conversations/task/${TASK_UUID}/${CHOSEN_UUID}`]: [
      json(200, { data: conversation }),
    ],
    ...answers,
  });
}

/** Renders the owner's task page parts and opens the chat from the offer card. */
export async function openChatPanel() {
  const rendered = renderSlots(makeTask({ offers: [theOffer], offers_count: 1 }), owner);
  await rendered.user.click(await screen.findByRole('button', { name: 'Chat' }));
  // The title names the person on the other side (issue 16), the task is the line under it.
  const panel = await screen.findByRole('dialog', { name: 'Chat with Free L.' });
  return { panel, ...rendered };
}
