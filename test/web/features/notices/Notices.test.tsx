import { act, screen } from '@testing-library/react';
import { defineMessages } from 'react-intl';
import {
  Notices,
  NOTICE_TIMEOUT_MS,
  NOTICE_WITH_LINK_TIMEOUT_MS,
} from '../../../../src/web/features/notices/Notices';
import { showNotice } from '../../../../src/web/features/notices/noticesSlice';
import { renderWithProviders } from '../../../support/render';

const messages = defineMessages({
  saved: { id: 'test.saved', defaultMessage: 'Saved {what}' },
  open: { id: 'test.open', defaultMessage: 'Open it' },
});

const linked = {
  kind: 'info' as const,
  message: messages.saved,
  values: { what: 'a link' },
  link: { route: 'task' as const, params: { slug: 'TK7Q2XYZ' }, label: messages.open },
};

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

  it('a link in the current locale opens its page and dismisses the notice', async () => {
    const { store, user, router } = renderWithProviders(<Notices />, {
      locale: 'ru',
      route: '/ru',
    });
    act(() => {
      store.dispatch(showNotice(linked));
    });
    const link = screen.getByRole('link', { name: 'Open it' });
    expect(link).toHaveAttribute('href', '/ru/tasks/TK7Q2XYZ');
    await user.click(link);
    expect(router.state.location.pathname).toBe('/ru/tasks/TK7Q2XYZ');
    expect(store.getState().notices).toEqual([]);
  });

  it('a notice with a link stays longer, time to reach the link', () => {
    jest.useFakeTimers();
    const { store } = renderWithProviders(<Notices />);
    act(() => {
      store.dispatch(showNotice(linked));
    });
    act(() => jest.advanceTimersByTime(NOTICE_WITH_LINK_TIMEOUT_MS - 100));
    expect(screen.getByRole('link', { name: 'Open it' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByText('Saved a link')).not.toBeInTheDocument();
  });
});
