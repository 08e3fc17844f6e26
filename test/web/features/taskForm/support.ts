/** Helpers of the task form tests: a routed fetch, a fake XMLHttpRequest, valid values. */
import type { Category, CurrentUser } from '../../../../src/shared/types';
import {
  emptyTaskForm,
  toLocalDateTime,
  type TaskFormValues,
} from '../../../../src/shared/validation/taskForm';
import { json } from '../../../support/webFetch';

/** A signed-in customer: the author of the forms' tasks. */
export const anna: CurrentUser = {
  uuid: 'u-anna',
  email: 'anna@example.com',
  full_name: 'Anna K',
  display_name: 'Anna K.',
  is_freelancer: false,
  is_legal: false,
  photo: null,
};

export const CATEGORIES: Category[] = [
  {
    id: 11,
    parent_id: null,
    title: 'Home repair',
    slug: 'home-repair',
    tasks_count: 3,
    children: [
      { id: 12, parent_id: 11, title: 'Plumbing', slug: 'plumbing', tasks_count: 1 },
      { id: 13, parent_id: 11, title: 'Painting', slug: 'painting', tasks_count: 0 },
    ],
  },
  { id: 1, parent_id: null, title: 'Courier', slug: 'courier', tasks_count: 0, children: [] },
];

type Answer = (request: Request) => Response | Promise<Response>;

/** fetch answered by path prefix (under /api); anything else is a 404. */
export function routeFetch(routes: Record<string, Answer>) {
  const mock = jest.fn(async (input: Request | string, init?: RequestInit) => {
    const request = typeof input === 'string' ? new Request(input, init) : input;
    const { pathname } = new URL(request.url);
    for (const [prefix, answer] of Object.entries(routes)) {
      if (pathname.startsWith(`/api${prefix}`)) return answer(request);
    }
    return json(404, { message: 'Not found.' });
  });
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
}

/** A stand-in for XMLHttpRequest: records requests; the test answers them. */
export class FakeXhr {
  static requests: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }
  send(body: FormData): void {
    this.body = body;
    FakeXhr.requests.push(this);
  }
  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number): void {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown): void {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }

  static install(): void {
    FakeXhr.requests = [];
    Object.assign(globalThis, { XMLHttpRequest: FakeXhr });
  }
  static last(): FakeXhr {
    const request = FakeXhr.requests[FakeXhr.requests.length - 1];
    if (!request) throw new Error('no XMLHttpRequest was sent');
    return request;
  }
}

/** 'YYYY-MM-DD' n days from today. */
export const inDays = (n: number): string =>
  toLocalDateTime(new Date(Date.now() + n * 86_400_000)).slice(0, 10);

export const riga = {
  address: 'Brīvības iela 68, Rīga, Latvia',
  city: 'Rīga',
  lat: 56.956,
  lng: 24.121,
};

/** A complete, valid form (anywhere, a period, a range budget). */
export function validValues(overrides: Partial<TaskFormValues> = {}): TaskFormValues {
  return {
    ...emptyTaskForm(12),
    title: 'Fix the kitchen tap',
    description: 'The tap drips day and night.',
    languages: ['lv', 'en'],
    due_type: 'period',
    due_start: `${inDays(2)}T09:00:00`,
    due_end: `${inDays(3)}T18:00:00`,
    location_type: 'anywhere',
    locations: [],
    budget_from: 50,
    budget_to: 100,
    budget_specific: null,
    ...overrides,
  };
}

/** The multipart body as name -> values. */
export function formEntries(form: FormData | null): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  form?.forEach((value, key) => {
    (out[key] ??= []).push(typeof value === 'string' ? value : `file:${(value as File).name}`);
  });
  return out;
}
