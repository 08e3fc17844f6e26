import { Field, useForm, useFormState } from 'react-final-form';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { LIMITS } from '../../../../shared/limits';
import type { TaskFormValues } from '../../../../shared/validation/taskForm';
import { BudgetSlider } from '../../../ui/BudgetSlider';
import { taskFormMessages as messages } from '../messages';
import { ErrorText, Fieldset, Group, Hint, Input, Label, Legend, shownError } from './fields';

const Amounts = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.md};

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

/** About 6 digits (SPEC section 5): digits only, '' is 'not filled'. */
export const AMOUNT_DIGITS = 6;
const parseAmount = (text: unknown): number | null => {
  if (typeof text !== 'string') return typeof text === 'number' ? text : null;
  const digits = text.replace(/\D/g, '').slice(0, AMOUNT_DIGITS);
  return digits === '' ? null : Number(digits);
};
const formatAmount = (value: number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);

function AmountField({
  name,
  label,
  hint,
}: {
  name: keyof TaskFormValues;
  label: string;
  hint?: string;
}) {
  const id = `task-${name}`;
  return (
    <Field<number | null> name={name} parse={parseAmount}>
      {({ input, meta }) => {
        const error = shownError(meta);
        const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
          .filter(Boolean)
          .join(' ');
        return (
          <Group>
            <Label htmlFor={id}>{label}</Label>
            <Input
              {...input}
              value={formatAmount(input.value)}
              id={id}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={AMOUNT_DIGITS}
              $invalid={Boolean(error)}
              aria-invalid={Boolean(error) || undefined}
              aria-describedby={describedBy || undefined}
            />
            {hint && <Hint id={`${id}-hint`}>{hint}</Hint>}
            {error && <ErrorText id={`${id}-error`}>{error}</ErrorText>}
          </Group>
        );
      }}
    </Field>
  );
}

/** The budget: a range slider with from/to fields, and a specific amount that overrides them. */
export function BudgetFields() {
  const intl = useIntl();
  const form = useForm<TaskFormValues>();
  const { values } = useFormState<TaskFormValues>({ subscription: { values: true } });
  return (
    <Fieldset>
      <Legend>{intl.formatMessage(messages.budget)}</Legend>
      <BudgetSlider
        id="task-budget"
        from={values.budget_from}
        to={values.budget_to}
        initialMax={LIMITS.budgetSliderMax}
        limit={LIMITS.budgetMax}
        step={LIMITS.budgetSliderStep}
        onChange={({ from, to }) =>
          form.batch(() => {
            form.change('budget_from', from);
            form.change('budget_to', to);
          })
        }
      />
      <Amounts>
        <AmountField name="budget_from" label={intl.formatMessage(messages.budgetFrom)} />
        <AmountField name="budget_to" label={intl.formatMessage(messages.budgetTo)} />
        <AmountField
          name="budget_specific"
          label={intl.formatMessage(messages.budgetSpecific)}
          hint={intl.formatMessage(messages.budgetSpecificHint)}
        />
      </Amounts>
    </Fieldset>
  );
}
