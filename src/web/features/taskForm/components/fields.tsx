import type { FormApi } from 'final-form';
import { Field } from 'react-final-form';
import type { TaskFormValues } from '../../../../shared/validation/taskForm';
import styled from 'styled-components';
import { shownError } from '../../../ui/formErrors';
import { controlStyles, ErrorLine, FieldError as ErrorText } from '../../../ui/TextField';
import { theme } from '../../../app/theme';

export { shownError };

export const Group = styled.div`
  display: grid;
  gap: ${theme.space.xs};
  margin-bottom: ${theme.space.lg};
  min-width: 0;
`;

export const Fieldset = styled.fieldset`
  display: grid;
  gap: ${theme.space.sm};
  margin: 0 0 ${theme.space.lg};
  padding: 0;
  border: 0;
  min-width: 0;
`;

export const Legend = styled.legend`
  padding: 0;
  margin-bottom: ${theme.space.xs};
  font-weight: 600;
`;

export const Label = styled.label`
  font-weight: 600;
`;

export const Input = styled.input<{ $invalid?: boolean }>`
  ${controlStyles}
  min-width: 0;
`;

export const Textarea = styled.textarea<{ $invalid?: boolean }>`
  ${controlStyles}
  min-width: 0;
  min-height: 8rem;
  resize: vertical;
`;

export const Select = styled.select<{ $invalid?: boolean }>`
  ${controlStyles}
  min-width: 0;
  background: ${theme.colors.background};
`;

/** The kit's error line (ui/TextField.tsx): `ErrorLine` keeps its space while there is no error. */
export { ErrorLine, ErrorText };

export const Hint = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

/** A field's error line (growing) and its counter (at the end) side by side. */
export const BelowField = styled.div`
  display: flex;
  /* Not baseline: an empty error line has none, and the row would grow when the error appears. */
  align-items: flex-start;
  line-height: 1.5;
  gap: ${theme.space.sm};

  > p {
    flex: 1 1 auto;
    min-width: 0;
  }
`;

export const Counter = styled.span<{ $over: boolean }>`
  justify-self: end;
  margin-left: auto;
  white-space: nowrap;
  color: ${({ $over }) => ($over ? theme.colors.danger : theme.colors.textMuted)};
  font-size: ${theme.fontSizes.sm};
`;

export const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm} ${theme.space.lg};

  label {
    display: inline-flex;
    align-items: center;
    gap: ${theme.space.sm};
    min-height: 44px;
    cursor: pointer;
  }
  input {
    width: 1.25rem;
    height: 1.25rem;
  }
`;

/** One column on phones, two from the md breakpoint. */
export const TwoColumns = styled.div`
  display: grid;
  gap: ${theme.space.md};

  @media (min-width: ${theme.breakpoints.md}) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

/** Sets a nested field ('locations.0') that the typed FormApi cannot name. */
export function changePath(form: FormApi<TaskFormValues>, path: string, value: unknown): void {
  (form as unknown as FormApi).change(path, value);
}

const ERROR_SUBSCRIPTION = {
  error: true,
  touched: true,
  submitError: true,
  dirtySinceLastSubmit: true,
} as const;

export interface RadioChoicesProps<T extends string> {
  name: 'due_type' | 'location_type';
  options: readonly T[];
  labels: Record<T, string>;
  /** Picking an option goes through the form's dependency rules (SPEC section 4). */
  onSelect: (value: T) => void;
  errorId: string;
}

/** A radio group bound to one form field, with the field's error under it. */
export function RadioChoices<T extends string>({
  name,
  options,
  labels,
  onSelect,
  errorId,
}: RadioChoicesProps<T>) {
  return (
    <Field name={name} subscription={ERROR_SUBSCRIPTION}>
      {({ meta }) => {
        const error = shownError(meta);
        return (
          <>
            <Choices>
              {options.map((option) => (
                <Field<string> key={option} name={name} type="radio" value={option}>
                  {({ input }) => (
                    <label>
                      <input
                        {...input}
                        onChange={() => onSelect(option)}
                        aria-invalid={Boolean(error) || undefined}
                        aria-describedby={error ? errorId : undefined}
                      />
                      {labels[option]}
                    </label>
                  )}
                </Field>
              ))}
            </Choices>
            <ErrorLine id={errorId} error={error} />
          </>
        );
      }}
    </Field>
  );
}
