import styled, { css } from 'styled-components';

/** Hidden from sight, still read by screen readers and (for a control) reachable by Tab. */
export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;

/** Read by screen readers, not shown. */
export const VisuallyHidden = styled.span`
  ${visuallyHidden}
`;
