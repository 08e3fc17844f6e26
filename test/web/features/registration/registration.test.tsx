/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { screen, waitFor } from '@testing-library/react';
import type { CurrentUser } from '../../../../src/shared/types';
import { apiLog } from '../../../../src/web/api/log';
import BecomeFreelancerPage from '../../../../src/web/features/registration/BecomeFreelancerPage';
import ConfirmEmailPage from '../../../../src/web/features/registration/ConfirmEmailPage';
import RegisterPage from '../../../../src/web/features/registration/RegisterPage';
import { sessionApi } from '../../../../src/web/features/session/sessionApi';
import { FormAlert } from '../../../../src/web/ui/FormAlert';
import { renderWithProviders } from '../../../support/render';
import { json } from '../../../support/webFetch';
import { routeFetch, TREE, type Handler } from '../taskList/fetchRoutes';

const maris: CurrentUser = {
  uuid: 'u-maris',
  email: 'maris@example.com',
  full_name: 'Maris Ozols',
  display_name: 'Maris O.',
  is_freelancer: false,
  is_legal: false,
  photo: null,
  languages: ['lv'],
};

beforeEach(() => {
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

async function fillRegister(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.type(screen.getByLabelText('Full name'), 'Maris Ozols');
  await user.type(screen.getByLabelText('Email'), 'maris@example.com');
  await user.type(screen.getByLabelText('Password'), 'long-enough-password');
  await user.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('RegisterPage', () => {
  it('links the terms and the privacy policy from the checkbox, in a new tab, keeping the input', async () => {
    const consoleError = jest.spyOn(console, 'error');
    const { user, router } = renderWithProviders(<RegisterPage />, {
      route: '/lv/registreties',
      locale: 'lv',
    });
    await user.type(screen.getByLabelText('Full name'), 'Maris Ozols');
    const checkbox = screen.getByRole('checkbox', {
      name: 'I accept the terms of use and the privacy policy',
    });
    const terms = screen.getByRole('link', { name: 'terms of use' });
    const privacy = screen.getByRole('link', { name: 'privacy policy' });
    expect(terms).toHaveAttribute('href', '/lv/noteikumi');
    expect(privacy).toHaveAttribute('href', '/lv/privatums');
    for (const link of [terms, privacy]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    // Reading the terms neither leaves the form nor ticks the box for the user.
    terms.addEventListener('click', (event) => event.preventDefault());
    await user.click(terms);
    expect(checkbox).not.toBeChecked();
    expect(router.state.location.pathname).toBe('/lv/registreties');
    expect(screen.getByLabelText('Full name')).toHaveValue('Maris Ozols');
    // The label's links are keyed (React warns about a list of children without keys).
    expect(consoleError.mock.calls.flat().join(' ')).not.toMatch(/unique "key" prop/);
  });

  it('shows the server’s translated 422 messages under their fields, as sent, and keeps the input', async () => {
    const fetches = routeFetch({
      'POST /register': () =>
        json(422, {
          message: 'Переданные данные некорректны.',
          errors: { full_name: ['Это поле обязательно.'], email: ['Введите корректный адрес.'] },
        }),
    });
    const { user, router } = renderWithProviders(<RegisterPage />, {
      route: '/en/register?next=%2Fen%2Ftasks%2FTKABC123',
    });
    await fillRegister(user);
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAccessibleDescription('Введите корректный адрес.'));
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Это поле обязательно.');
    expect(screen.getByRole('alert')).toHaveTextContent('Your account was not created.');
    // The form-wide error is the one every form shows (src/web/ui/FormAlert), not a copy.
    expect(screen.getByRole('alert')).toHaveClass(FormAlert.styledComponentId);
    expect(screen.getByLabelText('Full name')).toHaveValue('Maris Ozols');
    expect(screen.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en/register');
    expect(await fetches.to('/register')[0].json()).toEqual({
      full_name: 'Maris Ozols',
      email: 'maris@example.com',
      password: 'long-enough-password',
      terms: true,
      next: '/en/tasks/TKABC123',
    });
  });

  it('checks the fields with the shared schema before sending', async () => {
    const fetches = routeFetch({});
    const { user } = renderWithProviders(<RegisterPage />, { route: '/en/register' });
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Use at least 8 characters.',
    );
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(screen.getByText('Accept the terms to continue.')).toBeInTheDocument();
    expect(fetches.to('/register')).toHaveLength(0);
  });

  it('refuses a password made of the email before sending (the common list is the server’s)', async () => {
    const fetches = routeFetch({});
    const { user } = renderWithProviders(<RegisterPage />, { route: '/en/register' });
    await user.type(screen.getByLabelText('Full name'), 'Maris Ozols');
    await user.type(screen.getByLabelText('Email'), 'maris@example.com');
    await user.type(screen.getByLabelText('Password'), 'maris-2024');
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'The password must not contain your email address.',
    );
    expect(fetches.to('/register')).toHaveLength(0);
  });

  it('on 202 says to check the mailbox, stays logged out and on the page', async () => {
    const fetches = routeFetch({
      'POST /register': () => json(202, { data: { email: 'maris@example.com' } }),
    });
    const { user, router, store } = renderWithProviders(<RegisterPage />, {
      route: '/en/register?next=%2Fen%2Ftasks%2FTKABC123',
    });
    await fillRegister(user);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent(
      'We sent a message to maris@example.com. Follow the link in it within 24 hours',
    );
    expect(screen.getByText(/If this address already has an account/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en/register');
    expect(sessionApi.endpoints.me.select()(store.getState()).data).toBeUndefined();
    expect(fetches.to('/register')).toHaveLength(1);

    // Registering again brings the form back.
    await user.click(screen.getByRole('button', { name: 'Register again' }));
    expect(screen.getByRole('button', { name: 'Create account' })).toBeInTheDocument();
  });

  it('does not send an off-site next', async () => {
    const fetches = routeFetch({
      'POST /register': () => json(202, { data: { email: 'maris@example.com' } }),
    });
    const { user } = renderWithProviders(<RegisterPage />, {
      route: '/en/register?next=%2F%2Fevil.example',
    });
    await fillRegister(user);
    await screen.findByRole('heading', { name: 'Check your email' });
    expect(await fetches.to('/register')[0].json()).not.toHaveProperty('next');
  });
});

describe('ConfirmEmailPage', () => {
  const TOKEN = 'a'.repeat(43);

  it('confirms on the button, stores the user (logged in) and returns to next', async () => {
    const fetches = routeFetch({ 'POST /register/confirm': () => json(201, { data: maris }) });
    const { user, router, store } = renderWithProviders(<ConfirmEmailPage />, {
      route: `/en/confirm-email?token=${TOKEN}&next=%2Fen%2Ftasks%2FTKABC123`,
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your account' })).toBeVisible();
    // Opening the link alone sends nothing (mail scanners open links).
    expect(fetches.to('/register/confirm')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirm and log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/tasks/TKABC123'));
    expect(await fetches.to('/register/confirm')[0].json()).toEqual({ token: TOKEN });
    expect(sessionApi.endpoints.me.select()(store.getState()).data).toEqual(maris);
  });

  it('shows the server’s message for a dead link and offers to register again', async () => {
    routeFetch({
      'POST /register/confirm': () =>
        json(422, {
          message: 'The given data was invalid.',
          errors: { token: ['Šī apstiprinājuma saite nav derīga.'] },
        }),
    });
    const { user, router } = renderWithProviders(<ConfirmEmailPage />, {
      route: `/en/confirm-email?token=${TOKEN}&next=%2Fen%2Ftasks%2FTKABC123`,
    });
    await user.click(screen.getByRole('button', { name: 'Confirm and log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Šī apstiprinājuma saite nav derīga.',
    );
    expect(screen.queryByRole('button', { name: 'Confirm and log in' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register again' })).toHaveAttribute(
      'href',
      '/en/register?next=%2Fen%2Ftasks%2FTKABC123',
    );
    expect(router.state.location.pathname).toBe('/en/confirm-email');
  });

  it('without a token says the link is invalid and sends nothing', () => {
    const fetches = routeFetch({});
    renderWithProviders(<ConfirmEmailPage />, { route: '/en/confirm-email' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This confirmation link is invalid, has expired or has already been used.',
    );
    expect(screen.getByRole('alert')).toHaveClass(FormAlert.styledComponentId);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(fetches.requests).toHaveLength(0);
  });
});

describe('BecomeFreelancerPage', () => {
  function setup(post: Handler) {
    let me = maris;
    const fetches = routeFetch({
      '/me': () => json(200, { data: me }),
      '/categories': () => json(200, { data: TREE }),
      'POST /become-freelancer': async (request) => {
        const response = await post(request, new URL(request.url));
        if (response.ok) me = { ...maris, is_freelancer: true };
        return response;
      },
    });
    const rendered = renderWithProviders(<BecomeFreelancerPage />, {
      route: '/en/become-freelancer?next=%2Fen%2Ftasks%2FTKABC123',
    });
    return { ...rendered, fetches };
  }

  it('posts categories and languages, refetches me and goes back to the task', async () => {
    const { user, router, fetches, store } = setup(() =>
      json(200, { data: { ...maris, is_freelancer: true } }),
    );
    expect(await screen.findByRole('heading', { name: 'Become a freelancer' })).toBeInTheDocument();
    await user.click(await screen.findByRole('checkbox', { name: 'Plumbing' }));
    await user.click(screen.getByRole('checkbox', { name: 'English' }));
    expect(fetches.to('/me')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Become a freelancer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/tasks/TKABC123'));
    expect(await fetches.to('/become-freelancer')[0].json()).toEqual({
      categories: [12],
      languages: ['lv', 'en'],
    });
    // 'Me' was invalidated: the make-offer button will see is_freelancer true.
    await waitFor(() => expect(fetches.to('/me')).toHaveLength(2));
    await waitFor(() =>
      expect(sessionApi.endpoints.me.select()(store.getState()).data?.is_freelancer).toBe(true),
    );
  });

  it('asks for at least one category before posting', async () => {
    const { user, fetches } = setup(() => json(200, { data: maris }));
    await screen.findByRole('checkbox', { name: 'Plumbing' });
    await user.click(screen.getByRole('button', { name: 'Become a freelancer' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(fetches.to('/become-freelancer')).toHaveLength(0);
  });

  it('shows the server’s 422 under the group', async () => {
    const { user, router } = setup(() =>
      json(422, { message: 'Invalid.', errors: { categories: ['Choose existing categories.'] } }),
    );
    await user.click(await screen.findByRole('checkbox', { name: 'Plumbing' }));
    await user.click(screen.getByRole('button', { name: 'Become a freelancer' }));
    expect(await screen.findByText('Choose existing categories.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en/become-freelancer');
  });
});
