import styled from 'styled-components';
import { theme } from '../app/theme';

/** A form-wide error above the fields (render it with role="alert"). */
export const FormAlert = styled.p`
  margin: 0 0 ${theme.space.md};
  padding: ${theme.space.sm};
  border-radius: ${theme.radii.sm};
  background: #fdecea;
  color: ${theme.colors.danger};
`;
