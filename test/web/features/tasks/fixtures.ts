/** Tasks, users and a fetch mock that answers by URL for the task detail tests. */
import moment from 'moment';
import type { CurrentUser, Offer, Task, TaskQuestions } from '../../../../src/shared/types';
import { json, type FetchMock } from '../../../support/webFetch';

export const OWNER_UUID = '11111111-1111-4111-8111-111111111111';
export const TASK_UUID = '22222222-2222-4222-8222-222222222222';
export const CHOSEN_UUID = '33333333-3333-4333-8333-333333333333';
export const OTHER_UUID = '44444444-4444-4444-8444-444444444444';

export const localDateTime = (m: moment.Moment): string => m.format('YYYY-MM-DDTHH:mm:ss');

export function user(uuid: string, overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    uuid,
    email: `${uuid.slice(0, 4)}@example.com`,
    full_name: 'Some One',
    display_name: 'Some O.',
    is_freelancer: false,
    is_legal: false,
    photo: null,
    ...overrides,
  };
}

export const owner = user(OWNER_UUID, { display_name: 'Anna K.' });
export const chosenFreelancer = user(CHOSEN_UUID, { is_freelancer: true });
export const otherFreelancer = user(OTHER_UUID, { is_freelancer: true });

export function offer(freelancerUuid: string, chosen: boolean): Offer {
  return {
    uuid: `offer-${freelancerUuid.slice(0, 4)}`,
    description: 'I can do it',
    price: 120,
    notify_if_not_chosen: false,
    hash: 'hash',
    chosen_at: chosen ? '2025-01-02T10:00:00.000Z' : null,
    created_at: '2025-01-01T10:00:00.000Z',
    freelancer: {
      uuid: freelancerUuid,
      photo: null,
      is_legal: false,
      full_name: 'Free Lancer',
      display_name: 'Free L.',
      freelancer_rating: 4.5,
    },
    not_chosen_reason: null,
  };
}

export function makeTask(overrides: Partial<Task> = {}): Task {
  return {
    uuid: TASK_UUID,
    identifier: 'TK7Q2XYZ',
    title: 'Fix the kitchen sink',
    description: 'The sink leaks.\nPlease bring tools.',
    status: 'open',
    category: { id: 42, slug: 'house-cleaning', title: 'House cleaning' },
    languages: ['lv', 'en'],
    location_type: 'anywhere',
    locations: [],
    due_type: 'end',
    due_start: null,
    due_end: localDateTime(moment().add(20, 'days')),
    budget_from: 100,
    budget_to: 250,
    images: [],
    author: {
      uuid: OWNER_UUID,
      photo: null,
      is_legal: true,
      is_online: true,
      full_name: 'Anna Kalnina',
      display_name: 'Anna K.',
      customer_rating: 4.8,
    },
    offers_count: 0,
    offers: [],
    views_count: 12,
    created_at: new Date(Date.now() - 3 * 3600 * 1000).toISOString(),
    awaiting_action: false,
    second_party_contacts: null,
    reviews: [],
    ...overrides,
  };
}

/** An assigned task as the owner or the chosen freelancer sees it. */
export function assignedTask(overrides: Partial<Task> = {}): Task {
  return makeTask({
    status: 'in_progress',
    awaiting_action: true,
    offers_count: 2,
    offers: [offer(CHOSEN_UUID, true)],
    second_party_contacts: { phone_number: null, email: 'free@example.com' },
    ...overrides,
  });
}

export interface ServeOptions {
  me: CurrentUser | null;
  /** The task, or an HTTP status to answer GET /api/tasks/:slug with. */
  task: Task | number | (() => Task);
  /** Status of DELETE /api/tasks/:uuid (default 204). */
  deleteStatus?: number;
  /** Delay (ms) of the task answer. */
  delayMs?: number;
  /** GET /api/tasks/:uuid/questions (issue 20); default: open, none asked. */
  questions?: TaskQuestions | (() => TaskQuestions);
}

export const NO_QUESTIONS: TaskQuestions = { open: true, masked: true, questions: [] };

const isQuestionsPath = (pathname: string) =>
  /^\/api\/tasks\/[^/]+\/questions(?:\/|$)/.test(pathname);

/** Replaces fetch with a mock that answers /api/me and /api/tasks/* by URL and method. */
export function serve({
  me,
  task,
  deleteStatus = 204,
  delayMs = 0,
  questions = NO_QUESTIONS,
}: ServeOptions): FetchMock {
  const mock: FetchMock = jest.fn(async (input: Request | string) => {
    const request = typeof input === 'string' ? new Request(input) : input;
    const { pathname } = new URL(request.url);
    if (pathname === '/api/me') {
      return me ? json(200, { data: me }) : json(401, { message: 'Unauthenticated.' });
    }
    if (pathname === '/api/categories') return json(200, { data: [] });
    if (isQuestionsPath(pathname) && request.method === 'GET') {
      return json(200, { data: typeof questions === 'function' ? questions() : questions });
    }
    if (pathname.startsWith('/api/tasks/') && request.method === 'DELETE') {
      return deleteStatus === 204 ? new Response(null, { status: 204 }) : json(deleteStatus, {});
    }
    if (pathname.startsWith('/api/tasks/')) {
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const answer = typeof task === 'function' ? task() : task;
      return typeof answer === 'number'
        ? json(answer, { message: 'Not found.' })
        : json(200, { data: answer });
    }
    return json(404, { message: 'Not found.' });
  });
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
}

/** The requests made to the task endpoint (any method; not its questions). */
export const taskRequests = (mock: FetchMock, method = 'GET'): Request[] =>
  mock.mock.calls
    .map(([input]) => (typeof input === 'string' ? new Request(input) : input))
    .filter((request) => {
      const { pathname } = new URL(request.url);
      return (
        pathname.startsWith('/api/tasks/') &&
        !isQuestionsPath(pathname) &&
        request.method === method
      );
    });

/** The requests made to the task's questions (issue 20). */
export const questionRequests = (mock: FetchMock, method = 'GET'): Request[] =>
  mock.mock.calls
    .map(([input]) => (typeof input === 'string' ? new Request(input) : input))
    .filter(
      (request) => isQuestionsPath(new URL(request.url).pathname) && request.method === method,
    );
