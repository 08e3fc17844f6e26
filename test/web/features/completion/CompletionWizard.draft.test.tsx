/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
/**
 * Issue 16, flow 1: the feedback typed into the completion wizard is kept when the wizard goes away
 * unsent (the session ends: 419 -> login -> back) and is there again when it opens; once the
 * server has it, the draft is gone.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { apiLog } from '../../../../src/web/api/log';
import { resetConfigCache } from '../../../../src/web/app/config';
import { CompletionButtons } from '../../../../src/web/features/completion/CompletionButtons';
import { renderWithProviders } from '../../../support/render';
import { json, type FetchMock } from '../../../support/webFetch';
import { assignedTask, TASK_UUID } from '../tasks/fixtures';

beforeEach(() => {
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  resetConfigCache();
});

function serve(answers: Response[]): unknown[] {
  const bodies: unknown[] = [];
  const mock: FetchMock = jest.fn(async (input: Request | string) => {
    const request = typeof input === 'string' ? new Request(input) : input;
    const { pathname } = new URL(request.url);
    if (pathname === `/api/tasks/${TASK_UUID}/complete` && request.method === 'POST') {
      bodies.push(await request.clone().json());
      return (answers.shift() ?? json(500, { message: 'No answer left.' })).clone();
    }
    return json(404, { message: 'Not found.' });
  });
  globalThis.fetch = mock as unknown as typeof fetch;
  return bodies;
}

const render = () => renderWithProviders(<CompletionButtons task={assignedTask()} role="owner" />);

async function openCompleted(user: ReturnType<typeof render>['user']) {
  await user.click(screen.getByRole('button', { name: 'Completed' }));
  return screen.findByRole('dialog', { name: 'Task completed' });
}

describe('completion wizard: typed feedback is not lost', () => {
  it('restores rating and feedback after a 419, and forgets them once sent', async () => {
    const bodies = serve([
      json(419, { message: 'Session expired.' }),
      json(200, {
        data: { kind: 'completed', step: 'lock', task: assignedTask({ status: 'completed' }) },
      }),
    ]);
    const first = render();
    let dialog = await openCompleted(first.user);
    await first.user.click(within(dialog).getByRole('radio', { name: '4 stars of 5' }));
    await first.user.type(within(dialog).getByLabelText('Feedback (optional)'), 'Quick and tidy');
    await first.user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    first.unmount();

    // Logged in again, back on the task.
    const second = render();
    dialog = await openCompleted(second.user);
    expect(within(dialog).getByLabelText('Feedback (optional)')).toHaveValue('Quick and tidy');
    expect(within(dialog).getByRole('radio', { name: '4 stars of 5' })).toBeChecked();
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'We restored what you typed earlier.',
    );
    await second.user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies[1]).toEqual({
      status: 'completed',
      reason_id: null,
      rate: 4,
      feedback: 'Quick and tidy',
    });

    dialog = await openCompleted(second.user);
    expect(within(dialog).getByLabelText('Feedback (optional)')).toHaveValue('');
  }, 20_000);
});
