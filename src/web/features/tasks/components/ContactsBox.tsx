import { useIntl } from 'react-intl';
import { Link } from '../../../ui/Link';
import styled from 'styled-components';
import type { Locale } from '../../../../shared/locales';
import type { ViewerRole } from '../../../../shared/taskLifecycle';
import type { Task } from '../../../../shared/types';
import { useAppDispatch } from '../../../app/hooks';
import { routePath } from '../../../i18n/routes';
import { Avatar } from '../../../ui/Avatar';
import { CopyButton, telHref } from '../../../ui/CopyButton';
import { showNotice } from '../../notices/noticesSlice';
import { formatEuro } from '../../../../shared/money';
import { taskDetailMessages } from '../messages';
import { taskPartyMessages } from '../partyMessages';
import { theme } from '../../../app/theme';

const Box = styled.section`
  padding: ${theme.space.md};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};

  h2 {
    margin: 0 0 ${theme.space.sm};
    font-size: ${theme.fontSizes.md};
  }

  dl {
    display: grid;
    grid-template-columns: max-content minmax(0, 1fr);
    align-items: center;
    gap: ${theme.space.xs} ${theme.space.md};
    margin: 0;
  }

  dd {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${theme.space.xs};
    min-width: 0;
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Muted = styled.span`
  color: ${theme.colors.textMuted};
`;

const Price = styled.strong`
  font-size: ${theme.fontSizes.lg};
`;

/** A phone number a phone can call: tall enough to tap, beside its copy button. */
const Phone = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  /* Lined up with the email's copy button under it (its padding and border). */
  padding: 0 ${theme.space.sm};
  border: 1px solid transparent;
  font-weight: 600;
`;

export interface ContactsBoxProps {
  task: Task;
  /** Only 'owner' and 'chosen' get the box (the lifecycle's SEE_CONTACTS). */
  role: ViewerRole;
  locale: Locale;
}

/**
 * After an offer is chosen, for its two parties only (the API sends the chosen offer and the
 * contacts to nobody else): who the task went to, the agreed price, and the other party's phone
 * (a tel: link with a copy button) and email (click to copy).
 */
export function ContactsBox({ task, role, locale }: ContactsBoxProps) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const logFailure = (error: unknown) => console.error('[tasks] could not copy a contact', error);
  const chosen = task.offers.find((offer) => offer.chosen_at !== null);
  const contacts = task.second_party_contacts;
  if (!chosen && !contacts) return null;
  const freelancer = chosen?.freelancer ?? null;

  let assignee = null;
  if (chosen && role === 'chosen') {
    assignee = <strong>{intl.formatMessage(taskPartyMessages.assignedToYou)}</strong>;
  } else if (chosen && freelancer) {
    assignee = (
      <>
        <Avatar src={freelancer.photo?.thumbnail} name={freelancer.display_name} alt="" size={32} />
        <Link to={routePath(locale, 'profile', { uuid: freelancer.uuid })}>
          {freelancer.display_name}
        </Link>
      </>
    );
  } else if (chosen) {
    assignee = <Muted>{intl.formatMessage(taskDetailMessages.deletedUser)}</Muted>;
  }

  return (
    <Box aria-labelledby="task-contacts-title" data-testid="task-contacts">
      <h2 id="task-contacts-title">{intl.formatMessage(taskPartyMessages.agreement)}</h2>
      <dl>
        {chosen && (
          <>
            <dt>{intl.formatMessage(taskPartyMessages.assignedTo)}</dt>
            <dd data-testid="task-assignee">{assignee}</dd>
            <dt>{intl.formatMessage(taskPartyMessages.agreedPrice)}</dt>
            <dd>
              <Price data-testid="task-agreed-price">{formatEuro(chosen.price, locale)}</Price>
            </dd>
          </>
        )}
        {contacts && (
          <>
            <dt>{intl.formatMessage(taskPartyMessages.phone)}</dt>
            <dd>
              {contacts.phone_number ? (
                <>
                  <Phone href={telHref(contacts.phone_number)}>{contacts.phone_number}</Phone>
                  <CopyButton
                    text={contacts.phone_number}
                    label={intl.formatMessage(taskPartyMessages.copyPhone)}
                    onCopied={() =>
                      dispatch(
                        showNotice({ kind: 'success', message: taskPartyMessages.phoneCopied }),
                      )
                    }
                    onFailed={logFailure}
                  />
                </>
              ) : (
                <Muted>{intl.formatMessage(taskPartyMessages.notSpecified)}</Muted>
              )}
            </dd>
            <dt>{intl.formatMessage(taskPartyMessages.email)}</dt>
            <dd>
              {contacts.email ? (
                <CopyButton
                  text={contacts.email}
                  label={intl.formatMessage(taskPartyMessages.copyEmail)}
                  onCopied={() =>
                    dispatch(
                      showNotice({ kind: 'success', message: taskPartyMessages.emailCopied }),
                    )
                  }
                  onFailed={logFailure}
                >
                  {contacts.email}
                </CopyButton>
              ) : (
                <Muted>{intl.formatMessage(taskPartyMessages.notSpecified)}</Muted>
              )}
            </dd>
          </>
        )}
      </dl>
    </Box>
  );
}
