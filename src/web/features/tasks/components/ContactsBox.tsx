import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { Contacts } from '../../../../shared/types';
import { useAppDispatch } from '../../../app/hooks';
import { CopyButton } from '../../../ui/CopyButton';
import { showNotice } from '../../notices/noticesSlice';
import { taskDetailMessages as messages } from '../messages';

const Box = styled.section`
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};

  h2 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }

  dl {
    display: grid;
    grid-template-columns: max-content minmax(0, 1fr);
    align-items: center;
    gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
    margin: 0;
  }

  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The other party's phone and email after an offer is chosen, each click-to-copy. */
export function ContactsBox({ contacts }: { contacts: Contacts }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const logFailure = (error: unknown) => console.error('[tasks] could not copy a contact', error);
  return (
    <Box aria-labelledby="task-contacts-title" data-testid="task-contacts">
      <h2 id="task-contacts-title">{intl.formatMessage(messages.contacts)}</h2>
      <dl>
        <dt>{intl.formatMessage(messages.phone)}</dt>
        <dd>
          {contacts.phone_number ? (
            <CopyButton
              text={contacts.phone_number}
              label={intl.formatMessage(messages.copyPhone)}
              onCopied={() =>
                dispatch(showNotice({ kind: 'success', message: messages.phoneCopied }))
              }
              onFailed={logFailure}
            >
              {contacts.phone_number}
            </CopyButton>
          ) : (
            <Muted>{intl.formatMessage(messages.notSpecified)}</Muted>
          )}
        </dd>
        <dt>{intl.formatMessage(messages.email)}</dt>
        <dd>
          {contacts.email ? (
            <CopyButton
              text={contacts.email}
              label={intl.formatMessage(messages.copyEmail)}
              onCopied={() =>
                dispatch(showNotice({ kind: 'success', message: messages.emailCopied }))
              }
              onFailed={logFailure}
            >
              {contacts.email}
            </CopyButton>
          ) : (
            <Muted>{intl.formatMessage(messages.notSpecified)}</Muted>
          )}
        </dd>
      </dl>
    </Box>
  );
}
