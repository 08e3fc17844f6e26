/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { act, screen, waitFor } from '@testing-library/react';
import { apiLog } from '../../../../src/web/api/log';
import TaskListPage from '../../../../src/web/features/taskList/TaskListPage';
import { taskListApi } from '../../../../src/web/features/taskList/taskListApi';
import {
  filtersFromParams,
  requestArgs,
  type TaskListArgs,
} from '../../../../src/web/features/taskList/filters';
import type { Paginated, TaskSummary } from '../../../../src/shared/types';
import { embedHydration, removeEmbeddedData } from '../../../support/hydration';
import { renderWithProviders } from '../../../support/render';
import { json } from '../../../support/webFetch';
import { page, routeFetch, summary, TREE } from './fetchRoutes';

/** The hand-over of a server-rendered /{locale}/tasks: the page its render fetched for its URL. */
function embed(args: TaskListArgs, body: Paginated<TaskSummary>) {
  embedHydration((dispatch) =>
    dispatch(
      taskListApi.util.upsertQueryEntries([{ endpointName: 'getTasks', arg: args, value: body }]),
    ),
  );
}

const argsOf = (search: string) =>
  requestArgs(filtersFromParams(new URLSearchParams(search)), 'en');

beforeEach(() => {
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
});
afterEach(() => {
  removeEmbeddedData();
  jest.restoreAllMocks();
});

function setup(route: string) {
  const fetches = routeFetch({
    '/categories': () => json(200, { data: TREE }),
    '/tasks': () => json(200, page([summary({ title: 'From the network' })])),
  });
  renderWithProviders(<TaskListPage />, { route });
  return fetches;
}

describe('the task list handed over by the server render', () => {
  it('shows the embedded page at once and requests no tasks', async () => {
    const search = 'categories=plumbing&sort=budget_asc';
    embed(argsOf(search), page([summary({ title: 'Rendered by the server' })], 1, 1, 1));
    const fetches = setup(`/en/tasks?${search}`);
    // The first render already has the cards: no spinner in between.
    expect(screen.getByRole('heading', { level: 2, name: 'Rendered by the server' })).toBeVisible();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('1 task found')).toBeInTheDocument();
    // The page's other request (the categories) went out and came back; none for the tasks.
    await waitFor(() => expect(fetches.to('/categories')).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(fetches.to('/tasks')).toHaveLength(0);
  });

  it('embedded for another URL: the page asks the API for its own', async () => {
    embed(argsOf('sort=deadline'), page([summary({ title: 'Rendered by the server' })]));
    const fetches = setup('/en/tasks?sort=newest');
    expect(await screen.findByRole('link', { name: 'From the network' })).toBeInTheDocument();
    expect(screen.queryByText('Rendered by the server')).toBeNull();
    expect(fetches.to('/tasks')).toHaveLength(1);
  });
});
