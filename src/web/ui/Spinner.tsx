import { useIntl } from 'react-intl';
import styled, { keyframes } from 'styled-components';
import { uiMessages } from './messages';
import { VisuallyHidden } from './VisuallyHidden';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Circle = styled.span<{ $size: string }>`
  display: inline-block;
  width: ${({ $size }) => $size};
  height: ${({ $size }) => $size};
  border: 2px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: ${spin} 0.75s linear infinite;
  vertical-align: middle;

  @media (prefers-reduced-motion: reduce) {
    animation-duration: 2s;
  }
`;

interface Props {
  /** Translated text for assistive technology; defaults to 'Loading'. */
  label?: string;
  size?: string;
  className?: string;
}

export function Spinner({ label, size = '1em', className }: Props) {
  const intl = useIntl();
  return (
    <span role="status" className={className}>
      <Circle $size={size} aria-hidden="true" />
      <VisuallyHidden>{label ?? intl.formatMessage(uiMessages.loading)}</VisuallyHidden>
    </span>
  );
}
