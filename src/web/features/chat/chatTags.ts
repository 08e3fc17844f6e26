import { api } from '../../api/api';

// The chat's cache tags and the refetch the push saga puts. Apart from chatApi.ts, whose
// `injectEndpoints` would bring every chat endpoint into the sagas' chunk (issue 15, sizes).

/** The tag of every conversation list (a new conversation may join any of them). */
export const CONVERSATION_LIST = { type: 'Chat', id: 'LIST' } as const;

/**
 * What the push saga dispatches when a chat.message event arrives: the conversation and the lists
 * (their unread counts; the event may be the first of a conversation a list does not show yet).
 */
export const refetchConversation = (uuid: string) =>
  api.util.invalidateTags([{ type: 'Chat', id: uuid }, CONVERSATION_LIST]);
