/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { LIMITS } from '../../../../src/shared/limits';
import type { Place } from '../../../../src/shared/places';
import type { Task, TaskImage } from '../../../../src/shared/types';
import {
  emptyTaskForm,
  taskToFormValues,
  type TaskFormValues,
} from '../../../../src/shared/validation/taskForm';
import { apiLog } from '../../../../src/web/api/log';
import { sessionApi } from '../../../../src/web/features/session/sessionApi';
import { TaskForm, type TaskFormProps } from '../../../../src/web/features/taskForm/TaskForm';
import { taskApi } from '../../../../src/web/features/tasks/taskApi';
import { renderWithProviders } from '../../../support/render';
import { json } from '../../../support/webFetch';
import {
  anna,
  CATEGORIES,
  FakeXhr,
  formEntries,
  inDays,
  riga,
  routeFetch,
  validValues,
} from './support';

// OpenLayers is not needed here: a stand-in lists the marker letters.
jest.mock('../../../../src/web/ui/MapView', () => jest.requireActual('./mapViewStub'));

const rigaPlace: Place = {
  lat: riga.lat,
  lng: riga.lng,
  address: riga.address,
  components: { street: 'Brīvības iela', locality: 'Rīga', country_code: 'lv' },
};

// Full-form interactions are slow in jsdom on a busy machine.
jest.setTimeout(20_000);

let fetchMock: ReturnType<typeof routeFetch>;
beforeEach(() => {
  // The last picked place steers the next search (useGeocoder): each test starts without one.
  localStorage.clear();
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
  FakeXhr.install();
  fetchMock = routeFetch({
    '/categories': () => json(200, { data: CATEGORIES }),
    '/geo/search': () => json(200, { data: [rigaPlace] }),
  });
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:x'), revokeObjectURL: jest.fn() });
});
afterEach(() => jest.restoreAllMocks());

function renderForm(values: TaskFormValues = validValues(), props: Partial<TaskFormProps> = {}) {
  const onSaved = jest.fn();
  const rendered = renderWithProviders(
    <TaskForm mode="create" initialValues={values} onSaved={onSaved} {...props} />,
    { route: '/en/create-task' },
  );
  return { ...rendered, onSaved };
}

/** A file whose first bytes are a PNG's (the form checks them before adding it). */
const pngFile = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], name, {
    type: 'image/png',
  });

const submitButton = () =>
  screen.getByRole('button', { name: /Add task|Save changes|Invalid form/ });

async function submit(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.click(submitButton());
}

describe('TaskForm: submit button (SPEC 2)', () => {
  it("reads 'Add task' on create and 'Save changes' on update", () => {
    const { unmount } = renderForm();
    expect(submitButton()).toHaveTextContent('Add task');
    unmount();
    renderForm(validValues({ uuid: 'task-1' }), { mode: 'update' });
    expect(submitButton()).toHaveTextContent('Save changes');
  });

  it("turns red with 'Invalid form' and refuses to submit after a submit attempt on an invalid form", async () => {
    const { user } = renderForm(emptyTaskForm(null));
    expect(submitButton()).toHaveTextContent('Add task');
    expect(submitButton()).not.toHaveAttribute('aria-disabled');
    await submit(user);
    expect(submitButton()).toHaveTextContent('Invalid form');
    // Disabled for assistive technology, yet focusable: a keyboard user reaches it to hear why.
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    expect(submitButton()).toHaveAccessibleDescription('Correct the fields marked in red first.');
    expect(screen.getAllByText('This field is required.').length).toBeGreaterThan(3);
    await submit(user);
    expect(FakeXhr.requests).toHaveLength(0);
  });

  // The second: named and typed as a PNG, text inside; only the content counts (as on the server).
  it.each([
    [
      'too large',
      new File([new Uint8Array(LIMITS.imageMaxBytes + 1)], 'huge.jpg', { type: 'image/jpeg' }),
      'huge.jpg: the image must not be larger than 4 MB.',
    ],
    [
      'not an image by its first bytes',
      new File(['just some notes'], 'notes.png', { type: 'image/png' }),
      'notes.png: this is not a JPEG, PNG, WebP, or GIF image.',
    ],
  ])('refuses to submit while an image has an error (%s), and says so', async (_, file, text) => {
    const { user } = renderForm();
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText('0 of 12 images')).toBeInTheDocument();
    await waitFor(() => expect(submitButton()).toHaveAttribute('aria-disabled', 'true'));
    expect(submitButton()).toHaveTextContent('Add task');
    expect(submitButton()).toHaveAccessibleDescription(
      'Remove the images that cannot be added first.',
    );
    await submit(user);
    expect(FakeXhr.requests).toHaveLength(0);
  });

  it('a server error about an image goes with that image: the form can be sent again', async () => {
    const { user } = renderForm();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, [pngFile('good.png'), pngFile('broken.png')]);
    expect(await screen.findByText('2 of 12 images')).toBeInTheDocument();
    await submit(user);
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    act(() =>
      FakeXhr.last().respond(422, {
        message: 'The given data was invalid.',
        errors: {
          'images.1': ['broken.png: The file must be an image.'],
          images: ['broken.png: The file must be an image.'],
        },
      }),
    );
    expect(await screen.findByText('broken.png: The file must be an image.')).toBeInTheDocument();
    expect(submitButton()).toHaveTextContent('Invalid form');
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');

    // Removing another image changes nothing: the server named broken.png.
    await user.click(screen.getByRole('button', { name: 'Remove image good.png' }));
    expect(screen.getByText('broken.png: The file must be an image.')).toBeInTheDocument();
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');

    await user.click(screen.getByRole('button', { name: 'Remove image broken.png' }));
    expect(screen.queryByText('broken.png: The file must be an image.')).toBeNull();
    expect(screen.queryByText('Some fields need attention.')).toBeNull();
    expect(submitButton()).toHaveTextContent('Add task');
    expect(submitButton()).not.toHaveAttribute('aria-disabled');
    await submit(user);
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(2));
  });

  it("reads 'Invalid form' as soon as a touched field is invalid; a keyboard user reaches it and hears why", async () => {
    const { user } = renderForm();
    const title = screen.getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'abc');
    await user.tab();
    expect(submitButton()).toHaveTextContent('Invalid form');
    const tooltip = screen.getByRole('tooltip', { hidden: true });
    expect(tooltip).toHaveTextContent('Correct the fields marked in red first.');
    expect(tooltip).toHaveAttribute('data-visible', 'false');
    // Tab goes on from the field to the button: it is not taken out of the order.
    for (let press = 0; press < 100 && document.activeElement !== submitButton(); press += 1) {
      await user.tab();
    }
    expect(submitButton()).toHaveFocus();
    expect(tooltip).toHaveAttribute('data-visible', 'true');
    // Neither Enter on it nor Enter in a field (the implicit submission) sends anything.
    await user.keyboard('{Enter}');
    await user.click(title);
    await user.keyboard('{Enter}');
    expect(FakeXhr.requests).toHaveLength(0);
    // Once valid the button submits and the tooltip is gone.
    await user.type(title, 'defg');
    expect(submitButton()).toHaveTextContent('Add task');
    expect(submitButton()).toBeEnabled();
    expect(submitButton()).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
  });
});

describe('TaskForm: each rule of SPEC 5 shows its message', () => {
  const longText = (n: number) => 'x'.repeat(n);
  it.each<[string, Partial<TaskFormValues>, RegExp]>([
    ['title too short', { title: 'abcd' }, /^The title must be 5 to 255 characters long\.$/],
    ['title too long', { title: longText(256) }, /^The title must be 5 to 255 characters long\.$/],
    ['description too short', { description: 'abc' }, /^The description must be 5 to 1,000/],
    [
      'description too long',
      { description: longText(1001) },
      /^The description must be 5 to 1,000/,
    ],
    [
      'due start in the past',
      { due_start: `${inDays(-1)}T09:00:00` },
      /^The date cannot be in the past\.$/,
    ],
    [
      // A date picked without a time is 00:00: today, that is already gone.
      'due end earlier today',
      { due_type: 'end', due_start: null, due_end: `${inDays(0)}T00:00:00` },
      /^This time has already passed today\. Choose a later time\.$/,
    ],
    [
      'due end before the start',
      { due_end: `${inDays(1)}T09:00:00` },
      /^The end must be later than the start\.$/,
    ],
    [
      'budget range reversed',
      { budget_from: 300, budget_to: 100 },
      /^The lower amount cannot be above the upper amount\.$/,
    ],
    [
      'budget above the maximum',
      { budget_from: 0, budget_to: 600000 },
      /^The amount cannot be above 500,000\.$/,
    ],
    [
      'specific budget above the maximum',
      { budget_specific: 999999 },
      /^The amount cannot be above 500,000\.$/,
    ],
  ])('%s', async (_name, overrides, message) => {
    const { user } = renderForm(validValues(overrides));
    await submit(user);
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    expect(submitButton()).toHaveTextContent('Invalid form');
    expect(FakeXhr.requests).toHaveLength(0);
  });

  it('languages are required (under the checkboxes, on a line kept free for it)', async () => {
    const { user } = renderForm(validValues({ languages: [] }));
    const box = screen.getByRole('checkbox', { name: 'Latvian' });
    const group = box.closest('fieldset') as HTMLElement;
    // The error's line is there before the error (empty, hidden from screen readers), so the
    // error takes its place instead of pushing the form down (issue 16).
    const lineBefore = group.lastElementChild;
    const children = group.children.length;
    expect(lineBefore).toHaveAttribute('aria-hidden', 'true');
    expect(lineBefore).toHaveTextContent('');
    await submit(user);
    expect(box).toHaveAccessibleDescription('This field is required.');
    expect(group.lastElementChild).toHaveTextContent('This field is required.');
    expect(group.children).toHaveLength(children);
  });

  it('due type is required', async () => {
    const { user } = renderForm(validValues({ due_type: null, due_start: null, due_end: null }));
    await submit(user);
    expect(screen.getByRole('radio', { name: 'Start at' })).toHaveAccessibleDescription(
      'This field is required.',
    );
  });

  it('a shown due start is required; the due end is required', async () => {
    const { user } = renderForm(validValues({ due_start: null, due_end: null }));
    await submit(user);
    expect(screen.getByLabelText('Start: date')).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(screen.getByLabelText('End: date')).toHaveAccessibleDescription(
      'This field is required.',
    );
  });

  it('each address must be picked from the suggestions (address_required)', async () => {
    const { user } = renderForm(
      validValues({
        location_type: 'specific',
        locations: [{ address: 'Somewhere I typed', city: '', lat: null, lng: null }],
      }),
    );
    await submit(user);
    expect(screen.getByRole('combobox', { name: 'Address A' })).toHaveAccessibleDescription(
      'Choose an address from the suggestions.',
    );
  });

  it('at most 12 images in total', async () => {
    const images: TaskImage[] = Array.from({ length: 13 }, (_, i) => ({
      uuid: `img-${i}`,
      thumbnail: `/t/${i}.jpg`,
      original: `/o/${i}.jpg`,
    }));
    const { user } = renderForm(validValues({ uuid: 'task-1', images }), { mode: 'update' });
    await submit(user);
    expect(await screen.findByText('Add at most 12 images.')).toBeInTheDocument();
    expect(
      screen.getByText('You have added 12 images, the most a task can have.'),
    ).toBeInTheDocument();
  });

  it('shows the range error under both budget fields', async () => {
    const { user } = renderForm(validValues({ budget_from: 300, budget_to: 100 }));
    await submit(user);
    for (const label of ['From', 'To']) {
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(
        'The lower amount cannot be above the upper amount.',
      );
    }
  });
});

describe('TaskForm: dependencies (SPEC 4)', () => {
  it('due type start clears the end; end clears the start; period keeps both', async () => {
    const { user } = renderForm();
    expect(screen.getByLabelText('End: date')).toHaveValue(inDays(3));
    await user.click(screen.getByRole('radio', { name: 'Start at' }));
    expect(screen.queryByLabelText('End: date')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Between two dates' }));
    expect(screen.getByLabelText('End: date')).toHaveValue('');
    expect(screen.getByLabelText('Start: date')).toHaveValue(inDays(2));
    await user.click(screen.getByRole('radio', { name: 'Done by' }));
    expect(screen.queryByLabelText('Start: date')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Between two dates' }));
    expect(screen.getByLabelText('Start: date')).toHaveValue('');
  });

  it('date pickers: minimum today, end minimum the start, start maximum the end', () => {
    renderForm();
    expect(screen.getByLabelText('Start: date')).toHaveAttribute('min', inDays(0));
    expect(screen.getByLabelText('Start: date')).toHaveAttribute('max', inDays(3));
    expect(screen.getByLabelText('End: date')).toHaveAttribute('min', inDays(2));
  });

  it('location type: one empty row always kept, add hidden at 10, anywhere clears, specific resets', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('radio', { name: 'At specific addresses' }));
    expect(screen.getByRole('combobox', { name: 'Address A' })).toHaveValue('');
    expect(screen.queryByRole('button', { name: /Remove address/ })).not.toBeInTheDocument();

    const add = () => screen.queryByRole('button', { name: 'Add another address' });
    for (let i = 0; i < 9; i += 1) await user.click(add()!);
    expect(screen.getAllByRole('combobox', { name: /Address/ })).toHaveLength(10);
    expect(screen.getByRole('combobox', { name: 'Address J' })).toBeInTheDocument();
    expect(add()).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove address J' }));
    expect(screen.getAllByRole('combobox', { name: /Address/ })).toHaveLength(9);
    expect(add()).toBeInTheDocument();

    await user.type(screen.getByRole('combobox', { name: 'Address A' }), 'typed');
    await user.click(screen.getByRole('radio', { name: 'Anywhere (remote)' }));
    expect(screen.queryByRole('combobox', { name: /Address/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'At specific addresses' }));
    expect(screen.getAllByRole('combobox', { name: /Address/ })).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: 'Address A' })).toHaveValue('');
  });

  it('picks an address from the geocoder and marks it on the map', async () => {
    const { user } = renderForm(validValues({ location_type: 'specific', locations: [] }));
    await user.click(screen.getByRole('radio', { name: 'Anywhere (remote)' }));
    await user.click(screen.getByRole('radio', { name: 'At specific addresses' }));
    const input = screen.getByRole('combobox', { name: 'Address A' });
    await user.type(input, 'Brīv');
    await screen.findByRole('option', { name: riga.address });
    await user.keyboard('{Enter}');
    expect(input).toHaveValue(riga.address);
    expect(screen.getByTestId('map')).toHaveTextContent('a');
    const search = fetchMock.mock.calls
      .map(([request]) => new URL((request as Request).url))
      .find((url) => url.pathname === '/api/geo/search');
    expect(search?.searchParams.get('q')).toBe('Brīv');
    // No place picked before: the server searches around the base point of the UI language.
    expect(search?.searchParams.has('lat')).toBe(false);
    expect(search?.searchParams.has('lng')).toBe(false);
  });

  it('a picked place without a city is cleared with a message', async () => {
    fetchMock = routeFetch({
      '/categories': () => json(200, { data: CATEGORIES }),
      '/geo/search': () =>
        json(200, {
          data: [{ lat: 57, lng: 24, address: 'Latvia', components: { country_code: 'lv' } }],
        }),
    });
    const { user } = renderForm();
    await user.click(screen.getByRole('radio', { name: 'At specific addresses' }));
    const input = screen.getByRole('combobox', { name: 'Address A' });
    await user.type(input, 'Latv');
    await screen.findByRole('option', { name: 'Latvia' });
    await user.keyboard('{Enter}');
    expect(input).toHaveAccessibleDescription(
      'This place has no full address. Choose a more precise one.',
    );
    expect(screen.queryByTestId('map')).not.toBeInTheDocument();
  });

  it('the specific amount overrides from/to in the request', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Or a specific amount'), '75');
    await submit(user);
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    const body = formEntries(FakeXhr.last().body);
    expect(body.budget_from).toEqual(['75']);
    expect(body.budget_to).toEqual(['75']);
    expect(body.budget_specific).toBeUndefined();
  });

  it('budget fields take digits (letters cannot be typed) and move the slider', async () => {
    const { user } = renderForm();
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '12a3');
    expect(to).toHaveValue('123');
    expect(screen.getByRole('slider', { name: 'Highest amount' })).toHaveValue('123');
  });

  it('a budget with cents stays as typed (12.5, never 125) and is refused as whole euros only', async () => {
    const { user } = renderForm();
    const specific = screen.getByLabelText('Or a specific amount');
    await user.type(specific, '12.5');
    expect(specific).toHaveValue('12.5');
    await user.tab();
    expect(specific).toHaveAccessibleDescription(
      /Budgets are in whole euros: enter digits only, without a point or comma\./,
    );
    expect(specific).toHaveAttribute('aria-invalid', 'true');
    await submit(user);
    expect(submitButton()).toHaveTextContent('Invalid form');
    expect(FakeXhr.requests).toHaveLength(0);

    // A decimal comma, as lv, ru, et, lt and tr write it, likewise.
    await user.clear(specific);
    await user.type(specific, '12,5');
    expect(specific).toHaveValue('12,5');
    expect(specific).toHaveAccessibleDescription(/Budgets are in whole euros/);

    // Whole euros go through.
    await user.clear(specific);
    await user.type(specific, '13');
    expect(specific).not.toHaveAttribute('aria-invalid');
    await submit(user);
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    const body = formEntries(FakeXhr.last().body);
    expect(body.budget_from).toEqual(['13']);
    expect(body.budget_to).toEqual(['13']);
  });
});

describe('TaskForm: submitting', () => {
  it('creates: multipart over XHR with the CSRF and language headers, then the notice', async () => {
    document.cookie = 'XSRF-TOKEN=tok-1';
    const { user, store, onSaved } = renderForm();
    await submit(user);
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    const xhr = FakeXhr.last();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toMatch(/\/api\/tasks$/);
    expect(xhr.headers['X-XSRF-TOKEN']).toBe('tok-1');
    expect(xhr.headers['Accept-Language']).toBe('en');
    const body = formEntries(xhr.body);
    expect(body.title).toEqual(['Fix the kitchen tap']);
    expect(body['languages[]']).toEqual(['lv', 'en']);
    expect(body.category_id).toEqual(['12']);
    expect(body._method).toBeUndefined();

    act(() => xhr.progress(30, 100));
    expect(screen.getByText('Uploading: 30%')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();

    act(() => xhr.respond(201, { data: { uuid: 'u-1', identifier: 'TK1' } }));
    await waitFor(() =>
      expect(onSaved).toHaveBeenCalledWith({
        mode: 'create',
        created: { uuid: 'u-1', identifier: 'TK1' },
      }),
    );
    expect(store.getState().notices.map((n) => n.message.id)).toContain('taskForm.success.created');
  });

  it('cancels an upload in flight and keeps what was typed', async () => {
    const { user, store } = renderForm();
    await submit(user);
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(FakeXhr.last().aborted).toBe(true);
    await waitFor(() => expect(submitButton()).toHaveTextContent('Add task'));
    expect(screen.getByLabelText('Title')).toHaveValue('Fix the kitchen tap');
    expect(store.getState().notices.map((n) => n.message.id)).toContain(
      'taskForm.upload.cancelled',
    );
  });

  it('shows a server 422 under the right fields and focuses the first one', async () => {
    const { user } = renderForm(
      validValues({ location_type: 'specific', locations: [{ ...riga }] }),
    );
    await submit(user);
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    act(() =>
      FakeXhr.last().respond(422, {
        message: 'The given data was invalid.',
        errors: {
          title: ['This title is not allowed.'],
          'locations.0.address': ['This address is outside the service area.'],
        },
      }),
    );
    const title = screen.getByLabelText('Title');
    await waitFor(() =>
      expect(title).toHaveAccessibleDescription(
        expect.stringContaining('This title is not allowed.'),
      ),
    );
    expect(screen.getByRole('combobox', { name: 'Address A' })).toHaveAccessibleDescription(
      'This address is outside the service area.',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields need attention.');
    expect(submitButton()).toHaveTextContent('Invalid form');
    await waitFor(() => expect(title).toHaveFocus());
    // Editing the field hides its server error.
    await user.type(title, '!');
    expect(title).not.toHaveAccessibleDescription(expect.stringContaining('not allowed'));
  });

  it('on 419 ends the session and goes to login with ?next', async () => {
    const { user, router, store } = renderForm();
    // The author is signed in (the create page is for signed-in users): that session ends.
    await act(() => store.dispatch(sessionApi.util.upsertQueryData('me', undefined, anna)));
    await submit(user);
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    act(() => FakeXhr.last().respond(419, { message: 'Session expired.' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/en/create-task')}`);
    expect(store.getState().notices.map((n) => n.message.id)).toContain(
      'common.errors.unauthorized',
    );
    expect(sessionApi.endpoints.me.select()(store.getState()).data).toBeUndefined();
  });

  it('updates: PUT override, only new files, removed images listed; notice and Task invalidated', async () => {
    const task = {
      uuid: 'task-1',
      identifier: 'TK1',
      title: 'Paint the fence',
      description: 'A long wooden fence.',
      status: 'open',
      category: { id: 12, slug: 'plumbing', title: 'Plumbing' },
      languages: ['en'],
      location_type: 'anywhere',
      locations: [],
      due_type: 'end',
      due_start: null,
      due_end: `${inDays(5)}T12:00:00`,
      budget_from: 80,
      budget_to: 80,
      images: [
        { uuid: 'img-1', thumbnail: '/t/1.jpg', original: '/o/1.jpg' },
        { uuid: 'img-2', thumbnail: '/t/2.jpg', original: '/o/2.jpg' },
      ],
    } as unknown as Task;
    const values = taskToFormValues(task);
    const { user, onSaved, store } = renderForm(values, { mode: 'update' });
    expect(screen.getByLabelText('Or a specific amount')).toHaveValue('80');
    await user.click(screen.getByRole('button', { name: 'Remove image Image 1' }));
    await submit(user);
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    const xhr = FakeXhr.last();
    expect(xhr.url).toMatch(/\/api\/tasks\/task-1$/);
    const body = formEntries(xhr.body);
    expect(body._method).toEqual(['PUT']);
    expect(body['removable_images[]']).toEqual(['img-1']);
    expect(body['images[]']).toBeUndefined();
    // A detail page is showing the task: the update must make it refetch.
    const taskLoads = () =>
      fetchMock.mock.calls.filter(
        ([request]) => new URL((request as Request).url).pathname === '/api/tasks/task-1',
      ).length;
    const subscription = store.dispatch(
      taskApi.endpoints.getTask.initiate({ slug: 'task-1', locale: 'en' }),
    );
    await waitFor(() => expect(taskLoads()).toBe(1));
    act(() => xhr.respond(200, { data: { ...task, images: [task.images[1]] } }));
    await waitFor(() =>
      expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ mode: 'update' })),
    );
    expect(store.getState().notices.map((n) => n.message.id)).toContain('taskForm.success.updated');
    await waitFor(() => expect(taskLoads()).toBe(2));
    subscription.unsubscribe();
  });
});

describe('TaskForm: categories', () => {
  it('prefills the cascade from a child id and offers the children of the parent', async () => {
    renderForm(validValues({ category_id: 12 }));
    const parent = screen.getByLabelText('Category');
    await waitFor(() => expect(parent).toHaveValue('11'));
    const child = screen.getByLabelText('Subcategory');
    expect(child).toHaveValue('12');
    expect(
      within(child)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'Plumbing', 'Painting']);
  });

  it('a parent id selects the parent and asks for the subcategory', async () => {
    const { user } = renderForm(validValues({ category_id: 11 }));
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue('11'));
    expect(screen.getByLabelText('Subcategory')).toHaveValue('');
    await submit(user);
    expect(screen.getByLabelText('Subcategory')).toHaveAccessibleDescription(
      'This field is required.',
    );
  });
});
