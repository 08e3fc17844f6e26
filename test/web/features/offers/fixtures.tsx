/** A fetch mock that answers by method and path, and the slot props a page would compute. */
import type { CurrentUser, Task } from '../../../../src/shared/types';
import { lifecycleInput, viewerRole, type ViewerRole } from '../../../../src/shared/taskLifecycle';
import {
  allowedControls,
  createTaskLifecycle,
  type TaskControl,
} from '../../../../src/shared/taskLifecycle.machine';
import { MakeOfferControl, OffersSection } from '../../../../src/web/features/offers';
import { renderWithProviders } from '../../../support/render';
import { json, type FetchMock } from '../../../support/webFetch';

export type Answer = Response | (() => Response);
/** 'METHOD /api/path' -> answers in order (the last one repeats). */
export type Routes = Record<string, Answer[]>;

export function route(routes: Routes): FetchMock {
  const used: Record<string, number> = {};
  const mock: FetchMock = jest.fn(async (input: Request | string) => {
    const request = typeof input === 'string' ? new Request(input) : input;
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const answers = routes[key];
    if (!answers) return json(404, { message: `No route ${key}` });
    const index = used[key] ?? 0;
    used[key] = index + 1;
    const answer = answers[Math.min(index, answers.length - 1)];
    return (typeof answer === 'function' ? answer() : answer).clone();
  });
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
}

/** The requests made with this method to this path. */
export const calls = (mock: FetchMock, method: string, path: string): Request[] =>
  mock.mock.calls
    .map(([input]) => (typeof input === 'string' ? new Request(input) : input))
    .filter((r) => r.method === method && new URL(r.url).pathname === path);

export const meAnswer = (me: CurrentUser | null): Response[] => [
  me ? json(200, { data: me }) : json(401, { message: 'Unauthenticated.' }),
];

export interface SlotView {
  task: Task;
  role: ViewerRole;
  controls: ReadonlySet<TaskControl>;
}

/** What the task page computes for this viewer (useTaskView). */
export function slotView(task: Task, me: CurrentUser | null): SlotView {
  const viewer = me ? { uuid: me.uuid, is_freelancer: me.is_freelancer } : null;
  return {
    task,
    role: viewerRole(task, viewer),
    controls: allowedControls(createTaskLifecycle(lifecycleInput(task, viewer, new Date()))),
  };
}

/** Both offer slots as the task page renders them, at the task's URL. */
export function renderSlots(task: Task, me: CurrentUser | null) {
  const view = slotView(task, me);
  return {
    view,
    ...renderWithProviders(
      <>
        <MakeOfferControl {...view} />
        <OffersSection {...view} />
      </>,
      {
        route: `/en/tasks/${task.identifier}`,
        routes: [{ path: '/en/tasks', element: <h1>Task list</h1> }],
      },
    ),
  };
}
