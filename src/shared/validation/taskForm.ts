/**
 * The task create/edit form (SPEC section 3 'Task form', section 4 'Form dependencies', section 5
 * 'Task form'): one yup schema for the SPA (mapped to final-form errors) and the server (422),
 * the form's dependent-field rules, and the multipart encoding both sides agree on.
 *
 * Validate with the context the rules need:
 *   taskFormSchema.validate(values, { abortEarly: false, context: { now, images_total } })
 */
import * as yup from 'yup';
import { LIMITS } from '../limits';
import { LOCALES, type Locale } from '../locales';
import type { DueType, LocationType, Task, TaskImage } from '../types';
import { ref, validationMessages as m } from './messages';

export const DUE_TYPES: readonly DueType[] = ['start', 'end', 'period'];
export const LOCATION_TYPES: readonly LocationType[] = ['anywhere', 'specific'];

export interface TaskFormLocation {
  address: string;
  city: string;
  /** Set when a place was picked from the suggestions; null while only text is typed. */
  lat: number | null;
  lng: number | null;
}

export interface TaskFormValues {
  /** Set on update. */
  uuid?: string;
  category_id: number | null;
  title: string;
  description: string;
  /** Images the task already has (update); newly dropped files are passed to toMultipart. */
  images: TaskImage[];
  /** uuids of existing images the user deleted. */
  removable_images: string[];
  languages: Locale[];
  due_type: DueType | null;
  /** Local date-time 'YYYY-MM-DDTHH:mm:ss'. */
  due_start: string | null;
  due_end: string | null;
  location_type: LocationType | null;
  locations: TaskFormLocation[];
  budget_from: number | null;
  budget_to: number | null;
  /** When set, it is the budget: it overrides from/to on submit. */
  budget_specific: number | null;
  /** Existing + new images, when the form tracks the count itself (else see the context). */
  images_count?: number;
}

export interface TaskFormContext {
  /** The current time: a Date, or a local 'YYYY-MM-DDTHH:mm:ss'. Default: new Date(). */
  now?: Date | string;
  /** Existing (kept) + new images; wins over images_count and images.length. */
  images_total?: number;
  /** The stored dates of the task being edited: an unchanged date may lie in the past. */
  original?: { due_start?: string | null; due_end?: string | null };
}

// ---------------------------------------------------------------------------------------------
// Local date-times

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;

/** 'YYYY-MM-DDTHH:mm:ss' naming a real calendar date and time. */
export function isLocalDateTime(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = LOCAL_DATE_TIME.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  );
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** A Date as local 'YYYY-MM-DDTHH:mm:ss' in the runtime's time zone. */
export function toLocalDateTime(date: Date): string {
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

function nowOf(context: TaskFormContext | undefined): string {
  const now = context?.now;
  if (typeof now === 'string' && isLocalDateTime(now)) return now;
  return toLocalDateTime(now instanceof Date ? now : new Date());
}

// ---------------------------------------------------------------------------------------------
// The schema

const emptyToNull = (value: unknown, original: unknown): unknown =>
  original === '' || original === null || original === undefined ? null : value;

/** A number field where '' means 'not filled' (text inputs give strings). */
const numberField = () =>
  yup.number().transform(emptyToNull).typeError(ref(m.number)).nullable().default(null);

const dateField = () =>
  yup
    .string()
    .transform((value: unknown, original: unknown) => (original === '' ? null : value))
    .nullable()
    .default(null);

const isShownStart = (dueType: unknown): boolean => dueType === 'start' || dueType === 'period';
const isShownEnd = (dueType: unknown): boolean => dueType === 'end' || dueType === 'period';

function contextOf(options: { context?: unknown }): TaskFormContext | undefined {
  return typeof options.context === 'object' && options.context !== null
    ? (options.context as TaskFormContext)
    : undefined;
}

/**
 * A new date must lie after now, by date and time (SPEC section 5): a deadline earlier today would
 * make the task expired at once (isExpired: due_end not after now). Before today is 'in the past';
 * today at a time already gone says so, since a date picked without a time is today 00:00:00. An
 * unchanged stored date (editing) is left alone.
 */
function notInPast(field: 'due_start' | 'due_end') {
  return function (this: yup.TestContext, value: string | null | undefined) {
    if (!isLocalDateTime(value)) return true;
    const context = contextOf(this.options);
    if (context?.original && context.original[field] === value) return true;
    const now = nowOf(context);
    if (value > now) return true;
    const earlierDay = value.slice(0, 10) < now.slice(0, 10);
    return this.createError({ message: ref(earlierDay ? m.dateInPast : m.timeInPast) });
  };
}

/** Required text of min..max characters after trimming; an empty one is only 'required'. */
const lengthField = (min: number, max: number, message: { id: string }) =>
  yup
    .string()
    .trim()
    .required(ref(m.required))
    .test(
      'length',
      ref(message, { min, max }),
      (value) => !value || (value.length >= min && value.length <= max),
    );

/**
 * Whole euros: 12.5 (or text the form could not read as digits, e.g. '12,5') is refused with a
 * message that says why, never read as 125.
 */
const budgetAmount = () =>
  numberField()
    .typeError(ref(m.budgetWhole))
    .integer(ref(m.budgetWhole))
    .min(LIMITS.budgetMin, ref(m.budgetMin, { min: LIMITS.budgetMin }))
    .max(LIMITS.budgetMax, ref(m.budgetMax, { max: LIMITS.budgetMax }));

const noSpecific = (specific: unknown): boolean => specific === null || specific === undefined;

/** budget_from / budget_to: required and in range unless budget_specific overrides them. */
const budgetBound = (side: 'from' | 'to') =>
  yup.mixed<number>().when('budget_specific', {
    is: noSpecific,
    then: () =>
      budgetAmount()
        .required(ref(m.required))
        .test('budget-range', ref(m.budgetRange), function (value) {
          const parent = this.parent as { budget_from?: unknown; budget_to?: unknown };
          const from = side === 'from' ? value : parent.budget_from;
          const to = side === 'to' ? value : parent.budget_to;
          if (typeof from !== 'number' || typeof to !== 'number') return true;
          if (!Number.isFinite(from) || !Number.isFinite(to)) return true;
          return from <= to;
        }),
    otherwise: () => yup.mixed<number>().nullable().strip(),
  });

const validCoordinate = (value: unknown, limit: number): boolean =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;

const locationSchema = yup
  .object({
    address: yup
      .string()
      .trim()
      .required(ref(m.required))
      .max(LIMITS.addressMax, ref(m.maxLength, { max: LIMITS.addressMax })),
    city: yup
      .string()
      .trim()
      .default('')
      .max(LIMITS.cityMax, ref(m.maxLength, { max: LIMITS.cityMax })),
    lat: yup.mixed<number>().nullable(),
    lng: yup.mixed<number>().nullable(),
  })
  // A typed text is not enough: the address must be a place picked from the suggestions.
  .test('address-selected', function (location) {
    if (!location || typeof location.address !== 'string' || location.address.trim() === '') {
      return true; // 'required' speaks for an empty address
    }
    const picked =
      validCoordinate(location.lat, 90) &&
      validCoordinate(location.lng, 180) &&
      typeof location.city === 'string' &&
      location.city.trim() !== '';
    return (
      picked || this.createError({ path: `${this.path}.address`, message: ref(m.addressRequired) })
    );
  });

export const taskFormSchema = yup.object({
  uuid: yup.string().optional(),
  category_id: numberField()
    .required(ref(m.required))
    .integer(ref(m.invalid))
    .min(1, ref(m.invalid)),
  title: lengthField(LIMITS.titleMin, LIMITS.titleMax, m.titleLength),
  description: lengthField(LIMITS.descriptionMin, LIMITS.descriptionMax, m.descriptionLength),
  images: yup
    .array()
    .default([])
    .test('images-max', ref(m.tooManyImages, { max: LIMITS.imagesPerTask }), function (images) {
      const parent = this.parent as { images_count?: unknown };
      const total =
        contextOf(this.options)?.images_total ??
        (typeof parent.images_count === 'number' ? parent.images_count : undefined) ??
        images?.length ??
        0;
      return total <= LIMITS.imagesPerTask;
    }),
  images_count: yup.number().optional(),
  removable_images: yup.array().of(yup.string().required()).default([]),
  languages: yup
    .array()
    .of(yup.string().required(ref(m.required)).oneOf(LOCALES, ref(m.oneOf)))
    .required(ref(m.required))
    .min(1, ref(m.required)),
  due_type: yup.string().nullable().required(ref(m.required)).oneOf(DUE_TYPES, ref(m.oneOf)),
  due_start: dateField().when('due_type', {
    is: isShownStart,
    then: (s) =>
      s
        .required(ref(m.required))
        .test('date', ref(m.date), (value) => isLocalDateTime(value))
        .test('date-in-past', notInPast('due_start')),
    // Not shown: ignored (applyDueType clears it).
    otherwise: (s) => s.strip(),
  }),
  due_end: dateField().when('due_type', {
    is: isShownEnd,
    then: (s) =>
      s
        .required(ref(m.required))
        .test('date', ref(m.date), (value) => isLocalDateTime(value))
        .test('date-in-past', notInPast('due_end'))
        .test('date-after-start', ref(m.dateAfterStart), function (value) {
          const parent = this.parent as { due_type?: unknown; due_start?: unknown };
          if (!isShownStart(parent.due_type)) return true;
          if (!isLocalDateTime(value) || !isLocalDateTime(parent.due_start)) return true;
          return value > parent.due_start;
        }),
    otherwise: (s) => s.strip(),
  }),
  location_type: yup
    .string()
    .nullable()
    .required(ref(m.required))
    .oneOf(LOCATION_TYPES, ref(m.oneOf)),
  locations: yup
    .array()
    .default([])
    .when('location_type', {
      is: 'specific',
      then: () =>
        yup
          .array()
          .of(locationSchema)
          .required(ref(m.locationsRequired))
          .min(1, ref(m.locationsRequired))
          .max(LIMITS.locationsPerTask, ref(m.tooManyLocations, { max: LIMITS.locationsPerTask })),
      // Anywhere: the list is cleared, whatever it held.
      otherwise: () =>
        yup
          .array()
          .default([])
          .transform(() => []),
    }),
  budget_from: budgetBound('from'),
  budget_to: budgetBound('to'),
  budget_specific: budgetAmount().optional(),
});

// ---------------------------------------------------------------------------------------------
// Form dependencies (SPEC section 4)

export const emptyLocation = (): TaskFormLocation => ({
  address: '',
  city: '',
  lat: null,
  lng: null,
});

export function emptyTaskForm(categoryId?: number | null): TaskFormValues {
  return {
    category_id: categoryId ?? null,
    title: '',
    description: '',
    images: [],
    removable_images: [],
    languages: [],
    due_type: null,
    due_start: null,
    due_end: null,
    location_type: 'anywhere',
    locations: [],
    budget_from: LIMITS.budgetMin,
    budget_to: LIMITS.budgetSliderInitial,
    budget_specific: null,
  };
}

/** start clears due_end; end clears due_start; period keeps both. */
export function applyDueType(values: TaskFormValues, dueType: DueType | null): TaskFormValues {
  return {
    ...values,
    due_type: dueType,
    due_start: dueType === 'end' ? null : values.due_start,
    due_end: dueType === 'start' ? null : values.due_end,
  };
}

/**
 * anywhere clears the locations; specific on create starts from one empty location; on update the
 * task's locations stay. A specific task always keeps at least one (maybe empty) location.
 */
export function applyLocationType(
  values: TaskFormValues,
  type: LocationType,
  { isCreate }: { isCreate: boolean },
): TaskFormValues {
  if (type === 'anywhere') return { ...values, location_type: type, locations: [] };
  const keep = !isCreate && values.locations.length > 0;
  return { ...values, location_type: type, locations: keep ? values.locations : [emptyLocation()] };
}

export const canAddLocation = (values: Pick<TaskFormValues, 'locations'>): boolean =>
  values.locations.length < LIMITS.locationsPerTask;

export function addLocation(values: TaskFormValues): TaskFormValues {
  if (!canAddLocation(values)) return values;
  return { ...values, locations: [...values.locations, emptyLocation()] };
}

/** Removes one location; the last one left is emptied instead, so one is always kept. */
export function removeLocation(values: TaskFormValues, index: number): TaskFormValues {
  const locations = values.locations.filter((_, i) => i !== index);
  return { ...values, locations: locations.length > 0 ? locations : [emptyLocation()] };
}

/** The budget sent: budget_specific overrides from/to when set. */
export function effectiveBudget(
  values: Pick<TaskFormValues, 'budget_from' | 'budget_to' | 'budget_specific'>,
): { budget_from: number | null; budget_to: number | null } {
  const specific = values.budget_specific;
  if (typeof specific === 'number' && Number.isFinite(specific)) {
    return { budget_from: specific, budget_to: specific };
  }
  return { budget_from: values.budget_from, budget_to: values.budget_to };
}

/** The edit form's values for a loaded task; budget_specific only when from equals to. */
export function taskToFormValues(task: Task): TaskFormValues {
  const specific = task.location_type === 'specific';
  return {
    uuid: task.uuid,
    category_id: task.category.id,
    title: task.title,
    description: task.description,
    images: task.images,
    removable_images: [],
    languages: task.languages,
    due_type: task.due_type,
    due_start: task.due_start,
    due_end: task.due_end,
    location_type: specific ? 'specific' : 'anywhere',
    locations: specific
      ? task.locations.map((l) => ({ address: l.address, city: l.city, lat: l.lat, lng: l.lng }))
      : [],
    budget_from: task.budget_from,
    budget_to: task.budget_to,
    budget_specific: task.budget_from === task.budget_to ? task.budget_from : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Multipart (Laravel bracket notation)

/**
 * The multipart body of POST /tasks (and POST /tasks/{uuid} with _method PUT): only new files are
 * sent as images[]; removable_images[] lists deleted ones; budget_specific overrides from/to.
 */
export function toMultipart(
  values: TaskFormValues,
  newFiles: readonly Blob[],
  removableImages: readonly string[],
  options: { method?: 'PUT' } = {},
): FormData {
  const form = new FormData();
  const put = (name: string, value: string | number | null | undefined): void => {
    if (value !== null && value !== undefined) form.append(name, String(value));
  };
  const shown = applyDueType(values, values.due_type);
  if (options.method) put('_method', options.method);
  put('category_id', values.category_id);
  put('title', values.title);
  put('description', values.description);
  for (const language of values.languages) put('languages[]', language);
  put('due_type', shown.due_type);
  put('due_start', shown.due_start);
  put('due_end', shown.due_end);
  put('location_type', values.location_type);
  if (values.location_type === 'specific') {
    values.locations.forEach((location, i) => {
      put(`locations[${i}][address]`, location.address);
      put(`locations[${i}][city]`, location.city);
      put(`locations[${i}][lat]`, location.lat);
      put(`locations[${i}][lng]`, location.lng);
    });
  }
  const budget = effectiveBudget(values);
  put('budget_from', budget.budget_from);
  put('budget_to', budget.budget_to);
  for (const file of newFiles) {
    if (typeof File !== 'undefined' && file instanceof File)
      form.append('images[]', file, file.name);
    else form.append('images[]', file);
  }
  for (const uuid of removableImages) put('removable_images[]', uuid);
  return form;
}

const FIELD_KEY = /^([A-Za-z_]+)((?:\[[^[\]]*\])*)$/;
const MAX_LOCATION_INDEX = 49;
const LOCATION_FIELDS = new Set(['address', 'city', 'lat', 'lng']);

/** '' -> null; a plain decimal -> its number; anything else -> NaN (the schema says 'number'). */
function toNumber(value: string | undefined): number | null {
  if (value === undefined) return null;
  const text = value.trim();
  if (text === '') return null;
  return /^-?\d+(?:\.\d+)?$/.test(text) ? Number(text) : NaN;
}

/**
 * The server's side of toMultipart: the text fields of a multipart body (repeated names as
 * arrays) -> TaskFormValues with numbers coerced. Only form fields are read, so a client cannot
 * set status, author, views_count or the like; files are handled apart (images stays empty).
 */
export function parseTaskMultipart(fields: Record<string, string | string[]>): TaskFormValues {
  const scalars = new Map<string, string>();
  const lists = new Map<string, string[]>();
  const locations = new Map<number, Partial<Record<string, string>>>();

  for (const [key, raw] of Object.entries(fields)) {
    const match = FIELD_KEY.exec(key);
    if (!match) continue;
    const [, name, brackets] = match;
    const segments = brackets ? brackets.slice(1, -1).split('][') : [];
    const values = (Array.isArray(raw) ? raw : [raw]).filter(
      (v): v is string => typeof v === 'string',
    );
    if (values.length === 0) continue;
    if (name === 'languages' || name === 'removable_images') {
      if (segments.length > 1 || (segments.length === 1 && !/^\d*$/.test(segments[0]))) continue;
      lists.set(name, [...(lists.get(name) ?? []), ...values]);
    } else if (name === 'locations') {
      if (segments.length !== 2 || !/^\d{1,3}$/.test(segments[0])) continue;
      const index = Number(segments[0]);
      if (index > MAX_LOCATION_INDEX || !LOCATION_FIELDS.has(segments[1])) continue;
      const location = locations.get(index) ?? {};
      location[segments[1]] = values[values.length - 1];
      locations.set(index, location);
    } else if (segments.length === 0) {
      // A repeated single field: the last one wins, as in Laravel.
      scalars.set(name, values[values.length - 1]);
    }
  }

  const text = (name: string): string => scalars.get(name) ?? '';
  const orNull = (name: string): string | null => {
    const value = scalars.get(name);
    return value === undefined || value.trim() === '' ? null : value;
  };
  const unique = <T>(list: readonly T[]): T[] => [...new Set(list)];

  return {
    category_id: toNumber(scalars.get('category_id')),
    title: text('title'),
    description: text('description'),
    images: [],
    removable_images: unique(lists.get('removable_images') ?? []),
    // Validated by the schema: any string can arrive here.
    languages: unique(lists.get('languages') ?? []) as Locale[],
    due_type: orNull('due_type') as DueType | null,
    due_start: orNull('due_start'),
    due_end: orNull('due_end'),
    location_type: orNull('location_type') as LocationType | null,
    locations: [...locations.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, l]) => ({
        address: l.address ?? '',
        city: l.city ?? '',
        lat: toNumber(l.lat),
        lng: toNumber(l.lng),
      })),
    budget_from: toNumber(scalars.get('budget_from')),
    budget_to: toNumber(scalars.get('budget_to')),
    budget_specific: toNumber(scalars.get('budget_specific')),
  };
}
