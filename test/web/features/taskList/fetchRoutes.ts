/** A fetch mock that answers by method and path, and records every Request it saw. */
import type { Category, Paginated, TaskSummary } from '../../../../src/shared/types';
import { json } from '../../../support/webFetch';

export type Handler = (request: Request, url: URL) => Response | Promise<Response>;

export function routeFetch(routes: Record<string, Handler>) {
  const requests: Request[] = [];
  const mock = jest.fn(async (input: Request | string, init?: RequestInit) => {
    const request = typeof input === 'string' ? new Request(input, init) : input;
    requests.push(request.clone());
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api/, '');
    const handler = routes[`${request.method} ${path}`] ?? routes[path];
    if (!handler) return json(404, { message: 'Not found.' });
    return (await handler(request, url)).clone();
  });
  globalThis.fetch = mock as unknown as typeof fetch;
  /** The requests to a path (without /api), in order. */
  const to = (path: string) =>
    requests.filter((r) => new URL(r.url).pathname.replace(/^\/api/, '') === path);
  return { mock, requests, to };
}

export const category = (
  id: number,
  slug: string,
  title: string,
  tasks_count = 0,
  children: Category[] = [],
  parent_id: number | null = null,
): Category => ({ id, parent_id, slug, title, tasks_count, children });

export const TREE: Category[] = [
  category(1, 'courier', 'Courier', 1, [
    category(2, 'document-delivery', 'Document delivery', 1, [], 1),
  ]),
  category(11, 'home-repair-and-construction', 'Home repair', 2, [
    category(12, 'plumbing', 'Plumbing', 2, [], 11),
  ]),
  category(31, 'transport-and-freight', 'Transport', 5),
  category(42, 'house-cleaning', 'House cleaning', 0),
  category(56, 'digital-assistant', 'Digital assistant', 21),
  category(64, 'it-and-computer-help', 'IT help', 11),
  category(74, 'event-hosting', 'Event hosting', 22),
  category(85, 'graphic-design', 'Graphic design', 10),
  category(130, 'beauty-and-health', 'Beauty and health', 0),
  category(149, 'legal-counselling', 'Legal counselling', 0),
  category(500, 'other-things', 'Other things', 0),
];

export const summary = (over: Partial<TaskSummary> = {}): TaskSummary => ({
  uuid: 'uuid-1',
  identifier: 'TKABC123',
  title: 'Fix a leaking tap',
  status: 'open',
  category: { id: 12, slug: 'plumbing', title: 'Plumbing' },
  budget_from: 40,
  budget_to: 80,
  due_type: 'end',
  due_start: null,
  due_end: '2099-05-01T12:00:00',
  location_type: 'specific',
  city: 'Riga',
  approximate_address: 'Centrs, Riga',
  offers_count: 2,
  created_at: '2024-04-01T10:00:00Z',
  author: {
    uuid: 'author-1',
    photo: null,
    is_legal: false,
    is_online: true,
    full_name: 'Anna Berzina',
    display_name: 'Anna B.',
    customer_rating: 4.5,
  },
  thumbnail: null,
  ...over,
});

export const page = <T>(
  data: T[],
  current_page = 1,
  last_page = 1,
  total = data.length,
): Paginated<T> => ({
  data,
  meta: { current_page, last_page, per_page: 12, total },
});

/**
 * React 19 builds `new FormData(form)` for a submit that starts a transition (the router's
 * navigation does); the web environment's FormData is Node's, which does not take a form element.
 * This lets it read a jsdom form, and keeps Node's FormData for everything else (request bodies).
 */
export function allowFormDataOfForms(): () => void {
  const NodeFormData = globalThis.FormData;
  class FormDataOfForms extends NodeFormData {
    constructor(form?: unknown, submitter?: unknown) {
      super();
      void submitter;
      if (form instanceof HTMLFormElement) {
        for (const element of Array.from(form.elements)) {
          if (element instanceof HTMLInputElement && element.name)
            this.append(element.name, element.value);
        }
      }
    }
  }
  globalThis.FormData = FormDataOfForms as typeof FormData;
  return () => {
    globalThis.FormData = NodeFormData;
  };
}
