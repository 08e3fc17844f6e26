import type { ChatConversation, ChatConversationView, ChatMessage } from '../../../shared/types';
import { api, unwrap } from '../../api/api';

export const chatApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Returns (or creates) the owner's conversation with one freelancer about one task. */
    startConversation: build.mutation<
      ChatConversation,
      { taskUuid: string; freelancerUuid: string }
    >({
      query: ({ taskUuid, freelancerUuid }) => ({
        url: `/chat/conversations/task/${encodeURIComponent(taskUuid)}/${encodeURIComponent(freelancerUuid)}`,
        method: 'POST',
      }),
      transformResponse: unwrap<ChatConversation>,
    }),
    /** The conversation and its latest messages; chat.message push events invalidate it. */
    getConversation: build.query<ChatConversationView, string>({
      query: (uuid) => `/chat/conversations/${encodeURIComponent(uuid)}`,
      transformResponse: unwrap<ChatConversationView>,
      providesTags: (_result, _error, uuid) => [{ type: 'Chat', id: uuid }],
    }),
    sendMessage: build.mutation<ChatMessage, { conversationUuid: string; body: string }>({
      query: ({ conversationUuid, body }) => ({
        url: `/chat/conversations/${encodeURIComponent(conversationUuid)}/messages`,
        method: 'POST',
        body: { body },
      }),
      transformResponse: unwrap<ChatMessage>,
      invalidatesTags: (_result, error, { conversationUuid }) =>
        error ? [] : [{ type: 'Chat', id: conversationUuid }],
    }),
  }),
});

export const { useStartConversationMutation, useGetConversationQuery, useSendMessageMutation } =
  chatApi;

/** What the push saga dispatches when a chat.message event arrives. */
export const refetchConversation = (uuid: string) =>
  api.util.invalidateTags([{ type: 'Chat', id: uuid }]);
