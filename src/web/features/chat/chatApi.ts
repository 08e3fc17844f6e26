import type { ChatConversation, ChatConversationView, ChatMessage } from '../../../shared/types';
import { api, unwrap } from '../../api/api';

/** The tag of every conversation list (a new conversation may join any of them). */
const CONVERSATION_LIST = { type: 'Chat', id: 'LIST' } as const;

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
    /**
     * The current user's conversations (as customer or freelancer), optionally about one task,
     * each with its unread_count; chat.message push events and reading a conversation refetch it.
     */
    listConversations: build.query<ChatConversation[], { task?: string }>({
      query: ({ task }) => ({ url: '/chat/conversations', params: task ? { task } : undefined }),
      transformResponse: unwrap<ChatConversation[]>,
      providesTags: [CONVERSATION_LIST],
      // An extra on the page: when it fails there is just no chat button, never an error page.
      extraOptions: { handle404: true, handle500: true, suppressNotice: true },
    }),
    /** The conversation and its latest messages; chat.message push events invalidate it. */
    getConversation: build.query<ChatConversationView, string>({
      query: (uuid) => `/chat/conversations/${encodeURIComponent(uuid)}`,
      transformResponse: unwrap<ChatConversationView>,
      providesTags: (_result, _error, uuid) => [{ type: 'Chat', id: uuid }],
      // Reading marks the other party's messages read: the lists' unread counts changed.
      async onQueryStarted(_uuid, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(api.util.invalidateTags([CONVERSATION_LIST]));
      },
    }),
    sendMessage: build.mutation<ChatMessage, { conversationUuid: string; body: string }>({
      query: ({ conversationUuid, body }) => ({
        url: `/chat/conversations/${encodeURIComponent(conversationUuid)}/messages`,
        method: 'POST',
        body: { body },
      }),
      transformResponse: unwrap<ChatMessage>,
      invalidatesTags: (_result, error, { conversationUuid }) =>
        error ? [] : [{ type: 'Chat', id: conversationUuid }, CONVERSATION_LIST],
    }),
  }),
});

export const {
  useStartConversationMutation,
  useListConversationsQuery,
  useGetConversationQuery,
  useSendMessageMutation,
} = chatApi;

/**
 * What the push saga dispatches when a chat.message event arrives: the conversation and the lists
 * (their unread counts; the event may be the first of a conversation a list does not show yet).
 */
export const refetchConversation = (uuid: string) =>
  api.util.invalidateTags([{ type: 'Chat', id: uuid }, CONVERSATION_LIST]);
