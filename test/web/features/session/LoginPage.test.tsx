/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { screen, waitFor } from '@testing-library/react';
import { apiLog } from '../../../../src/web/api/log';
import LoginPage from '../../../../src/web/features/session/LoginPage';
import { sessionApi } from '../../../../src/web/features/session/sessionApi';
import type { CurrentUser } from '../../../../src/shared/types';
import { renderWithProviders } from '../../../support/render';
import { json, mockFetch } from '../../../support/webFetch';

const alice: CurrentUser = {
  uuid: 'u-alice',
  email: 'alice@example.com',
  full_name: 'Alice Example',
  display_name: 'Alice E.',
  is_freelancer: true,
  is_legal: false,
  photo: null,
};

beforeEach(() => {
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

async function fillAndSubmit(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.type(screen.getByLabelText('Email'), 'alice@example.com');
  await user.type(screen.getByLabelText('Password'), 'wrong-password');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginPage', () => {
  it('shows the server 422 under the email field and keeps what was typed', async () => {
    const fetchMock = mockFetch(
      json(422, {
        message: 'The given data was invalid.',
        errors: { email: ['These credentials do not match our records.'] },
      }),
    );
    const { user, router } = renderWithProviders(<LoginPage />, { route: '/en/login' });
    await fillAndSubmit(user);

    const email = screen.getByLabelText('Email');
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('These credentials do not match our records.'),
    );
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Could not log you in');
    expect(email).toHaveValue('alice@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('wrong-password');
    expect(router.state.location.pathname).toBe('/en/login');

    const request = fetchMock.mock.calls[0][0] as Request;
    expect(request.method).toBe('POST');
    expect(await request.json()).toEqual({
      email: 'alice@example.com',
      password: 'wrong-password',
    });
  });

  it('validates required fields without calling the API', async () => {
    const fetchMock = mockFetch(json(200, { data: alice }));
    const { user } = renderWithProviders(<LoginPage />, { route: '/en/login' });
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter your email')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a generic error for other failures', async () => {
    mockFetch(json(429, { message: 'Too Many Attempts.' }));
    const { user } = renderWithProviders(<LoginPage />, { route: '/en/login' });
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts');
    expect(screen.getByLabelText('Email')).toHaveValue('alice@example.com');
  });

  it('on success stores the user, says welcome and goes to next', async () => {
    mockFetch(json(200, { data: alice }));
    const { user, router, store } = renderWithProviders(<LoginPage />, {
      route: '/en/login?next=%2Fen%2Ftasks%2Fabc%3Fx%3D1',
    });
    await fillAndSubmit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/tasks/abc'));
    expect(router.state.location.search).toBe('?x=1');
    expect(sessionApi.endpoints.me.select()(store.getState()).data).toEqual(alice);
    expect(store.getState().notices).toEqual([
      expect.objectContaining({ kind: 'success', values: { name: 'Alice E.' } }),
    ]);
  });

  it('ignores an off-site next and goes home', async () => {
    mockFetch(json(200, { data: alice }));
    const { user, router } = renderWithProviders(<LoginPage />, {
      route: '/lv/pieslegties?next=%2F%2Fevil.example%2F',
      locale: 'lv',
    });
    await fillAndSubmit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/lv'));
  });
});
