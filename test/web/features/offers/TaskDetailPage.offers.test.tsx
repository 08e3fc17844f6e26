/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { Task } from '../../../../src/shared/types';
import type { PageRoute } from '../../../../src/web/app/router';
import { apiLog } from '../../../../src/web/api/log';
import { resetConfigCache } from '../../../../src/web/app/config';
import TaskDetailPage from '../../../../src/web/features/tasks/TaskDetailPage';
import { renderApp } from '../../../support/render';
import { json } from '../../../support/webFetch';
import { makeTask, offer, otherFreelancer, OTHER_UUID, TASK_UUID } from '../tasks/fixtures';
import { calls, meAnswer, route } from './fixtures';

jest.mock('../../../../src/web/ui/MapView.ol', () => ({ __esModule: true, default: () => null }));

const pages: PageRoute[] = [{ name: 'task', load: async () => ({ default: TaskDetailPage }) }];
const OFFERS = `/api/tasks/${TASK_UUID}/offers`;

beforeEach(() => {
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  document.getElementById('talka-data')?.remove();
  resetConfigCache();
});

it('a freelancer makes an offer on the page; the task refetches and shows their card', async () => {
  const own = { ...offer(OTHER_UUID, false), description: 'I will fix it today' };
  let task: Task = makeTask();
  const fetch = route({
    'GET /api/me': meAnswer(otherFreelancer),
    'GET /api/categories': [json(200, { data: [] })],
    'GET /api/tasks/TK7Q2XYZ': [() => json(200, { data: task })],
    [`GET ${OFFERS}`]: [json(200, { data: [own] })],
    [`POST ${OFFERS}`]: [
      () => {
        task = makeTask({ offers: [own], offers_count: 1 });
        return json(201, { data: [own] });
      },
    ],
  });
  const { user } = renderApp({ route: '/en/tasks/TK7Q2XYZ', pages });
  await user.click(await screen.findByRole('button', { name: 'Make an offer' }));
  const dialog = await screen.findByRole('dialog', { name: 'Make an offer' });
  await user.type(within(dialog).getByLabelText('Description'), 'I will fix it today');
  await user.type(within(dialog).getByLabelText('Price, EUR'), '120');
  await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));

  expect(await screen.findByText('Offer created')).toBeInTheDocument();
  const card = await screen.findByTestId('offer-card');
  expect(within(card).getByText('I will fix it today')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Make an offer' })).not.toBeInTheDocument();
  await waitFor(() => expect(calls(fetch, 'GET', '/api/tasks/TK7Q2XYZ')).toHaveLength(2));
  // The whole page with its lazy route: slower than one component on a busy machine.
}, 20_000);
