import { act, screen } from '@testing-library/react';
import { defineMessages } from 'react-intl';
import { Notices, NOTICE_TIMEOUT_MS } from '../../../../src/web/features/notices/Notices';
import { showNotice } from '../../../../src/web/features/notices/noticesSlice';
import { renderWithProviders } from '../../../support/render';

const messages = defineMessages({
  saved: { id: 'test.saved', defaultMessage: 'Saved {what}' },
});

afterEach(() => jest.useRealTimers());

describe('Notices', () => {
  it('shows notices in a polite live region, translated with values, and dismisses them', async () => {
    const { store, user } = renderWithProviders(<Notices />);
    act(() => {
      store.dispatch(
        showNotice({ kind: 'success', message: messages.saved, values: { what: 'task' } }),
      );
    });
    const text = screen.getByText('Saved task');
    expect(text.closest('[aria-live="polite"]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Saved task')).not.toBeInTheDocument();
    expect(store.getState().notices).toEqual([]);
  });

  it('disappears by itself after about 5 seconds and shows a duplicate once', () => {
    jest.useFakeTimers();
    const { store } = renderWithProviders(<Notices />);
    act(() => {
      store.dispatch(showNotice({ kind: 'error', message: messages.saved, values: { what: 'x' } }));
      store.dispatch(showNotice({ kind: 'error', message: messages.saved, values: { what: 'x' } }));
    });
    expect(screen.getAllByText('Saved x')).toHaveLength(1);
    act(() => jest.advanceTimersByTime(NOTICE_TIMEOUT_MS - 100));
    expect(screen.getByText('Saved x')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByText('Saved x')).not.toBeInTheDocument();
  });
});
