/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { LIMITS } from '../../../src/shared/limits';
import { BudgetSlider, sliderMaxFor, type BudgetRange } from '../../../src/web/ui/BudgetSlider';
import { renderWithProviders } from '../../support/render';

function Harness({
  initial,
  onRange,
}: {
  initial: BudgetRange;
  onRange?: (r: BudgetRange) => void;
}) {
  const [range, setRange] = useState(initial);
  return (
    <>
      <BudgetSlider
        from={range.from}
        to={range.to}
        initialMax={LIMITS.budgetSliderMax}
        limit={LIMITS.budgetMax}
        step={LIMITS.budgetSliderStep}
        onChange={(next) => {
          setRange(next);
          onRange?.(next);
        }}
      />
      <button type="button" onClick={() => setRange({ from: range.from, to: 12000 })}>
        type 12000
      </button>
      <button type="button" onClick={() => setRange({ from: range.from, to: 900000 })}>
        type 900000
      </button>
    </>
  );
}

describe('sliderMaxFor (SPEC 9: starts at 5000, auto-extends up to 500000)', () => {
  it('keeps the maximum while the values fit', () => {
    expect(sliderMaxFor([0, 2500], 5000, 500000)).toBe(5000);
  });
  it('doubles until the values fit', () => {
    expect(sliderMaxFor([0, 5001], 5000, 500000)).toBe(10000);
    expect(sliderMaxFor([0, 30000], 5000, 500000)).toBe(40000);
  });
  it('never goes beyond the limit', () => {
    expect(sliderMaxFor([0, 9_999_999], 5000, 500000)).toBe(500000);
  });
});

describe('BudgetSlider', () => {
  it('starts at 0..5000 with step 10 and the initial upper value 2500', () => {
    renderWithProviders(<Harness initial={{ from: 0, to: LIMITS.budgetSliderInitial }} />);
    const lower = screen.getByRole('slider', { name: 'Lowest amount' });
    const upper = screen.getByRole('slider', { name: 'Highest amount' });
    expect(lower).toHaveAttribute('max', '5000');
    expect(lower).toHaveAttribute('step', '10');
    expect(lower).toHaveValue('0');
    expect(upper).toHaveValue('2500');
  });

  it('extends the track when a typed value exceeds it, up to 500000', async () => {
    const { user } = renderWithProviders(<Harness initial={{ from: 0, to: 2500 }} />);
    await user.click(screen.getByRole('button', { name: 'type 12000' }));
    const upper = screen.getByRole('slider', { name: 'Highest amount' });
    expect(upper).toHaveAttribute('max', '20000');
    expect(upper).toHaveValue('12000');
    await user.click(screen.getByRole('button', { name: 'type 900000' }));
    expect(upper).toHaveAttribute('max', '500000');
  });

  it('moves one handle without crossing the other', () => {
    const onRange = jest.fn();
    renderWithProviders(<Harness initial={{ from: 100, to: 300 }} onRange={onRange} />);
    fireEvent.change(screen.getByRole('slider', { name: 'Lowest amount' }), {
      target: { value: '400' },
    });
    expect(onRange).toHaveBeenLastCalledWith({ from: 300, to: 300 });
    fireEvent.change(screen.getByRole('slider', { name: 'Highest amount' }), {
      target: { value: '1000' },
    });
    expect(onRange).toHaveBeenLastCalledWith({ from: 300, to: 1000 });
  });
});
