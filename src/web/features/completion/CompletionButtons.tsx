import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { CompletionStatus } from '../../../shared/validation/completion';
import { Button } from '../../ui/Button';
import { completionMessages as messages } from './messages';
import { withMessageParts } from '../../i18n/loadMessages';

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

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin-block: ${({ theme }) => theme.space.md};
`;

export interface CompletionButtonsProps {
  taskUuid: string;
  isOwner: boolean;
}

/**
 * 'Completed' and 'Not completed' (shown while the lifecycle machine allows COMPLETE); each opens
 * the wizard with its outcome. After success the task is refetched and the slot hides them.
 */
export function CompletionButtons({ taskUuid, isOwner }: CompletionButtonsProps) {
  const intl = useIntl();
  const [outcome, setOutcome] = useState<CompletionStatus | null>(null);
  return (
    <Row>
      <Button onClick={() => setOutcome('completed')}>
        {intl.formatMessage(messages.completed)}
      </Button>
      <Button $variant="secondary" onClick={() => setOutcome('incomplete')}>
        {intl.formatMessage(messages.notCompleted)}
      </Button>
      {outcome && (
        <Suspense fallback={null}>
          <CompletionWizard
            key={outcome}
            taskUuid={taskUuid}
            outcome={outcome}
            isOwner={isOwner}
            onClose={() => setOutcome(null)}
          />
        </Suspense>
      )}
    </Row>
  );
}
