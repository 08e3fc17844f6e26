/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
/**
 * The address search of the task form as a user meets it (issue 16): a street pinned at its town
 * is labelled approximate, a search that finds nothing says what to type, a too long text gets a
 * field error (not "search is not available"), and the search starts at the user's last place.
 * The texts are English here (render.tsx); the six catalogs are checked by the i18n tests.
 */
import { screen, waitFor } from '@testing-library/react';
import type { Place } from '../../../../src/shared/places';
import { apiLog } from '../../../../src/web/api/log';
import { TaskForm } from '../../../../src/web/features/taskForm/TaskForm';
import { LAST_PLACE_KEY } from '../../../../src/web/features/taskForm/useGeocoder';
import { renderWithProviders } from '../../../support/render';
import { json } from '../../../support/webFetch';
import { CATEGORIES, FakeXhr, routeFetch, validValues } from './support';

jest.mock('../../../../src/web/ui/MapView', () => jest.requireActual('./mapViewStub'));

jest.setTimeout(20_000);

const sigulda: Place = {
  lat: 57.15375,
  lng: 24.85953,
  address: 'Brīvības iela 5, Sigulda, Latvia',
  components: {
    street: 'Brīvības iela',
    house_number: '5',
    locality: 'Sigulda',
    country_code: 'lv',
  },
  approximate: true,
};
const cesis: Place = {
  lat: 57.31188,
  lng: 25.27456,
  address: 'Cēsis, Latvia',
  components: { locality: 'Cēsis', country_code: 'lv' },
};

let searchAnswer: (request: Request) => Response | Promise<Response>;
let fetchMock: ReturnType<typeof routeFetch>;

beforeEach(() => {
  localStorage.clear();
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
  FakeXhr.install();
  searchAnswer = () => json(200, { data: [] });
  fetchMock = routeFetch({
    '/categories': () => json(200, { data: CATEGORIES }),
    '/geo/search': (request) => searchAnswer(request),
  });
});
afterEach(() => jest.restoreAllMocks());

function renderForm() {
  return renderWithProviders(
    <TaskForm mode="create" initialValues={validValues()} onSaved={jest.fn()} />,
    { route: '/en/create-task' },
  );
}

/** Chooses "at specific addresses": the empty row A. */
async function addressA(user: ReturnType<typeof renderForm>['user']) {
  await user.click(screen.getByRole('radio', { name: 'At specific addresses' }));
  return screen.getByRole('combobox', { name: 'Address A' });
}

const searches = () =>
  fetchMock.mock.calls
    .map(([request]) => new URL((request as Request).url))
    .filter((url) => url.pathname === '/api/geo/search');

describe('address search in the task form', () => {
  it('labels a street pinned at its town as approximate, and picks the address alone', async () => {
    searchAnswer = () => json(200, { data: [sigulda, cesis] });
    const { user } = renderForm();
    const input = await addressA(user);
    await user.type(input, 'Brīvības iela 5, Sigulda');
    const option = await screen.findByRole('option', { name: /^Brīvības iela 5, Sigulda/ });
    expect(option).toHaveTextContent('Approximate: the pin is at the centre of Sigulda');
    // A town found by name is where it is: no label.
    expect(screen.getByRole('option', { name: 'Cēsis, Latvia' })).not.toHaveTextContent(
      /Approximate/,
    );
    await user.click(option);
    expect(input).toHaveValue('Brīvības iela 5, Sigulda, Latvia');
    expect(screen.getByTestId('map')).toHaveTextContent('a');
  });

  it('says what to type when nothing is found, and the hint goes when typing on', async () => {
    const { user } = renderForm();
    const input = await addressA(user);
    await user.type(input, 'zzzzqqq');
    const hint = await screen.findByText(
      'No town found. Type the street and then the town, e.g. “Brīvības iela 5, Sigulda”.',
    );
    expect(input).toHaveAccessibleDescription(hint.textContent ?? '');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.type(input, 'x');
    expect(screen.queryByText(/No town found/)).not.toBeInTheDocument();
  });

  it('a too long text gets a translated field error, not "search is not available"', async () => {
    const { user } = renderForm();
    const input = await addressA(user);
    await user.click(input);
    await user.paste('Brīvības iela '.repeat(15));
    expect(await screen.findByText('Use at most 200 characters.')).toBeVisible();
    expect(input).toHaveAccessibleDescription('Use at most 200 characters.');
    expect(
      screen.queryByText('The address search is not available right now.'),
    ).not.toBeInTheDocument();
    // What was typed stays, and the API was not asked.
    expect(input).toHaveValue('Brīvības iela '.repeat(15));
    expect(searches()).toHaveLength(0);
  });

  it("shows the API's field error for the query rather than an outage", async () => {
    searchAnswer = () =>
      json(422, {
        message: 'The given data was invalid.',
        errors: { q: ['Use at most 200 characters.'] },
      });
    const { user } = renderForm();
    const input = await addressA(user);
    await user.type(input, 'Rīga');
    expect(await screen.findByText('Use at most 200 characters.')).toBeVisible();
    expect(input).toHaveAccessibleDescription('Use at most 200 characters.');
    expect(
      screen.queryByText('The address search is not available right now.'),
    ).not.toBeInTheDocument();
  });

  it("starts at the user's last place; without one the server picks the language's base", async () => {
    searchAnswer = () => json(200, { data: [cesis] });
    const { user, unmount } = renderForm();
    const input = await addressA(user);
    await user.type(input, 'Cē');
    await user.click(await screen.findByRole('option', { name: 'Cēsis, Latvia' }));
    expect(searches()[0].searchParams.has('lat')).toBe(false);
    expect(searches()[0].searchParams.has('lng')).toBe(false);
    expect(JSON.parse(localStorage.getItem(LAST_PLACE_KEY) ?? 'null')).toEqual({
      lat: cesis.lat,
      lng: cesis.lng,
    });

    // A later form (another visit) searches around Cēsis.
    unmount();
    fetchMock.mockClear();
    const { user: next } = renderForm();
    await next.type(await addressA(next), 'Va');
    await waitFor(() => expect(searches()).toHaveLength(1));
    expect(searches()[0].searchParams.get('lat')).toBe(String(cesis.lat));
    expect(searches()[0].searchParams.get('lng')).toBe(String(cesis.lng));
  });
});
