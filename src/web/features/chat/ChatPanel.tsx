import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { ChatConversation, ChatParticipant } from '../../../shared/types';
import { ValidationError } from 'yup';
import { chatMessageSchema } from '../../../shared/validation/chat';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { refText } from '../../ui/schemaErrors';
import { useGetConversationQuery, useSendMessageMutation } from './chatApi';
import { chatMessages as messages } from './messages';
import { formatDisplayDateTime } from '../../i18n/dateFormat';
import { theme } from '../../app/theme';

const Panel = styled.aside`
  position: fixed;
  inset: 0;
  z-index: ${theme.zIndices.modal};
  display: flex;
  flex-direction: column;
  background: ${theme.colors.background};
  box-shadow: ${theme.shadows.modal};
  animation: chat-slide-in 0.2s ease-out;

  @keyframes chat-slide-in {
    from {
      transform: translateX(100%);
    }
    to {
      transform: translateX(0);
    }
  }

  /* Full screen on phones, a side panel from tablets up. */
  @media (min-width: ${theme.breakpoints.md}) {
    left: auto;
    width: 420px;
  }
`;

const Header = styled.header`
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
  padding: ${theme.space.sm} ${theme.space.md};
  border-bottom: 1px solid ${theme.colors.border};

  > div {
    flex: 1;
    min-width: 0;
  }

  h2 {
    margin: 0;
    font-size: ${theme.fontSizes.md};
    overflow-wrap: anywhere;
  }

  p {
    margin: 0;
    color: ${theme.colors.textMuted};
    font-size: ${theme.fontSizes.sm};
    overflow-wrap: anywhere;
  }
`;

const Unread = styled.span`
  padding: 0 ${theme.space.sm};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.primary};
  color: ${theme.colors.primaryText};
  font-size: ${theme.fontSizes.sm};
`;

const List = styled.ol`
  flex: 1;
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  margin: 0;
  padding: ${theme.space.md};
  overflow-y: auto;
  list-style: none;
`;

const Bubble = styled.li<{ $own: boolean }>`
  align-self: ${({ $own }) => ($own ? 'flex-end' : 'flex-start')};
  max-width: 85%;
  padding: ${theme.space.xs} ${theme.space.sm};
  border-radius: ${theme.radii.md};
  background: ${({ $own }) => ($own ? theme.colors.secondary : theme.colors.surface)};
`;

const Meta = styled.div`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

const Body = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Closed = styled.p`
  margin: 0;
  padding: ${theme.space.md};
  border-top: 1px solid ${theme.colors.border};
  color: ${theme.colors.textMuted};
`;

const Composer = styled.form`
  display: grid;
  gap: ${theme.space.xs};
  padding: ${theme.space.md};
  border-top: 1px solid ${theme.colors.border};

  textarea {
    min-height: 64px;
    padding: ${theme.space.sm};
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radii.md};
    font: inherit;
    resize: vertical;
  }
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.sm};
`;

const Hint = styled.span`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

const Error = styled.p`
  margin: 0;
  color: ${theme.colors.danger};
  font-size: ${theme.fontSizes.sm};
`;

interface Props {
  conversationUuid: string;
  /** The current user, to tell own messages from the other participant's. */
  meUuid: string;
  onClose: () => void;
}

function participantOf(
  conversation: ChatConversation | undefined,
  uuid: string,
): ChatParticipant | null | undefined {
  if (!conversation) return undefined;
  if (conversation.customer?.uuid === uuid) return conversation.customer;
  if (conversation.freelancer?.uuid === uuid) return conversation.freelancer;
  return null;
}

/**
 * The chat between a task's owner and one freelancer: a slide-in panel (full screen on phones).
 * Enter sends, Shift+Enter is a new line; messages are plain text (rendered as text, never HTML).
 * New messages arrive by the push saga invalidating the conversation's 'Chat' tag.
 */
export function ChatPanel({ conversationUuid, meUuid, onClose }: Props) {
  const intl = useIntl();
  const titleId = useId();
  const inputId = useId();
  const [draft, setDraft] = useState('');
  const [failed, setFailed] = useState(false);
  // The server's own reason for a 403 (e.g. the offer was withdrawn meanwhile); the draft stays.
  const [refusal, setRefusal] = useState<string | null>(null);
  // Why the text cannot be sent as it is (too long, NUL characters), in the UI language.
  const [invalid, setInvalid] = useState<string | null>(null);
  // Set synchronously: a second Enter or click before React re-renders sends nothing.
  const sendingRef = useRef(false);
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const { data, isLoading } = useGetConversationQuery(conversationUuid);
  const [sendMessage, { isLoading: sending }] = useSendMessageMutation();
  const conversation = data?.conversation;
  const list = data?.messages ?? [];
  const unread = list.filter((m) => m.sender_uuid !== meUuid && m.read_at === null).length;
  // The freelancer writes only while their offer is live (the server answers 403 otherwise).
  const closed = conversation?.offer_live === false && conversation.freelancer?.uuid === meUuid;
  // The title names the person on the other side; the task is the line under it.
  const other = conversation
    ? conversation.customer?.uuid === meUuid
      ? conversation.freelancer
      : conversation.customer
    : undefined;
  const title =
    other === undefined
      ? intl.formatMessage(messages.heading)
      : intl.formatMessage(messages.withName, {
          name: other?.display_name ?? intl.formatMessage(messages.deletedUser),
        });

  // Opened by a button: the text box is where the user goes next; closing gives the focus back.
  useEffect(() => {
    const opener = document.activeElement;
    inputRef.current?.focus();
    return () => {
      if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected) {
        opener.focus();
      }
    };
  }, [conversationUuid]);

  useEffect(() => {
    const node = listRef.current;
    if (node) node.scrollTop = node.scrollHeight;
  }, [list.length]);

  const send = async () => {
    if (sendingRef.current || sending || draft.trim() === '') return;
    try {
      chatMessageSchema.validateSync({ body: draft });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      setInvalid(refText(intl, error.errors[0]));
      return;
    }
    sendingRef.current = true;
    setInvalid(null);
    setFailed(false);
    setRefusal(null);
    try {
      const result = await sendMessage({ conversationUuid, body: draft });
      if (result.error) {
        const { status, data } = result.error as { status?: unknown; data?: { message?: unknown } };
        if (status === 403 && typeof data?.message === 'string') setRefusal(data.message);
        else setFailed(true);
      } else setDraft('');
    } finally {
      sendingRef.current = false;
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <Panel
      role="dialog"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <Header>
        <div>
          <h2 id={titleId}>{title}</h2>
          {conversation && (
            <p data-testid="chat-task">
              {intl.formatMessage(messages.task, { task: conversation.task.title })}
            </p>
          )}
        </div>
        {unread > 0 && (
          <Unread data-testid="chat-unread">
            {intl.formatMessage(messages.unread, { count: unread })}
          </Unread>
        )}
        <Button
          $variant="secondary"
          aria-label={intl.formatMessage(messages.close)}
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </Button>
      </Header>
      {isLoading ? (
        <Spinner label={intl.formatMessage(messages.loading)} />
      ) : (
        <List ref={listRef} aria-live="polite" aria-labelledby={titleId}>
          {list.length === 0 && (
            <li>
              <Hint>{intl.formatMessage(messages.empty)}</Hint>
            </li>
          )}
          {list.map((message) => {
            const own = message.sender_uuid === meUuid;
            const sender = participantOf(conversation, message.sender_uuid);
            const name = own
              ? intl.formatMessage(messages.you)
              : (sender?.display_name ?? intl.formatMessage(messages.deletedUser));
            return (
              <Bubble key={message.id} $own={own} data-testid="chat-message">
                <Meta>
                  <strong>{name}</strong>{' '}
                  <time dateTime={message.created_at}>
                    {formatDisplayDateTime(new Date(message.created_at))}
                  </time>
                </Meta>
                <Body>{message.body}</Body>
              </Bubble>
            );
          })}
        </List>
      )}
      {closed ? (
        <Closed role="status">{intl.formatMessage(messages.offerNotLive)}</Closed>
      ) : (
        <Composer
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <label htmlFor={inputId}>{intl.formatMessage(messages.messageLabel)}</label>
          <textarea
            ref={inputRef}
            id={inputId}
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              setInvalid(null);
            }}
            onKeyDown={onKeyDown}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? `${inputId}-error ${inputId}-hint` : `${inputId}-hint`}
          />
          {invalid && (
            <Error id={`${inputId}-error`} role="alert">
              {invalid}
            </Error>
          )}
          {failed && <Error role="alert">{intl.formatMessage(messages.sendFailed)}</Error>}
          {refusal && <Error role="alert">{refusal}</Error>}
          <Row>
            <Hint id={`${inputId}-hint`}>{intl.formatMessage(messages.hint)}</Hint>
            <Button type="submit" $loading={sending}>
              {intl.formatMessage(messages.send)}
            </Button>
          </Row>
        </Composer>
      )}
    </Panel>
  );
}
