/**
 * The task form schema (SPEC section 5 'Task form'), the form dependencies (section 4) and the
 * multipart encoding (DESIGN: Laravel bracket notation). One test per rule.
 */
import { ValidationError } from 'yup';
import type { MessageRef } from '../../src/shared/validation/messages';
import {
  addLocation,
  applyDueType,
  applyLocationType,
  effectiveBudget,
  emptyLocation,
  emptyTaskForm,
  isLocalDateTime,
  parseTaskMultipart,
  removeLocation,
  taskFormSchema,
  taskToFormValues,
  toLocalDateTime,
  toMultipart,
  type TaskFormContext,
  type TaskFormValues,
} from '../../src/shared/validation/taskForm';
import type { Task } from '../../src/shared/types';

const NOW = '2030-06-15T12:00:00';

const riga = {
  address: 'Brīvības iela 68, Rīga, Latvia',
  city: 'Rīga',
  lat: 56.946,
  lng: 24.10589,
};

function valid(overrides: Partial<TaskFormValues> = {}): TaskFormValues {
  return {
    ...emptyTaskForm(11),
    title: 'Fix the kitchen tap',
    description: 'The tap drips day and night.',
    languages: ['lv', 'en'],
    due_type: 'period',
    due_start: '2030-06-20T09:00:00',
    due_end: '2030-06-21T18:00:00',
    location_type: 'specific',
    locations: [{ ...riga }],
    budget_from: 50,
    budget_to: 100,
    budget_specific: null,
    ...overrides,
  };
}

/** Field path -> message descriptors, as the SPA and the server read them. */
async function errorsOf(
  values: unknown,
  context: TaskFormContext = { now: NOW },
): Promise<Record<string, MessageRef[]>> {
  try {
    await taskFormSchema.validate(values, { abortEarly: false, context });
    return {};
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const out: Record<string, MessageRef[]> = {};
    for (const leaf of err.inner.length > 0 ? err.inner : [err]) {
      (out[leaf.path ?? '_'] ??= []).push(leaf.errors[0] as unknown as MessageRef);
    }
    return out;
  }
}

const ids = (errors: Record<string, MessageRef[]>, field: string): string[] =>
  (errors[field] ?? []).map((e) => e.id);

describe('task form schema (SPEC 5)', () => {
  it('accepts a complete form', async () => {
    expect(await errorsOf(valid())).toEqual({});
  });

  describe('category_id', () => {
    it('is required', async () => {
      expect(ids(await errorsOf(valid({ category_id: null })), 'category_id')).toEqual([
        'validation.required',
      ]);
    });
    it('must be a number', async () => {
      const values = { ...valid(), category_id: 'abc' };
      expect(ids(await errorsOf(values), 'category_id')).toEqual(['validation.number']);
    });
  });

  describe('title (5 to 255 characters)', () => {
    it('is required', async () => {
      expect(ids(await errorsOf(valid({ title: '' })), 'title')).toEqual(['validation.required']);
    });
    it('rejects fewer than 5 characters, counted after trimming', async () => {
      const errors = await errorsOf(valid({ title: '   abcd   ' }));
      expect(errors.title).toEqual([
        { id: 'validation.title_length', values: { min: 5, max: 255 } },
      ]);
    });
    it('rejects more than 255 characters and accepts 5 and 255', async () => {
      expect(ids(await errorsOf(valid({ title: 'x'.repeat(256) })), 'title')).toEqual([
        'validation.title_length',
      ]);
      expect(await errorsOf(valid({ title: 'x'.repeat(255) }))).toEqual({});
      expect(await errorsOf(valid({ title: 'abcde' }))).toEqual({});
    });
  });

  describe('description (5 to 1000 characters)', () => {
    it('is required', async () => {
      expect(ids(await errorsOf(valid({ description: '' })), 'description')).toEqual([
        'validation.required',
      ]);
    });
    it('rejects fewer than 5 and more than 1000 characters', async () => {
      const short = await errorsOf(valid({ description: 'abcd' }));
      expect(short.description).toEqual([
        { id: 'validation.description_length', values: { min: 5, max: 1000 } },
      ]);
      expect(ids(await errorsOf(valid({ description: 'x'.repeat(1001) })), 'description')).toEqual([
        'validation.description_length',
      ]);
      expect(await errorsOf(valid({ description: 'x'.repeat(1000) }))).toEqual({});
    });
  });

  describe('languages', () => {
    it('are required (at least one)', async () => {
      expect(ids(await errorsOf(valid({ languages: [] })), 'languages')).toEqual([
        'validation.required',
      ]);
    });
    it('must be UI locales', async () => {
      const values = { ...valid(), languages: ['lv', 'de'] };
      expect(ids(await errorsOf(values), 'languages[1]')).toEqual(['validation.one_of']);
    });
  });

  describe('due_type', () => {
    it('is required', async () => {
      expect(ids(await errorsOf(valid({ due_type: null })), 'due_type')).toEqual([
        'validation.required',
      ]);
    });
    it('is start, end or period', async () => {
      const values = { ...valid(), due_type: 'later' };
      expect(ids(await errorsOf(values), 'due_type')).toEqual(['validation.one_of']);
    });
  });

  describe('due_start', () => {
    it('is required when shown (start, period)', async () => {
      for (const due_type of ['start', 'period'] as const) {
        const errors = await errorsOf(valid({ due_type, due_start: null }));
        expect(ids(errors, 'due_start')).toEqual(['validation.required']);
      }
    });
    it('is not required when hidden (end)', async () => {
      expect(await errorsOf(valid({ due_type: 'end', due_start: null }))).toEqual({});
    });
    it('must be a real local date-time', async () => {
      for (const bad of ['2030-02-30T10:00:00', '2030-06-20 10:00', '20.06.2030 10:00']) {
        const errors = await errorsOf(valid({ due_type: 'start', due_start: bad, due_end: null }));
        expect(ids(errors, 'due_start')).toEqual(['validation.date']);
      }
    });
    it('must not be in the past relative to now', async () => {
      const errors = await errorsOf(valid({ due_start: '2030-06-14T23:59:59' }));
      expect(ids(errors, 'due_start')).toEqual(['validation.date_in_past']);
    });
    it('may be later today, but not at a time of today already gone (a date without a time is 00:00)', async () => {
      expect(await errorsOf(valid({ due_start: '2030-06-15T13:00:00' }))).toEqual({});
      for (const gone of ['2030-06-15T00:00:00', '2030-06-15T11:00:00', NOW]) {
        const errors = await errorsOf(valid({ due_start: gone }));
        expect(ids(errors, 'due_start')).toEqual(['validation.time_in_past']);
      }
    });
    it('takes now from the context (Date or local string)', async () => {
      const values = valid({ due_start: '2030-06-20T09:00:00' });
      expect(ids(await errorsOf(values, { now: '2030-06-21T08:00:00' }), 'due_start')).toEqual([
        'validation.date_in_past',
      ]);
      expect(
        ids(await errorsOf(values, { now: new Date(2030, 5, 21, 8, 0, 0) }), 'due_start'),
      ).toEqual(['validation.date_in_past']);
    });
    it('may stay in the past when editing leaves it unchanged', async () => {
      const values = valid({ due_start: '2030-06-01T09:00:00' });
      const context = { now: NOW, original: { due_start: '2030-06-01T09:00:00' } };
      expect(await errorsOf(values, context)).toEqual({});
    });
  });

  describe('due_end', () => {
    it('is required when shown (end, period)', async () => {
      for (const due_type of ['end', 'period'] as const) {
        const errors = await errorsOf(valid({ due_type, due_end: null }));
        expect(ids(errors, 'due_end')).toEqual(['validation.required']);
      }
    });
    it('is not required for due type start (start clears it)', async () => {
      expect(await errorsOf(valid({ due_type: 'start', due_end: null }))).toEqual({});
    });
    it('must be after the start when a start is shown', async () => {
      const same = await errorsOf(valid({ due_end: '2030-06-20T09:00:00' }));
      expect(ids(same, 'due_end')).toEqual(['validation.date_after_start']);
      const before = await errorsOf(valid({ due_end: '2030-06-19T09:00:00' }));
      expect(ids(before, 'due_end')).toEqual(['validation.date_after_start']);
      expect(await errorsOf(valid({ due_end: '2030-06-20T09:00:01' }))).toEqual({});
    });
    it('must not be in the past', async () => {
      const errors = await errorsOf(
        valid({ due_type: 'end', due_start: null, due_end: '2030-06-01T10:00:00' }),
      );
      expect(ids(errors, 'due_end')).toEqual(['validation.date_in_past']);
    });
    it('compares the time too: an hour ago today is refused (the task would be expired at once), an hour ahead is fine', async () => {
      const end = (due_end: string) => valid({ due_type: 'end', due_start: null, due_end });
      expect(ids(await errorsOf(end('2030-06-15T11:00:00')), 'due_end')).toEqual([
        'validation.time_in_past',
      ]);
      // Exactly now is expired (isExpired: an end not in the future).
      expect(ids(await errorsOf(end(NOW)), 'due_end')).toEqual(['validation.time_in_past']);
      expect(await errorsOf(end('2030-06-15T13:00:00'))).toEqual({});
      expect(await errorsOf(end('2030-06-15T12:00:01'))).toEqual({});
    });
  });

  describe('locations', () => {
    it('location_type is anywhere or specific', async () => {
      expect(ids(await errorsOf({ ...valid(), location_type: 'moon' }), 'location_type')).toEqual([
        'validation.one_of',
      ]);
      expect(ids(await errorsOf(valid({ location_type: null })), 'location_type')).toEqual([
        'validation.required',
      ]);
    });
    it('specific needs at least one location', async () => {
      expect(ids(await errorsOf(valid({ locations: [] })), 'locations')).toEqual([
        'validation.locations_required',
      ]);
    });
    it('each location requires an address', async () => {
      const errors = await errorsOf(valid({ locations: [{ ...riga }, emptyLocation()] }));
      expect(ids(errors, 'locations[1].address')).toEqual(['validation.required']);
    });
    it('an address must be a selected place (address_required)', async () => {
      const typed = { address: 'Brīvības iela 68', city: '', lat: null, lng: null };
      const errors = await errorsOf(valid({ locations: [typed] }));
      expect(errors['locations[0].address']).toEqual([{ id: 'validation.address_required' }]);
      const noCity = { ...riga, city: '' };
      expect(ids(await errorsOf(valid({ locations: [noCity] })), 'locations[0].address')).toEqual([
        'validation.address_required',
      ]);
      const badLat = { ...riga, lat: 91 };
      expect(ids(await errorsOf(valid({ locations: [badLat] })), 'locations[0].address')).toEqual([
        'validation.address_required',
      ]);
    });
    it('an address and a city are at most 255 characters (issue 14: a 900 KB address was stored)', async () => {
      const longest = { ...riga, address: 'a'.repeat(255), city: 'c'.repeat(255) };
      expect(await errorsOf(valid({ locations: [longest] }))).toEqual({});
      const address = { ...riga, address: 'a'.repeat(900 * 1024) };
      await expect(errorsOf(valid({ locations: [address] }))).resolves.toMatchObject({
        'locations[0].address': [{ id: 'validation.max_length', values: { max: 255 } }],
      });
      const city = { ...riga, city: 'c'.repeat(3000) };
      expect(
        (await errorsOf(valid({ locations: [{ ...riga }, city] })))['locations[1].city'],
      ).toEqual([{ id: 'validation.max_length', values: { max: 255 } }]);
    });
    it('allows at most 10 locations', async () => {
      const ten = Array.from({ length: 10 }, () => ({ ...riga }));
      expect(await errorsOf(valid({ locations: ten }))).toEqual({});
      const errors = await errorsOf(valid({ locations: [...ten, { ...riga }] }));
      expect(errors.locations).toEqual([
        { id: 'validation.too_many_locations', values: { max: 10 } },
      ]);
    });
    it('anywhere ignores the locations', async () => {
      const values = valid({ location_type: 'anywhere', locations: [emptyLocation()] });
      expect(await errorsOf(values)).toEqual({});
    });
  });

  describe('budget (0..500000, from not above to)', () => {
    it('requires from and to', async () => {
      const errors = await errorsOf(valid({ budget_from: null, budget_to: null }));
      expect(ids(errors, 'budget_from')).toEqual(['validation.required']);
      expect(ids(errors, 'budget_to')).toEqual(['validation.required']);
    });
    it('shows a range error under both fields when from is above to', async () => {
      const errors = await errorsOf(valid({ budget_from: 200, budget_to: 100 }));
      expect(ids(errors, 'budget_from')).toEqual(['validation.budget_range']);
      expect(ids(errors, 'budget_to')).toEqual(['validation.budget_range']);
      expect(await errorsOf(valid({ budget_from: 100, budget_to: 100 }))).toEqual({});
    });
    it('rejects amounts below 0 and above 500000', async () => {
      const low = await errorsOf(valid({ budget_from: -1 }));
      expect(low.budget_from).toEqual([{ id: 'validation.budget_min', values: { min: 0 } }]);
      const high = await errorsOf(valid({ budget_to: 500001 }));
      expect(high.budget_to).toEqual([{ id: 'validation.budget_max', values: { max: 500000 } }]);
      expect(await errorsOf(valid({ budget_from: 0, budget_to: 500000 }))).toEqual({});
    });
    it('are whole euros: a fraction, or what the form could not read, says so', async () => {
      expect(ids(await errorsOf(valid({ budget_from: 10.5 })), 'budget_from')).toEqual([
        'validation.budget_whole',
      ]);
      expect(ids(await errorsOf(valid({ budget_specific: 12.5 })), 'budget_specific')).toEqual([
        'validation.budget_whole',
      ]);
      // The form's value for '12,5' or '1.000' (BudgetFields.parseAmountText).
      expect(ids(await errorsOf(valid({ budget_to: Number.NaN })), 'budget_to')).toEqual([
        'validation.budget_whole',
      ]);
      expect(ids(await errorsOf({ ...valid(), budget_to: 'lots' }), 'budget_to')).toEqual([
        'validation.budget_whole',
      ]);
    });
    it('budget_specific is 0..500000', async () => {
      const errors = await errorsOf(valid({ budget_specific: 500001 }));
      expect(ids(errors, 'budget_specific')).toEqual(['validation.budget_max']);
      expect(ids(await errorsOf(valid({ budget_specific: -5 })), 'budget_specific')).toEqual([
        'validation.budget_min',
      ]);
    });
    it('budget_specific overrides from/to, which are then not checked', async () => {
      const values = valid({ budget_specific: 300, budget_from: 900, budget_to: null });
      expect(await errorsOf(values)).toEqual({});
      expect(effectiveBudget(values)).toEqual({ budget_from: 300, budget_to: 300 });
      expect(effectiveBudget(valid())).toEqual({ budget_from: 50, budget_to: 100 });
    });
  });

  describe('images (at most 12 in total)', () => {
    it('counts existing + new images from the context', async () => {
      expect(await errorsOf(valid(), { now: NOW, images_total: 12 })).toEqual({});
      const errors = await errorsOf(valid(), { now: NOW, images_total: 13 });
      expect(errors.images).toEqual([{ id: 'validation.too_many_images', values: { max: 12 } }]);
    });
    it('or from the images_count field', async () => {
      expect(ids(await errorsOf(valid({ images_count: 13 })), 'images')).toEqual([
        'validation.too_many_images',
      ]);
    });
  });
});

describe('form dependencies (SPEC 4)', () => {
  it('due type start clears due_end', () => {
    const next = applyDueType(valid(), 'start');
    expect(next).toMatchObject({
      due_type: 'start',
      due_start: '2030-06-20T09:00:00',
      due_end: null,
    });
  });
  it('due type end clears due_start', () => {
    const next = applyDueType(valid(), 'end');
    expect(next).toMatchObject({
      due_type: 'end',
      due_start: null,
      due_end: '2030-06-21T18:00:00',
    });
  });
  it('period keeps both', () => {
    const next = applyDueType(valid({ due_type: 'start' }), 'period');
    expect(next).toMatchObject({
      due_start: '2030-06-20T09:00:00',
      due_end: '2030-06-21T18:00:00',
    });
  });
  it('anywhere clears the locations', () => {
    expect(applyLocationType(valid(), 'anywhere', { isCreate: false }).locations).toEqual([]);
  });
  it('specific on create resets to one empty location', () => {
    const next = applyLocationType(valid({ location_type: 'anywhere' }), 'specific', {
      isCreate: true,
    });
    expect(next.location_type).toBe('specific');
    expect(next.locations).toEqual([emptyLocation()]);
  });
  it('specific on update keeps the locations, or one empty one', () => {
    expect(applyLocationType(valid(), 'specific', { isCreate: false }).locations).toEqual([riga]);
    const none = valid({ location_type: 'anywhere', locations: [] });
    expect(applyLocationType(none, 'specific', { isCreate: false }).locations).toEqual([
      emptyLocation(),
    ]);
  });
  it('one empty location is always kept; at most 10 can be added', () => {
    expect(removeLocation(valid(), 0).locations).toEqual([emptyLocation()]);
    let values = valid({ locations: [] });
    for (let i = 0; i < 12; i++) values = addLocation(values);
    expect(values.locations).toHaveLength(10);
  });
  it('the edit form fills budget_specific only when from equals to', () => {
    const task = {
      uuid: 'u',
      category: { id: 11, slug: 's', title: 't' },
      title: 'Title',
      description: 'Description',
      images: [],
      languages: ['lv'],
      due_type: 'start',
      due_start: '2030-06-20T09:00:00',
      due_end: null,
      location_type: 'anywhere',
      locations: [],
      budget_from: 80,
      budget_to: 80,
    } as unknown as Task;
    expect(taskToFormValues(task).budget_specific).toBe(80);
    expect(taskToFormValues({ ...task, budget_to: 90 }).budget_specific).toBeNull();
  });
  it('formats and checks local date-times', () => {
    expect(toLocalDateTime(new Date(2030, 0, 2, 3, 4, 5))).toBe('2030-01-02T03:04:05');
    expect(isLocalDateTime('2030-01-02T03:04:05')).toBe(true);
    expect(isLocalDateTime('2030-01-02T24:00:00')).toBe(false);
  });
});

/** FormData text entries as a multipart parser gives them: repeated names become arrays. */
function fieldsOf(form: FormData): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  form.forEach((value, key) => {
    if (typeof value !== 'string') return;
    const previous = fields[key];
    fields[key] =
      previous === undefined
        ? value
        : [...(Array.isArray(previous) ? previous : [previous]), value];
  });
  return fields;
}

describe('multipart (Laravel bracket notation)', () => {
  const photo = new File([new Uint8Array([1, 2, 3])], 'tap.jpg', { type: 'image/jpeg' });

  it('encodes arrays and locations with brackets', () => {
    const form = toMultipart(valid(), [photo], ['old-image-uuid']);
    expect(form.getAll('languages[]')).toEqual(['lv', 'en']);
    expect(form.get('locations[0][address]')).toBe(riga.address);
    expect(form.get('locations[0][city]')).toBe('Rīga');
    expect(form.get('locations[0][lat]')).toBe('56.946');
    expect(form.get('locations[0][lng]')).toBe('24.10589');
    expect(form.getAll('removable_images[]')).toEqual(['old-image-uuid']);
    const files = form.getAll('images[]');
    expect(files).toHaveLength(1);
    expect((files[0] as File).name).toBe('tap.jpg');
    expect(form.get('_method')).toBeNull();
    expect(toMultipart(valid(), [], [], { method: 'PUT' }).get('_method')).toBe('PUT');
  });

  it('sends budget_specific as from and to', () => {
    const form = toMultipart(valid({ budget_specific: 300 }), [], []);
    expect(form.get('budget_from')).toBe('300');
    expect(form.get('budget_to')).toBe('300');
    expect(form.has('budget_specific')).toBe(false);
  });

  it('sends only the dates the due type shows, and no locations for anywhere', () => {
    const form = toMultipart(valid({ due_type: 'start', location_type: 'anywhere' }), [], []);
    expect(form.get('due_start')).toBe('2030-06-20T09:00:00');
    expect(form.has('due_end')).toBe(false);
    expect([...form.keys()].some((key) => key.startsWith('locations'))).toBe(false);
  });

  it('round-trips through parseTaskMultipart', async () => {
    const values = valid({
      locations: [
        { ...riga },
        { address: 'Gedimino pr. 9, Vilnius', city: 'Vilnius', lat: 54.68916, lng: 25.2798 },
      ],
      removable_images: ['a1'],
    });
    const parsed = parseTaskMultipart(fieldsOf(toMultipart(values, [photo], ['a1'])));
    expect(parsed).toEqual({ ...values, images: [] });
    expect(await errorsOf(parsed)).toEqual({});
  });

  it('coerces numbers and leaves bad ones for the schema', async () => {
    const parsed = parseTaskMultipart({
      category_id: '11',
      budget_from: '',
      budget_to: 'ten',
      'locations[0][lat]': '56.9',
      'locations[0][lng]': 'x',
    });
    expect(parsed.category_id).toBe(11);
    expect(parsed.budget_from).toBeNull();
    expect(parsed.budget_to).toBeNaN();
    expect(parsed.locations[0].lat).toBe(56.9);
    expect(parsed.locations[0].lng).toBeNaN();
    expect(ids(await errorsOf(parsed), 'budget_to')).toEqual(['validation.budget_whole']);
  });

  it('ignores unknown fields, so a client cannot set status, author or counters', () => {
    // JSON.parse makes '__proto__' an own key, as a body parser would.
    const fields = JSON.parse(
      JSON.stringify({
        title: 'Fix the tap',
        status: 'completed',
        author_uuid: 'someone-else',
        views_count: '9999',
        uuid: 'another-task',
        'locations[0][address]': 'Rīga',
        'locations[0][status]': 'x',
        'locations[999][address]': 'far away',
        'title[x]': 'nested',
        'constructor[prototype][polluted]': 'yes',
      }).replace('{', '{"__proto__":{"polluted":"yes"},'),
    ) as Record<string, string>;
    const parsed = parseTaskMultipart(fields);
    expect(Object.keys(parsed).sort()).toEqual(Object.keys(emptyTaskForm()).sort());
    expect(parsed.title).toBe('Fix the tap');
    expect(parsed.locations).toEqual([{ address: 'Rīga', city: '', lat: null, lng: null }]);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('accepts languages without brackets and repeated single fields (last wins)', () => {
    const parsed = parseTaskMultipart({ languages: 'lv', title: ['first', 'second'] });
    expect(parsed.languages).toEqual(['lv']);
    expect(parsed.title).toBe('second');
  });
});
