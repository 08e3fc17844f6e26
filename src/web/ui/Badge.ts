import styled from 'styled-components';
import { theme } from '../app/theme';

/** A small label beside a name or a heading ("Business", "Freelancer"): a pill on its own line. */
export const Badge = styled.span`
  display: inline-block;
  margin-left: ${theme.space.sm};
  padding: 0 ${theme.space.sm};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.secondary};
  color: ${theme.colors.secondaryText};
  font-size: ${theme.fontSizes.sm};
  font-weight: 600;
  vertical-align: middle;
`;
