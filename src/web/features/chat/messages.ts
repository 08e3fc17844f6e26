import { defineMessages } from 'react-intl';

/** Texts of the chat panel (issue 5 'Chat'). */
export const chatMessages = defineMessages({
  heading: { id: 'chat.panel.heading', defaultMessage: 'Chat' },
  withName: { id: 'chat.panel.with', defaultMessage: 'Chat with {name}' },
  task: { id: 'chat.panel.task', defaultMessage: 'Task: {task}' },
  close: { id: 'chat.panel.close', defaultMessage: 'Close chat' },
  loading: { id: 'chat.panel.loading', defaultMessage: 'Loading messages…' },
  empty: { id: 'chat.panel.empty', defaultMessage: 'No messages yet. Say hello!' },
  messageLabel: { id: 'chat.panel.message', defaultMessage: 'Message' },
  hint: {
    id: 'chat.panel.hint',
    defaultMessage: 'Enter sends, Shift+Enter starts a new line.',
  },
  send: { id: 'chat.panel.send', defaultMessage: 'Send' },
  you: { id: 'chat.panel.you', defaultMessage: 'You' },
  deletedUser: { id: 'chat.panel.deletedUser', defaultMessage: 'Deleted user' },
  unread: {
    id: 'chat.panel.unread',
    defaultMessage: '{count, plural, one {# unread message} other {# unread messages}}',
  },
  sendFailed: { id: 'chat.panel.sendFailed', defaultMessage: 'The message was not sent.' },
  offerNotLive: {
    id: 'chat.panel.offerNotLive',
    defaultMessage:
      'Your offer on this task is no longer open, so you cannot write in this chat. The messages stay here to read.',
  },
});
