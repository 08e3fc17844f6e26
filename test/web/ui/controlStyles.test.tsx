/**
 * Every text control draws one box (ui/TextField's controlStyles): the kit's fields and the task
 * form's inputs, text areas and selects alike, with the danger colour when invalid.
 */
import { screen } from '@testing-library/react';
import { theme } from '../../../src/web/app/theme';
import { Input, Select, Textarea } from '../../../src/web/features/taskForm/components/fields';
import { TextAreaField } from '../../../src/web/ui/TextAreaField';
import { TextField } from '../../../src/web/ui/TextField';
import { renderWithProviders } from '../../support/render';

/** '#c9d1db' -> 'rgb(201, 209, 219)', as computed styles give colours. */
const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;

const box = (element: HTMLElement) => {
  const style = window.getComputedStyle(element);
  return {
    padding: style.padding,
    borderWidth: style.borderWidth,
    borderStyle: style.borderStyle,
    borderColor: style.borderColor,
    borderRadius: style.borderRadius,
  };
};

it('draws the same box for every text control, red when invalid', () => {
  renderWithProviders(
    <>
      <TextField label="Valid" />
      <TextField label="Invalid" error="Wrong" />
      <TextAreaField label="Area" error="Wrong" />
      <Input aria-label="Task input" />
      <Textarea aria-label="Task text" $invalid />
      <Select aria-label="Task select" $invalid />
    </>,
  );
  const valid = box(screen.getByLabelText('Valid'));
  expect(valid).toEqual({
    padding: `${theme.space.sm} ${theme.space.md}`,
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: rgb(theme.colors.border),
    borderRadius: theme.radii.md,
  });
  expect(box(screen.getByLabelText('Task input'))).toEqual(valid);
  const invalid = { ...valid, borderColor: rgb(theme.colors.danger) };
  for (const label of ['Invalid', 'Area', 'Task text', 'Task select']) {
    expect([label, box(screen.getByLabelText(label))]).toEqual([label, invalid]);
  }
  expect(screen.getByLabelText('Valid')).toHaveStyle({ minHeight: '44px' });
  expect(screen.getByLabelText('Area')).toHaveStyle({ minHeight: '140px' });
});
