import { useState } from 'react';
import { useField, useForm, useFormState } from 'react-final-form';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { LIMITS } from '../../../../shared/limits';
import type { TaskFormValues } from '../../../../shared/validation/taskForm';
import { BudgetSlider } from '../../../ui/BudgetSlider';
import { taskFormMessages as messages } from '../messages';
import { ErrorLine, Fieldset, Group, Hint, Input, Label, Legend, shownError } from './fields';
import { theme } from '../../../app/theme';

// align-items: start: the specific amount's hint makes its cell taller, and stretched cells grew
// the From and To inputs to match (issue 16, layout polish).
const Amounts = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  align-items: start;
  gap: ${theme.space.md};

  @media (min-width: ${theme.breakpoints.md}) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

/** About 6 digits (SPEC section 5); room beyond them so a point and cents stay visible. */
export const AMOUNT_DIGITS = 6;
const AMOUNT_MAX_LENGTH = AMOUNT_DIGITS + 3;

/**
 * Typed text -> the field's value: digits are a whole number (spaces between thousands are fine),
 * '' is 'not filled', and a point or comma ('12.5', '1.000') is NaN, which the shared schema refuses
 * as 'whole euros only'. Other characters cannot be typed; nothing else is dropped, so '12.5'
 * never becomes 125.
 */
export function parseAmountText(text: string): number | null {
  const kept = text.replace(/[^\d.,]/g, '');
  if (kept === '') return null;
  return /^\d+$/.test(kept) ? Number(kept) : Number.NaN;
}

/** What the input shows of a typed text: the digits, points and commas as typed. */
const visibleText = (text: string): string => text.replace(/[^\d.,]/g, '');

const formatAmount = (value: unknown): string =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : '';

function AmountField({
  name,
  label,
  hint,
}: {
  name: 'budget_from' | 'budget_to' | 'budget_specific';
  label: string;
  hint?: string;
}) {
  const id = `task-${name}`;
  const { input, meta } = useField<number | null>(name, {
    // The input shows `text` (below); the value is what the schema checks.
    format: (value) => value,
    parse: (value) => value,
  });
  // The text as typed, with the value it gave: shown while the value is still that one; a value
  // set elsewhere (the slider, a restored draft) is shown as its digits.
  const [typed, setTyped] = useState<{ text: string; value: number | null } | null>(null);
  const current = input.value ?? null;
  const text = typed && Object.is(typed.value, current) ? typed.text : formatAmount(current);

  const error = shownError(meta);
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <Group>
      <Label htmlFor={id}>{label}</Label>
      <Input
        name={input.name}
        onBlur={input.onBlur}
        onFocus={input.onFocus}
        value={text}
        onChange={(event) => {
          const next = visibleText(event.target.value);
          const value = parseAmountText(next);
          setTyped({ text: next, value });
          input.onChange(value);
        }}
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={AMOUNT_MAX_LENGTH}
        $invalid={Boolean(error)}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint && <Hint id={`${id}-hint`}>{hint}</Hint>}
      <ErrorLine id={`${id}-error`} error={error} />
    </Group>
  );
}

/** The slider shows a number the fields hold, or nothing while a field holds unreadable text. */
const amountOrNull = (value: number | null): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

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
        from={amountOrNull(values.budget_from)}
        to={amountOrNull(values.budget_to)}
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
