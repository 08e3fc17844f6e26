import styled from 'styled-components';

/** A form-wide error above the fields (render it with role="alert"). */
export const FormAlert = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: #fdecea;
  color: ${({ theme }) => theme.colors.danger};
`;
