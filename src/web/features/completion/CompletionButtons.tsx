import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import {
  completionStep,
  otherParty,
  statusGroup,
  type ViewerRole,
} from '../../../shared/taskLifecycle';
import type { Task } from '../../../shared/types';
import type { CompletionStatus } from '../../../shared/validation/completion';
import { Button } from '../../ui/Button';
import { completionMessages as messages } from './messages';
import { withMessageParts } from '../../i18n/loadMessages';
import { theme } from '../../app/theme';

// The wizard (xstate, final-form, yup, the star picker) loads when a button opens it.
const CompletionWizard = lazy(
  withMessageParts(
    () =>
      import(/* webpackChunkName: "completion-wizard" */ './CompletionWizard').then((module) => ({
        default: module.CompletionWizard,
      })),
    ['later'],
  ),
);

const Box = styled.section`
  margin-block: ${theme.space.md};

  p {
    margin: 0 0 ${theme.space.sm};
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
`;

export interface CompletionButtonsProps {
  task: Pick<Task, 'uuid' | 'status' | 'author' | 'offers'>;
  /** The owner or the chosen freelancer (the machine's COMPLETE). */
  role: ViewerRole;
}

/**
 * 'Completed' and 'Not completed' (shown while the lifecycle machine allows COMPLETE); each opens
 * the wizard with its outcome. After success the task is refetched and the slot hides them.
 *
 * The second party (completionStep 'review': the other party has locked the task) is told who did
 * what and that their answer is their review, which leaves the status alone (issue 16).
 */
export function CompletionButtons({ task, role }: CompletionButtonsProps) {
  const intl = useIntl();
  const [outcome, setOutcome] = useState<CompletionStatus | null>(null);
  const review = completionStep(task.status) === 'review';
  const lockedAs = statusGroup(task.status) === 'completed' ? 'completed' : 'incomplete';
  const other = otherParty(task, role);
  const party = other
    ? other.name
      ? intl.formatMessage(messages.partyNamed, { role: other.role, name: other.name })
      : intl.formatMessage(messages.party, { role: other.role })
    : null;
  return (
    <Box aria-label={review ? intl.formatMessage(messages.titleReview) : undefined}>
      {review && party && (
        <p data-testid="completion-locked-by">
          {intl.formatMessage(messages.lockedBy, { status: lockedAs, party })}
        </p>
      )}
      {review && <p>{intl.formatMessage(messages.reviewHint)}</p>}
      <Row>
        <Button onClick={() => setOutcome('completed')}>
          {intl.formatMessage(review ? messages.reviewYes : messages.completed)}
        </Button>
        <Button $variant="secondary" onClick={() => setOutcome('incomplete')}>
          {intl.formatMessage(review ? messages.reviewNo : messages.notCompleted)}
        </Button>
      </Row>
      {outcome && (
        <Suspense fallback={null}>
          <CompletionWizard
            key={outcome}
            taskUuid={task.uuid}
            outcome={outcome}
            isOwner={role === 'owner'}
            review={review ? lockedAs : null}
            onClose={() => setOutcome(null)}
          />
        </Suspense>
      )}
    </Box>
  );
}
