import { defineMessages } from 'react-intl';

/**
 * Texts of the task page's parts only its parties see (components/slots.tsx: the owner's edit and
 * delete, the agreement and contacts after assignment). Apart from the page's texts so that they
 * stay in the `task-party` chunk, and their catalog entries in the `party` part
 * (scripts/webpack/compiledMessagesLoader.cjs), off a visitor's task page.
 */
export const taskPartyMessages = defineMessages({
  edit: { id: 'tasks.detail.edit', defaultMessage: 'Edit task' },
  editTitle: { id: 'tasks.detail.edit.title', defaultMessage: 'Edit task' },
  delete: { id: 'tasks.detail.delete', defaultMessage: 'Delete task' },
  deleteTitle: { id: 'tasks.detail.delete.title', defaultMessage: 'Delete this task?' },
  deleteText: {
    id: 'tasks.detail.delete.text',
    defaultMessage: '“{title}” will be removed for good. This cannot be undone.',
  },
  deleteConfirm: { id: 'tasks.detail.delete.confirm', defaultMessage: 'Delete' },
  deleting: { id: 'tasks.detail.delete.deleting', defaultMessage: 'Deleting…' },
  deleteFailed: {
    id: 'tasks.detail.delete.failed',
    defaultMessage: 'The task could not be deleted. It may have changed; the page is refreshed.',
  },
  agreement: { id: 'tasks.detail.agreement', defaultMessage: 'Agreement' },
  assignedTo: { id: 'tasks.detail.agreement.assignedTo', defaultMessage: 'Assigned to' },
  assignedToYou: { id: 'tasks.detail.agreement.you', defaultMessage: 'You' },
  agreedPrice: { id: 'tasks.detail.agreement.price', defaultMessage: 'Agreed price' },
  phone: { id: 'tasks.detail.contacts.phone', defaultMessage: 'Phone' },
  email: { id: 'tasks.detail.contacts.email', defaultMessage: 'Email' },
  notSpecified: { id: 'tasks.detail.contacts.notSpecified', defaultMessage: 'Not specified' },
  copyPhone: { id: 'tasks.detail.contacts.copyPhone', defaultMessage: 'Copy phone number' },
  copyEmail: { id: 'tasks.detail.contacts.copyEmail', defaultMessage: 'Copy email' },
  phoneCopied: {
    id: 'tasks.detail.contacts.phoneCopied',
    defaultMessage: 'Phone number copied',
  },
  emailCopied: { id: 'tasks.detail.contacts.emailCopied', defaultMessage: 'Email copied' },
});
