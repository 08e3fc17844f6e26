/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { StarRating } from '../../../src/web/ui/StarRating';
import { renderWithProviders } from '../../support/render';

function Picker({ initial = 0, error }: { initial?: number; error?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <StarRating
        value={value}
        onChange={setValue}
        label="Your rating"
        starLabel={(stars) => `${stars} of 5 stars`}
        error={error}
      />
      <output>{value}</output>
    </>
  );
}

const value = () => screen.getByRole('status').textContent;

describe('StarRating', () => {
  it('is a labelled radio group of five labelled radios, none chosen at 0', () => {
    renderWithProviders(<Picker />);
    const group = screen.getByRole('radiogroup', { name: 'Your rating' });
    expect(group).toBeInTheDocument();
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('aria-label'))).toEqual([
      '1 of 5 stars',
      '2 of 5 stars',
      '3 of 5 stars',
      '4 of 5 stars',
      '5 of 5 stars',
    ]);
    radios.forEach((radio) => expect(radio).not.toBeChecked());
    // One tab stop: the first star while nothing is chosen.
    expect(radios.map((radio) => radio.tabIndex)).toEqual([0, -1, -1, -1, -1]);
  });

  it('arrow keys move the value and the focus; Home and End jump', async () => {
    const { user } = renderWithProviders(<Picker />);
    await user.tab();
    expect(screen.getByRole('radio', { name: '1 of 5 stars' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(value()).toBe('1');
    await user.keyboard('{ArrowRight}{ArrowUp}');
    expect(value()).toBe('3');
    expect(screen.getByRole('radio', { name: '3 of 5 stars' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '3 of 5 stars' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(value()).toBe('2');
    await user.keyboard('{End}');
    expect(value()).toBe('5');
    await user.keyboard('{ArrowRight}');
    expect(value()).toBe('5');
    await user.keyboard('{Home}{ArrowDown}');
    expect(value()).toBe('1');
  });

  it('Space and Enter choose the focused star; Tab leaves the group in one step', async () => {
    const { user } = renderWithProviders(
      <>
        <Picker />
        <button type="button">After</button>
      </>,
    );
    await user.tab();
    await user.keyboard(' ');
    expect(value()).toBe('1');
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    expect(value()).toBe('3');
    expect(screen.getByRole('radio', { name: '3 of 5 stars' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('radio', { name: '3 of 5 stars' })).toHaveFocus();
  });

  it('a click chooses; the error is announced with the group', async () => {
    const { user } = renderWithProviders(<Picker error="Choose from 1 to 5 stars." />);
    await user.click(screen.getByRole('radio', { name: '4 of 5 stars' }));
    expect(value()).toBe('4');
    const group = screen.getByRole('radiogroup', { name: 'Your rating' });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription('Choose from 1 to 5 stars.');
  });
});
