/**
 * The SPA side of a database outage: a 503 shows one friendly, translated retry state; it checks
 * /api/health with backoff (or at once on "Retry now") and, once Talka answers, refetches what
 * failed, so the page recovers by itself without a reload.
 */
import { screen, waitFor } from '@testing-library/react';
import { apiLog } from '../../../../src/web/api/log';
import { useGetCategoriesQuery } from '../../../../src/web/features/categories/categoriesApi';
import { ErrorPage } from '../../../../src/web/features/errors/ErrorPage';
import {
  OUTAGE_RETRY_MS,
  OutageBanner,
  retryDelay,
} from '../../../../src/web/features/errors/OutageBanner';
import { renderWithProviders } from '../../../support/render';
import { json } from '../../../support/webFetch';

/** A fake API whose database can be switched off and on; counts the calls per path. */
function fakeApi() {
  const state = { dbUp: false, calls: {} as Record<string, number> };
  globalThis.fetch = jest.fn(async (input: Request | string | URL) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    state.calls[url.pathname] = (state.calls[url.pathname] ?? 0) + 1;
    if (!state.dbUp) {
      return json(503, { message: 'The service is temporarily unavailable.' });
    }
    if (url.pathname === '/api/health') return json(200, { data: { db: true } });
    return json(200, { data: [{ id: 1, name: 'Cleaning', children: [] }] });
  }) as unknown as typeof fetch;
  return state;
}

function CategoriesProbe() {
  const { data, error } = useGetCategoriesQuery('en');
  if (error) return <ErrorPage status={(error as { status: number }).status} />;
  return <p>{data ? `${data.length} categories loaded` : 'loading'}</p>;
}

const ui = (
  <>
    <OutageBanner />
    <CategoriesProbe />
  </>
);

beforeEach(() => {
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
});

test('backoff doubles from 2 s and stops at 30 s', () => {
  expect([0, 1, 2, 3, 4, 5, 9].map(retryDelay)).toEqual([
    2000, 4000, 8000, 16000, 30000, 30000, 30000,
  ]);
  expect(OUTAGE_RETRY_MS.first).toBe(2000);
});

test('a 503 shows the retry state; "Retry now" recovers the page without a reload', async () => {
  const api = fakeApi();
  const { user, store } = renderWithProviders(ui);

  const banner = await screen.findByRole('alert');
  expect(banner).toHaveTextContent('We can’t reach Talka right now.');
  expect(banner).toHaveTextContent('Retrying automatically…');
  // The failed page explains itself too; no generic error notice pops up.
  expect(screen.getByRole('heading', { name: 'Talka is temporarily unavailable' })).toBeVisible();
  expect(store.getState().notices).toEqual([]);

  // Still down: a manual retry checks, fails, and the state stays.
  await user.click(screen.getByRole('button', { name: 'Retry now' }));
  await waitFor(() => expect(api.calls['/api/health']).toBe(1));
  expect(await screen.findByText('Retrying automatically…')).toBeVisible();
  expect(screen.getByRole('alert')).toBeVisible();

  api.dbUp = true;
  await user.click(screen.getByRole('button', { name: 'Retry now' }));
  expect(await screen.findByText('1 categories loaded')).toBeVisible();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(store.getState().outage).toEqual({ active: false });
  // The failed query ran again by itself: once while down, once after.
  expect(api.calls['/api/categories']).toBe(2);
});

test('it retries automatically and recovers by itself', async () => {
  const api = fakeApi();
  renderWithProviders(ui);
  expect(await screen.findByRole('alert')).toBeVisible();
  api.dbUp = true;
  // The first automatic check comes 2 s after the outage began.
  expect(await screen.findByText('1 categories loaded', {}, { timeout: 6000 })).toBeVisible();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(api.calls['/api/health']).toBe(1);
});
