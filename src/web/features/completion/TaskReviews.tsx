/**
 * How a finished task went (issue 19): the parties' reviews of each other. Double-blind: the server
 * sends a review to anyone but its author only once it is visible (both reviewed, or 14 days after
 * the first), so this shows what it got, and tells the author of a hidden review until when.
 */
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { Task, TaskReview } from '../../../shared/types';
import { formatDisplayDateTime } from '../../i18n/dateFormat';
import { useHydratedDeferred } from '../../ui/useHydrated';
import { completionMessages as messages } from './messages';
import { theme } from '../../app/theme';

const Box = styled.section`
  display: grid;
  gap: ${theme.space.sm};

  h2 {
    margin: 0;
  }
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: ${theme.space.md};
`;

const Item = styled.li`
  display: grid;
  gap: ${theme.space.xs};
  padding: ${theme.space.md};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};

  h3 {
    margin: 0;
    font-size: ${theme.fontSizes.md};
  }

  p {
    margin: 0;
    white-space: pre-line;
    overflow-wrap: anywhere;
  }
`;

const Stars = styled.span`
  color: #8a5f00;
  letter-spacing: 1px;
`;

const Muted = styled.span`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

const Note = styled.p`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

/**
 * DD.MM.YYYY HH:mm in the browser's time zone once hydrated; in UTC on the server and in the first
 * client render, so both draw the same markup.
 */
function useDisplayDateTime(iso: string): string {
  const hydrated = useHydratedDeferred();
  const date = new Date(iso);
  if (hydrated) return formatDisplayDateTime(date);
  return formatDisplayDateTime(new Date(date.getTime() + date.getTimezoneOffset() * 60_000));
}

function ReviewItem({ review, own }: { review: TaskReview; own: boolean }) {
  const intl = useIntl();
  const until = useDisplayDateTime(review.visible_at);
  const written = useDisplayDateTime(review.created_at);
  let title = intl.formatMessage(
    review.author_role === 'customer' ? messages.reviewByCustomer : messages.reviewByFreelancer,
  );
  if (own) title = intl.formatMessage(messages.reviewYours);
  return (
    <Item data-testid="task-review" data-role={review.author_role}>
      <h3>{title}</h3>
      <div>
        {review.rate > 0 ? (
          <>
            <Stars aria-hidden="true">
              {'★'.repeat(review.rate) + '☆'.repeat(Math.max(0, 5 - review.rate))}
            </Stars>{' '}
            <span>{intl.formatMessage(messages.reviewRate, { rate: review.rate })}</span>
          </>
        ) : (
          <span>{intl.formatMessage(messages.reviewNoRate)}</span>
        )}
        {' · '}
        <span>
          {intl.formatMessage(
            review.status === 'completed' ? messages.completed : messages.notCompleted,
          )}
        </span>
      </div>
      {review.feedback && <p>{review.feedback}</p>}
      <Muted>
        {review.author?.display_name ?? intl.formatMessage(messages.reviewDeletedUser)}
        {' · '}
        <time dateTime={review.created_at}>{written}</time>
      </Muted>
      {!review.visible && (
        <Note role="note">{intl.formatMessage(messages.reviewHidden, { date: until })}</Note>
      )}
    </Item>
  );
}

export function TaskReviews({ task, viewerUuid }: { task: Task; viewerUuid: string | null }) {
  const intl = useIntl();
  if (task.reviews.length === 0) return null;
  const titleId = `reviews-title-${task.uuid}`;
  return (
    <Box aria-labelledby={titleId}>
      <h2 id={titleId}>{intl.formatMessage(messages.reviewsTitle)}</h2>
      <List>
        {task.reviews.map((review) => (
          <ReviewItem
            key={`${review.author_role}-${review.created_at}`}
            review={review}
            own={viewerUuid !== null && review.author?.uuid === viewerUuid}
          />
        ))}
      </List>
    </Box>
  );
}
