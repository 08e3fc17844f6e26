/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { TaskAlert } from '../../../../src/shared/alerts';
import type { CurrentUser } from '../../../../src/shared/types';
import { apiLog } from '../../../../src/web/api/log';
import AlertsPage from '../../../../src/web/features/alerts/AlertsPage';
import { renderWithProviders } from '../../../support/render';
import { json } from '../../../support/webFetch';
import { routeFetch, TREE } from '../taskList/fetchRoutes';

const janis: CurrentUser = {
  uuid: 'u-janis',
  email: 'janis@example.com',
  full_name: 'Jānis Ozols',
  display_name: 'Jānis O.',
  is_freelancer: true,
  is_legal: false,
  photo: null,
  languages: ['lv'],
};

const saved: TaskAlert = {
  id: 7,
  categories: [11],
  location_type: 'specific',
  address: 'Brīvības iela 1, Rīga, Latvia',
  lat: 56.95,
  lng: 24.11,
  radius_km: 25,
  languages: ['en'],
  budget_min: 80,
  created_at: '2030-01-01T10:00:00.000Z',
  updated_at: '2030-01-01T10:00:00.000Z',
};

const RIGA = {
  lat: 56.95,
  lng: 24.11,
  address: 'Brīvības iela 1, Rīga, Latvia',
  components: { country_code: 'lv', locality: 'Rīga', street: 'Brīvības iela' },
};

beforeEach(() => {
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

function setup(
  post: (body: unknown) => Response,
  me: CurrentUser = janis,
  initial: TaskAlert[] = [],
) {
  let alerts: TaskAlert[] = initial;
  const fetches = routeFetch({
    '/me': () => json(200, { data: me }),
    '/categories': () => json(200, { data: TREE }),
    'GET /alerts': () => json(200, { data: alerts }),
    'POST /alerts': async (request) => {
      const response = post(await request.json());
      if (response.ok) alerts = [saved];
      return response;
    },
    '/geo/search': () => json(200, { data: [RIGA] }),
    'DELETE /alerts/7': () => {
      alerts = [];
      return new Response(null, { status: 204 });
    },
  });
  return { ...renderWithProviders(<AlertsPage />, { route: '/en/alerts' }), fetches };
}

describe('AlertsPage', () => {
  it('saves a place alert through the address search and lists it', async () => {
    const { user, fetches } = setup(() => json(201, { data: saved }));
    expect(await screen.findByText('You have no alerts yet.')).toBeInTheDocument();
    await user.click(await screen.findByRole('checkbox', { name: 'Home repair' }));
    await user.type(screen.getByRole('combobox', { name: 'Place' }), 'Brīvības');
    await user.click(await screen.findByRole('option', { name: /Brīvības iela 1/ }));
    const radius = screen.getByLabelText('Distance in km');
    await user.clear(radius);
    await user.type(radius, '25');
    // The UI language is ticked already.
    expect(screen.getByRole('checkbox', { name: 'English' })).toBeChecked();
    await user.type(screen.getByLabelText('Lowest budget in euros'), '80');
    await user.click(screen.getByRole('button', { name: 'Save the alert' }));

    await waitFor(() =>
      expect(fetches.to('/alerts').filter((r) => r.method === 'POST')).toHaveLength(1),
    );
    const body: unknown = await fetches
      .to('/alerts')
      .find((r) => r.method === 'POST')!
      .json();
    expect(body).toEqual({
      categories: [11],
      location_type: 'specific',
      address: 'Brīvības iela 1, Rīga, Latvia',
      lat: 56.95,
      lng: 24.11,
      radius_km: 25,
      languages: ['en'],
      budget_min: 80,
    });
    const item = await screen.findByRole('listitem', { name: 'Alert 1' });
    expect(within(item).getByText('Home repair')).toBeInTheDocument();
    expect(
      within(item).getByText('Within 25 km of Brīvības iela 1, Rīga, Latvia'),
    ).toBeInTheDocument();
    expect(await screen.findByText('You have 1 alert.')).toBeInTheDocument();
  });

  it('asks for a category and a picked place before posting, and sends a remote alert without one', async () => {
    const { user, fetches } = setup(() => json(201, { data: saved }));
    await screen.findByRole('checkbox', { name: 'Home repair' });
    // Typed, not picked: no point to measure from.
    await user.type(screen.getByRole('combobox', { name: 'Place' }), 'Rīga');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Save the alert' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(screen.getByText('Choose an address from the suggestions.')).toBeInTheDocument();
    expect(fetches.to('/alerts').filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: 'Plumbing' }));
    await user.click(screen.getByRole('radio', { name: 'Remote tasks (can be done anywhere)' }));
    expect(screen.queryByRole('combobox', { name: 'Place' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save the alert' }));
    await waitFor(() =>
      expect(fetches.to('/alerts').filter((r) => r.method === 'POST')).toHaveLength(1),
    );
    expect(
      await fetches
        .to('/alerts')
        .find((r) => r.method === 'POST')!
        .json(),
    ).toMatchObject({
      categories: [12],
      location_type: 'anywhere',
      address: null,
      lat: null,
      lng: null,
      radius_km: null,
      budget_min: null,
    });
  });

  it('shows the server’s 422 messages under their fields', async () => {
    const { user } = setup(() =>
      json(422, {
        message: 'The given data was invalid.',
        errors: { categories: ['Unknown category.'], lat: ['Choose a place, please.'] },
      }),
    );
    await user.click(await screen.findByRole('checkbox', { name: 'Plumbing' }));
    await user.click(screen.getByRole('radio', { name: 'Remote tasks (can be done anywhere)' }));
    await user.click(screen.getByRole('button', { name: 'Save the alert' }));
    expect(await screen.findByText('Unknown category.')).toBeInTheDocument();
    expect(
      screen.getByText('The alert could not be saved. Check the marked fields.'),
    ).toBeInTheDocument();
  });

  it('asks before deleting an alert: Cancel keeps it, confirming deletes it (issue 20)', async () => {
    const { user, fetches } = setup(() => json(500, {}), janis, [saved]);
    const item = await screen.findByRole('listitem', { name: 'Alert 1' });
    const deletes = () => fetches.requests.filter((r) => r.method === 'DELETE');

    await user.click(within(item).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this alert?' });
    expect(
      within(dialog).getByText(
        'You will no longer hear about new tasks that match it. This cannot be undone.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes()).toHaveLength(0);
    expect(screen.getByRole('listitem', { name: 'Alert 1' })).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this alert?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete alert' }));
    await waitFor(() => expect(deletes()).toHaveLength(1));
    expect(new URL(deletes()[0].url).pathname).toBe('/api/alerts/7');
    expect(await screen.findByText('You have no alerts yet.')).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Alert 1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps each box and radio its size beside a wrapping label, legends in line (issue 16 look)', async () => {
    setup(() => json(201, { data: saved }));
    const remote = await screen.findByRole('radio', { name: /Remote tasks/ });
    // A long option (ru, et at 412 px) wraps; a flex item would shrink the control beside it.
    expect(getComputedStyle(remote).flexShrink).toBe('0');
    expect(
      getComputedStyle(await screen.findByRole('checkbox', { name: 'Home repair' })).flexShrink,
    ).toBe('0');
    const legend = screen.getByText('Languages', { selector: 'legend' });
    expect(getComputedStyle(legend).padding).toBe('0px');
  });

  it('tells a customer that alerts are for freelancers', async () => {
    setup(() => json(500, {}), { ...janis, is_freelancer: false });
    expect(
      await screen.findByText(
        'Task alerts are for freelancers. Become a freelancer to save alerts.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Become a freelancer' })).toHaveAttribute(
      'href',
      '/en/become-freelancer?next=%2Fen%2Falerts',
    );
  });
});
