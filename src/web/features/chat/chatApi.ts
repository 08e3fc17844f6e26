import type {
  ChatConversation,
  ChatConversationView,
  ChatMessage,
  ChatReadReceipt,
} from '../../../shared/types';
import { api, unwrap } from '../../api/api';
import { CONVERSATION_LIST } from './chatTags';

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
    /**
     * The conversation and its latest messages; chat.message push events invalidate it. Once shown,
     * the other party's messages are marked read with a POST (a GET never changes state).
     */
    getConversation: build.query<ChatConversationView, string>({
      query: (uuid) => `/chat/conversations/${encodeURIComponent(uuid)}`,
      transformResponse: unwrap<ChatConversationView>,
      providesTags: (_result, _error, uuid) => [{ type: 'Chat', id: uuid }],
      async onQueryStarted(uuid, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        await dispatch(chatApi.endpoints.markConversationRead.initiate(uuid));
      },
    }),
    /** Marks the other party's messages read; patches the shown conversation, refetches the lists. */
    markConversationRead: build.mutation<ChatReadReceipt, string>({
      query: (uuid) => ({
        url: `/chat/conversations/${encodeURIComponent(uuid)}/read`,
        method: 'POST',
      }),
      transformResponse: unwrap<ChatReadReceipt>,
      // A read receipt is a side matter: a failure shows nothing and changes nothing.
      extraOptions: { handle404: true, handle500: true, suppressNotice: true },
      async onQueryStarted(uuid, { dispatch, queryFulfilled }) {
        let receipt: ChatReadReceipt;
        try {
          receipt = (await queryFulfilled).data;
        } catch {
          return;
        }
        const { ids, read_at: readAt } = receipt;
        if (readAt === null || ids.length === 0) return;
        const marked = new Set(ids);
        dispatch(
          chatApi.util.updateQueryData('getConversation', uuid, (draft) => {
            for (const m of draft.messages) if (marked.has(m.id)) m.read_at = readAt;
          }),
        );
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
