import styled from 'styled-components';
import { shownError } from '../../ui/formErrors';

export { shownError };

export const Card = styled.section`
  max-width: 640px;
  margin: ${({ theme }) => theme.space.lg} auto;
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

export const FormError = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: #fdecea;
  color: ${({ theme }) => theme.colors.danger};
`;

export const CheckLabel = styled.label`
  display: inline-flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 44px;
  padding-top: ${({ theme }) => theme.space.sm};

  input {
    width: 1.1rem;
    height: 1.1rem;
    margin-top: 0.2rem;
  }
`;

export const Fieldset = styled.fieldset`
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding: 0;
  border: 0;

  legend {
    margin-bottom: ${({ theme }) => theme.space.xs};
    font-weight: 600;
  }
`;

export const Hint = styled.p`
  margin: -${({ theme }) => theme.space.sm} 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
