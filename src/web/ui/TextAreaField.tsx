import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import styled from 'styled-components';
import { controlStyles, ErrorLine, Field, Label } from './TextField';

const TextArea = styled.textarea<{ $invalid: boolean }>`
  ${controlStyles}
  min-height: 140px;
  resize: vertical;
`;

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  /** Translated label. */
  label: string;
  /** Translated error, shown under the text area and announced with it. */
  error?: string;
  /** Shown between the text area and the error, e.g. a character counter. */
  hint?: ReactNode;
  /** Id of the hint element, so the text area is described by it. */
  hintId?: string;
}

/** The multi-line sibling of TextField: a labelled text area with its error under it. */
export function TextAreaField({ label, error, hint, hintId, id, ...textarea }: TextAreaFieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const errorId = `${inputId}-error`;
  const describedBy = [hintId, error ? errorId : undefined].filter(Boolean).join(' ');
  return (
    <Field>
      <Label htmlFor={inputId}>{label}</Label>
      <TextArea
        id={inputId}
        $invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...textarea}
      />
      {hint}
      <ErrorLine id={errorId} error={error} />
    </Field>
  );
}
