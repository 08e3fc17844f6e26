import { useIntl } from 'react-intl';
import { Link } from '../../../ui/Link';
import styled from 'styled-components';
import type { Locale } from '../../../../shared/locales';
import type { Author } from '../../../../shared/types';
import { routePath } from '../../../i18n/routes';
import { Avatar } from '../../../ui/Avatar';
import { taskDetailMessages as messages } from '../messages';
import { theme } from '../../../app/theme';

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
  min-width: 0;
`;

const Who = styled.div`
  display: grid;
  gap: 2px;
  min-width: 0;
`;

const Name = styled.span`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.xs};
  font-weight: 600;

  a {
    overflow-wrap: anywhere;
  }
`;

const Badge = styled.span`
  padding: 0 ${theme.space.xs};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.secondary};
  color: ${theme.colors.secondaryText};
  font-size: ${theme.fontSizes.sm};
  font-weight: 600;
`;

const Muted = styled.span`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

/** Author avatar, online dot, business label, name (to the profile) and customer rating. */
export function TaskAuthor({ author, locale }: { author: Author | null; locale: Locale }) {
  const intl = useIntl();
  if (!author) {
    const label = intl.formatMessage(messages.deletedUser);
    return (
      <Row data-testid="task-author" data-deleted="true">
        <Avatar deleted alt={label} size={48} />
        <Who>
          <Muted>{intl.formatMessage(messages.authorLabel)}</Muted>
          <Name>{label}</Name>
        </Who>
      </Row>
    );
  }
  const rating = author.customer_rating;
  return (
    <Row data-testid="task-author">
      <Avatar
        src={author.photo?.thumbnail}
        name={author.display_name}
        alt={author.display_name}
        size={48}
        online={author.is_online}
        statusLabel={intl.formatMessage(author.is_online ? messages.online : messages.offline)}
      />
      <Who>
        <Muted>{intl.formatMessage(messages.authorLabel)}</Muted>
        <Name>
          <Link to={routePath(locale, 'profile', { uuid: author.uuid })}>
            {author.display_name}
          </Link>
          {author.is_legal && <Badge>{intl.formatMessage(messages.business)}</Badge>}
        </Name>
        {rating === null ? (
          <Muted>{intl.formatMessage(messages.noRating)}</Muted>
        ) : (
          <Muted
            role="img"
            aria-label={intl.formatMessage(messages.customerRating, {
              rating,
            })}
          >
            <span aria-hidden="true">
              ★ {intl.formatNumber(rating, { maximumFractionDigits: 1 })}
            </span>
          </Muted>
        )}
      </Who>
    </Row>
  );
}
