/**
 * The chat feature's public surface. The panel itself (./ChatPanel) is imported lazily by whoever
 * opens it, so it is not part of a page's first load.
 */
export { useListConversationsQuery, useStartConversationMutation } from './chatApi';
export { refetchConversation } from './chatTags';
