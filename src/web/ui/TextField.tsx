import { useId, type InputHTMLAttributes } from 'react';
import styled from 'styled-components';

/** Shared with TextAreaField: the field box, its label and its error line. */
export const Field = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  margin-bottom: ${({ theme }) => theme.space.md};
`;

export const Label = styled.label`
  font-weight: 600;
`;

const Input = styled.input<{ $invalid: boolean }>`
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border: 1px solid
    ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  font: inherit;
`;

export const FieldError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  /** Translated label. */
  label: string;
  /** Translated error, shown under the input and announced with it. */
  error?: string;
}

/** A labelled input with its error message under it. */
export function TextField({ label, error, id, ...input }: TextFieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const errorId = `${inputId}-error`;
  return (
    <Field>
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        $invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </Field>
  );
}
