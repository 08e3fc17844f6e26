import { useIntl } from 'react-intl';
import { Link } from '../../ui/Link';
import styled from 'styled-components';
import type { Locale } from '../../../shared/locales';
import type { TaskSummary } from '../../../shared/types';
import { useNow } from '../../app/clock';
import { routePath } from '../../i18n/routes';
import { Avatar } from '../../ui/Avatar';
import { StatusPill } from '../../ui/StatusPill';
import { displayStatus, formatBudget, formatDue, formatPlace, statusLabel } from './format';
import { taskListMessages as messages } from './messages';
import { theme } from '../../app/theme';

// A column, not a grid: in a row of taller cards a grid stretched each row of a card without a photo
// (large gaps); here the parts stay together and the footer sits at the bottom (margin-top: auto).
const Card = styled.article`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  height: 100%;
  padding: ${theme.space.md};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.background};
  box-shadow: ${theme.shadows.card};
  transition: border-color 0.15s ease;

  &:hover,
  &:focus-within {
    border-color: ${theme.colors.primary};
  }
`;

const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.sm};
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
`;

const Title = styled.h3`
  margin: 0;
  font-size: ${theme.fontSizes.lg};
  line-height: 1.3;
  overflow-wrap: anywhere;

  a {
    color: ${theme.colors.text};
    text-decoration: none;
  }

  a:hover {
    color: ${theme.colors.primary};
    text-decoration: underline;
  }
`;

const Thumb = styled.img`
  width: 100%;
  height: 140px;
  object-fit: cover;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
`;

const Facts = styled.dl`
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
    overflow-wrap: anywhere;
  }
`;

const Budget = styled.dd`
  font-weight: 600;
`;

// Author and offers side by side when both fit, else the offers go under the author (wrapping
// before anything is cut); only a name too long for a whole line ends in an ellipsis.
const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.xs} ${theme.space.sm};
  margin-top: auto;
  font-size: ${theme.fontSizes.sm};
`;

const AuthorLine = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.xs};
  min-width: 0;
`;

/** "Posted by …" on one line: a name too long for it ends in an ellipsis (the full text is its title). */
const AuthorName = styled.span`
  min-width: 0;
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
`;

const OffersCount = styled.span`
  flex-shrink: 0;
  white-space: nowrap;
`;

export interface TaskSummaryCardProps {
  task: TaskSummary;
  locale: Locale;
  /** The clock for the expired status (tests pass a fixed one). */
  now?: Date;
  /** The title's heading level: 3 under a section's h2 (home), 2 right under the page's h1 (list). */
  headingLevel?: 2 | 3;
  /**
   * The first card of a page, on screen at once: its photo is the page's largest paint on a phone,
   * so it loads with the page, first, instead of lazily once the layout has placed it.
   */
  first?: boolean;
}

/** A task in a list: title, category, status, budget, when, where, offers and author. */
export function TaskSummaryCard({
  task,
  locale,
  now: givenNow,
  headingLevel = 3,
  first = false,
}: TaskSummaryCardProps) {
  const intl = useIntl();
  const clock = useNow();
  const now = givenNow ?? clock;
  const status = displayStatus(task, now);
  const authorName = task.author?.display_name;
  const authorLabel = task.author
    ? intl.formatMessage(messages.author, { name: authorName })
    : intl.formatMessage(messages.deletedAuthor);
  return (
    <Card data-testid="task-summary-card">
      {task.thumbnail && (
        <Thumb
          src={task.thumbnail}
          alt=""
          width={320}
          height={140}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : undefined}
          decoding="async"
        />
      )}
      <Top>
        <StatusPill status={status} label={statusLabel(intl, status)} />
        <span>
          <span>{intl.formatMessage(messages.categoryLabel)}: </span>
          {task.category.title}
        </span>
      </Top>
      <Title as={headingLevel === 2 ? 'h2' : 'h3'}>
        <Link to={routePath(locale, 'task', { slug: task.identifier })}>{task.title}</Link>
      </Title>
      <Facts>
        <dt>{intl.formatMessage(messages.budgetLabel)}</dt>
        <Budget>{formatBudget(intl, task.budget_from, task.budget_to)}</Budget>
        <dt>{intl.formatMessage(messages.deadlineLabel)}</dt>
        <dd>{formatDue(intl, task)}</dd>
        <dt>{intl.formatMessage(messages.locationLabel)}</dt>
        <dd>{formatPlace(intl, task)}</dd>
      </Facts>
      <Footer>
        <AuthorLine>
          <Avatar
            src={task.author?.photo?.thumbnail}
            name={authorName}
            alt=""
            size={28}
            deleted={!task.author}
          />
          <AuthorName title={authorLabel}>{authorLabel}</AuthorName>
        </AuthorLine>
        <OffersCount>
          {intl.formatMessage(messages.offers, { count: task.offers_count })}
        </OffersCount>
      </Footer>
    </Card>
  );
}
