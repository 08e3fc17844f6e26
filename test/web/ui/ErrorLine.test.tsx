/**
 * @jest-environment ./test/support/webEnvironment.ts
 *
 * Issue 16 (flow 7): a field is left by pressing on the next control, and the error its blur
 * shows must not push that control away before the button comes up. The error line keeps what it
 * showed while a pointer is pressed and shows the new error right after the click.
 */
import { act, useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '../../../src/web/app/theme';
import { TextField } from '../../../src/web/ui/TextField';

const LONG =
  'Enter a title of at least 10 characters: what needs doing, where and when, in a few words';

function Form({ onSave }: { onSave: () => void }) {
  const [error, setError] = useState<string>();
  return (
    <ThemeProvider theme={theme}>
      <TextField
        label="Title"
        error={error}
        onBlur={(e) => setError(e.currentTarget.value.length < 10 ? LONG : undefined)}
      />
      <button type="button" onClick={onSave}>
        Save
      </button>
    </ThemeProvider>
  );
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('ErrorLine', () => {
  it('shows a blur error only after the click that left the field', () => {
    const onSave = jest.fn();
    render(<Form onSave={onSave} />);
    const title = screen.getByLabelText('Title');
    const save = screen.getByRole('button', { name: 'Save' });
    fireEvent.focus(title);
    fireEvent.change(title, { target: { value: 'abc' } });

    // The pointer goes down on Save: the title is left and its error decided, but not shown.
    fireEvent.pointerDown(save);
    fireEvent.blur(title);
    expect(screen.queryByText(LONG)).toBeNull();
    expect(title).toHaveAttribute('aria-invalid', 'true');

    // The button comes up and the click is dispatched; then the error shows.
    fireEvent.pointerUp(save);
    fireEvent.click(save);
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(LONG)).toBeNull();
    act(() => jest.runOnlyPendingTimers());
    expect(screen.getByText(LONG)).toBeInTheDocument();
    expect(title).toHaveAccessibleDescription(LONG);
  });

  it('keeps a shown error while pressed, and clears it after the release', () => {
    render(<Form onSave={() => undefined} />);
    const title = screen.getByLabelText('Title');
    const save = screen.getByRole('button', { name: 'Save' });
    fireEvent.change(title, { target: { value: 'abc' } });
    fireEvent.focus(title);
    fireEvent.blur(title);
    expect(screen.getByText(LONG)).toBeInTheDocument();

    fireEvent.change(title, { target: { value: 'Paint the kitchen' } });
    fireEvent.focus(title);
    fireEvent.pointerDown(save);
    fireEvent.blur(title);
    expect(screen.getByText(LONG)).toBeInTheDocument();
    fireEvent.pointerUp(save);
    act(() => jest.runOnlyPendingTimers());
    expect(screen.queryByText(LONG)).toBeNull();
  });

  it('shows errors at once when no pointer is pressed (keyboard)', () => {
    render(<Form onSave={() => undefined} />);
    const title = screen.getByLabelText('Title');
    fireEvent.change(title, { target: { value: 'abc' } });
    fireEvent.focus(title);
    fireEvent.blur(title);
    expect(screen.getByText(LONG)).toBeInTheDocument();
  });
});
