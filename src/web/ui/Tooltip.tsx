import {
  cloneElement,
  useId,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import styled from 'styled-components';
import { theme } from '../app/theme';

const Wrapper = styled.span`
  position: relative;
  display: inline-block;
`;

const Bubble = styled.span<{ $visible: boolean; $align: TooltipAlign }>`
  position: absolute;
  bottom: calc(100% + 8px);
  ${({ $align }) => ($align === 'end' ? 'right: 0;' : 'left: 50%; transform: translateX(-50%);')}
  z-index: ${theme.zIndices.tooltip};
  width: max-content;
  max-width: 260px;
  padding: ${theme.space.xs} ${theme.space.sm};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.text};
  color: #fff;
  font-size: ${theme.fontSizes.sm};
  pointer-events: none;
  visibility: ${({ $visible }) => ($visible ? 'visible' : 'hidden')};
  opacity: ${({ $visible }) => ($visible ? 1 : 0)};
  transition: opacity 0.12s ease;
`;

type TriggerProps = {
  'aria-describedby'?: string;
  onMouseEnter?: (event: MouseEvent) => void;
  onMouseLeave?: (event: MouseEvent) => void;
  onFocus?: (event: FocusEvent) => void;
  onBlur?: (event: FocusEvent) => void;
  onKeyDown?: (event: KeyboardEvent) => void;
};

/** Where the bubble sits over its trigger: centred, or flush with its end (a trigger at the right edge). */
export type TooltipAlign = 'center' | 'end';

interface Props {
  /** Translated tooltip text; none (null) shows no tooltip, the trigger staying mounted as it is. */
  content: ReactNode;
  /** One focusable element (a link or a button). */
  children: ReactElement<TriggerProps>;
  /** Default 'center'. */
  align?: TooltipAlign;
}

/** A tooltip that describes its trigger (aria-describedby), on hover and on keyboard focus. */
export function Tooltip({ content, children, align = 'center' }: Props) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const own = children.props;
  const shown = content !== null && content !== undefined && content !== '';
  const trigger = cloneElement(children, {
    'aria-describedby':
      [own['aria-describedby'], shown ? id : null].filter(Boolean).join(' ') || undefined,
    onMouseEnter: (event: MouseEvent) => {
      own.onMouseEnter?.(event);
      setVisible(true);
    },
    onMouseLeave: (event: MouseEvent) => {
      own.onMouseLeave?.(event);
      setVisible(false);
    },
    onFocus: (event: FocusEvent) => {
      own.onFocus?.(event);
      setVisible(true);
    },
    onBlur: (event: FocusEvent) => {
      own.onBlur?.(event);
      setVisible(false);
    },
    onKeyDown: (event: KeyboardEvent) => {
      own.onKeyDown?.(event);
      if (event.key === 'Escape') setVisible(false);
    },
  });
  return (
    <Wrapper>
      {trigger}
      {shown && (
        <Bubble role="tooltip" id={id} $visible={visible} $align={align} data-visible={visible}>
          {content}
        </Bubble>
      )}
    </Wrapper>
  );
}
