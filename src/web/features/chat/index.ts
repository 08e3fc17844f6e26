/** The chat feature's public surface: other features open the panel with these. */
export { ChatPanel } from './ChatPanel';
export {
  refetchConversation,
  useListConversationsQuery,
  useStartConversationMutation,
} from './chatApi';
