import { useIntl } from 'react-intl';
import { Link } from '../../ui/Link';
import styled from 'styled-components';
import type { Locale } from '../../../shared/locales';
import type { FreelancerCard } from '../../../shared/types';
import { LANGUAGE_NAMES } from '../../i18n/LanguageSwitcher';
import { routePath } from '../../i18n/routes';
import { Avatar } from '../../ui/Avatar';
import { freelancersMessages as messages } from './messages';
import { theme } from '../../app/theme';
import { Badge } from '../../ui/Badge';

const Card = styled.article`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${theme.space.sm} ${theme.space.md};
  height: 100%;
  padding: ${theme.space.md};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  box-shadow: ${theme.shadows.card};

  &:hover,
  &:focus-within {
    border-color: ${theme.colors.primary};
  }
`;

const Name = styled.h2`
  margin: 0;
  font-size: ${theme.fontSizes.lg};

  a {
    color: ${theme.colors.text};
  }
`;

/** The card's badge a little closer to the name. */
const CardBadge = styled(Badge)`
  margin-left: ${theme.space.xs};
`;

const Details = styled.dl`
  grid-column: 1 / -1;
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${theme.space.xs} ${theme.space.sm};
  margin: 0;
  font-size: ${theme.fontSizes.sm};

  dt {
    color: ${theme.colors.textMuted};
  }

  dd {
    margin: 0;
  }
`;

const Muted = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

export function FreelancerCardView({
  freelancer,
  locale,
}: {
  freelancer: FreelancerCard;
  locale: Locale;
}) {
  const intl = useIntl();
  const rating = freelancer.freelancer_rating;
  return (
    <Card data-testid="freelancer-card">
      <Avatar
        src={freelancer.photo?.thumbnail}
        name={freelancer.display_name}
        alt={freelancer.display_name}
        size={64}
        online={freelancer.is_online}
        statusLabel={intl.formatMessage(freelancer.is_online ? messages.online : messages.offline)}
      />
      <div>
        <Name>
          <Link to={routePath(locale, 'profile', { uuid: freelancer.uuid })}>
            {freelancer.display_name}
          </Link>
          {freelancer.is_legal && <CardBadge>{intl.formatMessage(messages.business)}</CardBadge>}
        </Name>
        <Muted>
          {rating === null
            ? intl.formatMessage(messages.noRating)
            : intl.formatMessage(messages.rating, {
                rating,
              })}
        </Muted>
        <Muted>
          {intl.formatMessage(messages.completed, { count: freelancer.completed_tasks_count })}
        </Muted>
      </div>
      <Details>
        {freelancer.categories.length > 0 && (
          <>
            <dt>{intl.formatMessage(messages.cardCategories)}</dt>
            <dd>{freelancer.categories.map((category) => category.title).join(', ')}</dd>
          </>
        )}
        {freelancer.languages.length > 0 && (
          <>
            <dt>{intl.formatMessage(messages.cardLanguages)}</dt>
            <dd>
              {freelancer.languages.map((code) => (
                <abbr key={code} title={LANGUAGE_NAMES[code] ?? code}>
                  {code.toUpperCase()}{' '}
                </abbr>
              ))}
            </dd>
          </>
        )}
      </Details>
    </Card>
  );
}
