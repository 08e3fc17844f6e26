import { useIntl } from 'react-intl';
import styled, { keyframes } from 'styled-components';
import { VisuallyHidden } from '../../../ui/VisuallyHidden';
import { taskDetailMessages as messages } from '../messages';
import { theme } from '../../../app/theme';

const pulse = keyframes`
  50% { opacity: 0.5; }
`;

const Block = styled.div<{ $height: string; $width?: string }>`
  height: ${({ $height }) => $height};
  width: ${({ $width }) => $width ?? '100%'};
  margin-bottom: ${theme.space.md};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  animation: ${pulse} 1.5s ease-in-out infinite;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

/** Shown only on client-side navigation, while the task loads. */
export function TaskDetailSkeleton() {
  const intl = useIntl();
  return (
    <div role="status" aria-busy="true" data-testid="task-skeleton">
      <VisuallyHidden>{intl.formatMessage(messages.loading)}</VisuallyHidden>
      <Block $height="48px" $width="240px" aria-hidden="true" />
      <Block $height="24px" $width="60%" aria-hidden="true" />
      <Block $height="40px" $width="80%" aria-hidden="true" />
      <Block $height="120px" aria-hidden="true" />
      <Block $height="320px" aria-hidden="true" />
    </div>
  );
}
