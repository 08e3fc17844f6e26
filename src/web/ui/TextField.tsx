import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { usePointerPressed } from './pointerHold';
import { theme } from '../app/theme';

/** Shared with TextAreaField: the field box, its label and its error line. */
export const Field = styled.div`
  display: grid;
  gap: ${theme.space.xs};
  /* Below the error line, whose empty line is most of the space to the next field. */
  margin-bottom: ${theme.space.sm};
`;

export const Label = styled.label`
  font-weight: 600;
`;

/** The box of every text control (inputs, text areas, selects): 44 px tall, red when invalid. */
export const controlStyles = css<{ $invalid?: boolean }>`
  min-height: 44px;
  padding: ${theme.space.sm} ${theme.space.md};
  border: 1px solid ${({ $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${theme.radii.md};
  font: inherit;
`;

const Input = styled.input<{ $invalid: boolean }>`
  ${controlStyles}
`;

/**
 * A field's error line. Kept in the layout while empty (`ErrorLine`), so an error appearing when
 * the field is left moves nothing below it: a click already on its way to the next control lands
 * there (issue 16). Only a message longer than one line adds height.
 */
export const FieldError = styled.p`
  margin: 0;
  min-height: 1.5em;
  color: ${theme.colors.danger};
  font-size: ${theme.fontSizes.sm};
  line-height: 1.5;
`;

/**
 * The error line of a field or a group of checkboxes or radios: always there, with the error's text
 * and id only while there is one. `alert` announces it where no control points at it.
 *
 * While a pointer is pressed it keeps showing what it showed before: a field is left by pressing
 * on the next control, and an error longer than the line kept for it would otherwise push that
 * control away before the button comes up. The error shows right after the click.
 */
export function ErrorLine({
  id,
  error: current,
  alert,
}: {
  id: string;
  error?: ReactNode;
  alert?: boolean;
}) {
  const pressed = usePointerPressed();
  // What was shown before, kept from render to render (React's "information from previous
  // renders" pattern: the update during render re-runs only this component, before commit).
  const [shown, setShown] = useState(current);
  if (!pressed && shown !== current) setShown(current);
  const error = pressed ? shown : current;
  return error ? (
    <FieldError id={id} role={alert ? 'alert' : undefined}>
      {error}
    </FieldError>
  ) : (
    <FieldError aria-hidden="true" />
  );
}

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
      <ErrorLine id={errorId} error={error} />
    </Field>
  );
}
