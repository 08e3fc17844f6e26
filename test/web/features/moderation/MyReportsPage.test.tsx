/**
 * @jest-environment ./test/support/webEnvironment.ts
 *
 * "My reports" (issues 19 and 20): the signed-in user's reports of tasks and of questions on them,
 * each with its task and what the moderators decided.
 */
import { screen, within } from '@testing-library/react';
import type { MyReport } from '../../../../src/shared/types';
import type { PageRoute } from '../../../../src/web/app/router';
import { apiLog } from '../../../../src/web/api/log';
import { resetConfigCache } from '../../../../src/web/app/config';
import MyReportsPage from '../../../../src/web/features/moderation/MyReportsPage';
import { renderApp } from '../../../support/render';
import { json } from '../../../support/webFetch';
import { owner } from '../tasks/fixtures';

const TASK = {
  uuid: '55555555-5555-4555-8555-555555555555',
  identifier: 'TKFENCE1',
  title: 'Paint the fence',
};

// The same id in both tables: a task report and a question report are told apart by subject.
const REPORTS: MyReport[] = [
  {
    id: 3,
    subject: 'question',
    message: 'Selling watches',
    created_at: '2026-11-22T10:00:00.000Z',
    status: 'action_taken',
    decided_at: '2026-11-23T10:00:00.000Z',
    task: TASK,
  },
  {
    id: 3,
    subject: 'task',
    message: 'Spam.',
    created_at: '2026-11-21T10:00:00.000Z',
    status: 'open',
    decided_at: null,
    task: TASK,
  },
];

const pages: PageRoute[] = [{ name: 'myReports', load: async () => ({ default: MyReportsPage }) }];

beforeEach(() => {
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
  globalThis.fetch = jest.fn(async (input: Request | string) => {
    const { pathname } = new URL(typeof input === 'string' ? input : input.url);
    if (pathname === '/api/me') return json(200, { data: owner });
    if (pathname === '/api/me/reports') return json(200, { data: REPORTS });
    if (pathname === '/api/categories') return json(200, { data: [] });
    return json(404, { message: 'Not found.' });
  }) as unknown as typeof fetch;
});
afterEach(() => {
  jest.restoreAllMocks();
  resetConfigCache();
});

it('lists question reports with their task and status next to task reports', async () => {
  renderApp({ route: '/en/my-reports', pages });
  expect(await screen.findByRole('heading', { level: 1, name: 'My reports' })).toBeVisible();
  const question = (await screen.findByText('Your message: Selling watches')).closest('li')!;
  const task = screen.getByText('Your message: Spam.').closest('li')!;
  expect(within(question).getByRole('link', { name: 'Paint the fence' })).toHaveAttribute(
    'href',
    '/en/tasks/TKFENCE1',
  );
  expect(within(question).getByText('About a question on this task')).toBeInTheDocument();
  expect(within(question).getByText('Action taken')).toBeInTheDocument();
  expect(within(task).queryByText('About a question on this task')).toBeNull();
  expect(within(task).getByText('Waiting for a moderator')).toBeInTheDocument();
});
