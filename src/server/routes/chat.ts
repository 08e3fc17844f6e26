/**
 * Chat (issue 5): the owner opens a conversation with a freelancer who made an offer; the two
 * participants read and write it; new messages reach the other participant over the push stream as
 * { handler: 'chat.message', conversation_uuid, message, task_*, sender_name }.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ChatConversation, ChatMessage, ChatMessagePushEvent } from '../../shared/types';
import { CHAT_MESSAGE_MAX, chatMessageSchema } from '../../shared/validation/chat';
import { requireUser } from '../auth/session';
import { forbidden } from '../errors';
import {
  addMessage,
  assertMayWrite,
  findConversation,
  listConversations,
  openConversation,
  otherParticipant,
  latestMessages,
  markRead,
  unreadCount,
} from '../chat/chat';
import { notifyUser } from '../offers/notify';
import { jsonBodyLimit } from '../plugins/jsonBody';
import { findTask, machineAllows } from '../offers/offers';
import { MAX_EVENT_BYTES } from '../push/hub';
import { validateBody } from '../validate';
import '../types';

/** Room left for the NOTIFY envelope around the event. */
const ENVELOPE_BYTES = 200;

/**
 * The event for the other participant; without the message when it would not fit a NOTIFY. Its
 * notice names the task and the sender with what the conversation already shows the receiver.
 */
export function chatMessageEvent(
  message: ChatMessage,
  conversation: ChatConversation,
): ChatMessagePushEvent {
  const sender = [conversation.customer, conversation.freelancer].find(
    (participant) => participant?.uuid === message.sender_uuid,
  );
  const event: ChatMessagePushEvent = {
    handler: 'chat.message',
    conversation_uuid: message.conversation_uuid,
    message,
    task_uuid: conversation.task.uuid,
    task_identifier: conversation.task.identifier,
    task_title: conversation.task.title,
    sender_name: sender?.display_name ?? '',
  };
  return Buffer.byteLength(JSON.stringify(event)) + ENVELOPE_BYTES > MAX_EVENT_BYTES
    ? { ...event, message: null }
    : event;
}

export const chatRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;

  /**
   * Returns (200) or creates (201) the owner's conversation with a freelancer about the task. Only
   * the owner, while the machine allows START_CHAT (403); 404 when the freelancer has no offer.
   */
  app.post<{ Params: { taskUuid: string; freelancerUuid: string } }>(
    '/chat/conversations/task/:taskUuid/:freelancerUuid',
    async (request, reply) => {
      const user = requireUser(request);
      const loaded = await findTask(request, request.params.taskUuid, user);
      if (loaded.authorUuid !== user.uuid || !machineAllows(loaded, user, { type: 'START_CHAT' }))
        throw forbidden();
      const { loaded: conversation, created } = await openConversation(
        db,
        { uuid: loaded.task.uuid, author_uuid: loaded.authorUuid },
        request.params.freelancerUuid,
      );
      return reply.code(created ? 201 : 200).send({ data: conversation.conversation });
    },
  );

  /**
   * The caller's conversations (as customer or freelancer), optionally about one task
   * (`?task=<uuid>`), newest activity first, each with the caller's unread_count.
   */
  app.get<{ Querystring: { task?: unknown } }>('/chat/conversations', async (request) => {
    const user = requireUser(request);
    const { task } = request.query;
    const taskUuid = typeof task === 'string' && task !== '' ? task : undefined;
    return { data: await listConversations(db, user.uuid, taskUuid) };
  });

  /** Participants only. Reads only: marking read is the POST below (ASVS 3.5.3). */
  app.get<{ Params: { uuid: string } }>('/chat/conversations/:uuid', async (request) => {
    const user = requireUser(request);
    const loaded = await findConversation(app.readModel, db, request.params.uuid);
    otherParticipant(loaded, user.uuid);
    const messages = await latestMessages(db, loaded.conversation.uuid);
    return { data: { conversation: loaded.conversation, messages } };
  });

  /** Participants only; marks the other party's messages read (the SPA, after showing them). */
  app.post<{ Params: { uuid: string } }>('/chat/conversations/:uuid/read', async (request) => {
    const user = requireUser(request);
    const loaded = await findConversation(app.readModel, db, request.params.uuid);
    otherParticipant(loaded, user.uuid);
    return { data: await markRead(db, loaded.conversation.uuid, user.uuid) };
  });

  /**
   * Participants only, and of them the freelancer only while their offer is live (403
   * chat.offer_not_live once it is withdrawn or another offer is chosen); 1..2000 characters of plain text, stored as typed. 201. */
  app.post<{ Params: { uuid: string } }>(
    '/chat/conversations/:uuid/messages',
    {
      bodyLimit: jsonBodyLimit(CHAT_MESSAGE_MAX),
      config: {
        rateLimit: {
          // Per user: config.chatRateLimit (CHAT_RATE_LIMIT) messages a minute.
          max: app.config.chatRateLimit,
          timeWindow: '1 minute',
          keyGenerator: (request) => `chat:${request.user?.uuid ?? request.ip}`,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const loaded = await findConversation(app.readModel, db, request.params.uuid);
      const recipient = otherParticipant(loaded, user.uuid);
      assertMayWrite(loaded, user.uuid);
      const { body } = await validateBody(chatMessageSchema, request.body);
      const message = await addMessage(db, loaded.conversation.uuid, user.uuid, body);
      await notifyUser(app, recipient, chatMessageEvent(message, loaded.conversation));
      return reply.code(201).send({ data: message });
    },
  );

  /** Unread messages addressed to the user, over all their conversations. */
  app.get('/chat/unread', async (request) => {
    const user = requireUser(request);
    return { data: { count: await unreadCount(db, user.uuid) } };
  });
};
