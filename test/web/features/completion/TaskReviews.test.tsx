/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { screen, within } from '@testing-library/react';
import type { TaskReview } from '../../../../src/shared/types';
import { TaskReviews } from '../../../../src/web/features/completion/TaskReviews';
import { formatDisplayDateTime } from '../../../../src/web/i18n/dateFormat';
import { renderWithProviders } from '../../../support/render';
import { CHOSEN_UUID, makeTask, OWNER_UUID } from '../tasks/fixtures';

const ownerReview: TaskReview = {
  author_role: 'customer',
  author: { uuid: OWNER_UUID, display_name: 'Anna K.', photo: null },
  status: 'completed',
  rate: 5,
  feedback: 'Quick and tidy.',
  created_at: '2025-03-01T10:00:00.000Z',
  visible: true,
  visible_at: '2025-03-15T10:00:00.000Z',
};

const freelancerReview: TaskReview = {
  author_role: 'freelancer',
  author: { uuid: CHOSEN_UUID, display_name: 'Free L.', photo: null },
  status: 'incomplete',
  rate: 2,
  feedback: 'The job was twice as big.',
  created_at: '2025-03-02T10:00:00.000Z',
  visible: true,
  visible_at: '2025-03-16T10:00:00.000Z',
};

describe('TaskReviews (issue 19, double-blind)', () => {
  it('shows nothing while there are no reviews to show', () => {
    renderWithProviders(<TaskReviews task={makeTask({ reviews: [] })} viewerUuid={null} />);
    expect(screen.queryByRole('region', { name: 'How it went' })).not.toBeInTheDocument();
  });

  it('shows both reviews once visible, with who wrote them, the rating and the feedback', () => {
    renderWithProviders(
      <TaskReviews
        task={makeTask({ reviews: [ownerReview, freelancerReview] })}
        viewerUuid={null}
      />,
    );
    const region = screen.getByRole('region', { name: 'How it went' });
    const [first, second] = within(region).getAllByTestId('task-review');
    expect(within(first).getByRole('heading', { name: 'The customer’s review' })).toBeVisible();
    expect(first).toHaveTextContent('Rated 5 out of 5');
    expect(first).toHaveTextContent('Quick and tidy.');
    expect(first).toHaveTextContent('Anna K.');
    expect(within(second).getByRole('heading', { name: 'The freelancer’s review' })).toBeVisible();
    expect(second).toHaveTextContent('Not completed');
    expect(second).toHaveTextContent('The job was twice as big.');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('tells the author their review is hidden until the other side reviews or until the date', () => {
    const hidden = { ...ownerReview, visible: false };
    renderWithProviders(
      <TaskReviews task={makeTask({ reviews: [hidden] })} viewerUuid={OWNER_UUID} />,
    );
    const review = screen.getByTestId('task-review');
    expect(within(review).getByRole('heading', { name: 'Your review' })).toBeVisible();
    expect(within(review).getByRole('note')).toHaveTextContent(
      `Your review is hidden until the other side reviews or until ${formatDisplayDateTime(
        new Date(hidden.visible_at),
      )}.`,
    );
  });
});
