/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { CurrentUser, IncompleteReason, Task } from '../../../../src/shared/types';
import type { PageRoute } from '../../../../src/web/app/router';
import { apiLog } from '../../../../src/web/api/log';
import { resetConfigCache } from '../../../../src/web/app/config';
import { reasonsForRole } from '../../../../src/web/features/completion/reasons';
import TaskDetailPage from '../../../../src/web/features/tasks/TaskDetailPage';
import { renderApp } from '../../../support/render';
import { json, type FetchMock } from '../../../support/webFetch';
import { assignedTask, chosenFreelancer, owner, TASK_UUID } from '../tasks/fixtures';

jest.mock('../../../../src/web/ui/MapView.ol', () => ({ __esModule: true, default: () => null }));

const REASONS: IncompleteReason[] = [
  { id: 1, title: 'The customer did not respond', group: 'freelancer', feedback_required: true },
  { id: 2, title: 'The freelancer did not show up', group: 'customer', feedback_required: true },
  { id: 3, title: 'My plans changed', group: 'customer', feedback_required: false },
  { id: 5, title: 'I fell ill', group: 'freelancer', feedback_required: false },
  { id: 6, title: 'The customer cancelled on site', group: 'freelancer', feedback_required: true },
];

describe('reasonsForRole', () => {
  it('the owner sees every reason except group freelancer', () => {
    expect(reasonsForRole(REASONS, true).map((reason) => reason.id)).toEqual([2, 3]);
  });
  it('a non-owner sees every reason except group customer', () => {
    expect(reasonsForRole(REASONS, false).map((reason) => reason.id)).toEqual([1, 5, 6]);
  });
  it('keeps the order and returns nothing for no reasons', () => {
    expect(reasonsForRole([], false)).toEqual([]);
  });
});

type Answer = Response | Error;

interface Backend {
  fetch: FetchMock;
  bodies: unknown[];
}

/**
 * Answers /api/me, the task, the reasons and POST /complete; after a successful POST the task is
 * locked (awaiting_action false), so the refetch hides the buttons.
 */
function serveCompletion(
  me: CurrentUser,
  answers: Answer[] = [],
  initial: Task = assignedTask(),
): Backend {
  let task: Task = initial;
  const bodies: unknown[] = [];
  const mock: FetchMock = jest.fn(async (input: Request | string) => {
    const request = typeof input === 'string' ? new Request(input) : input;
    const { pathname } = new URL(request.url);
    if (pathname === '/api/me') return json(200, { data: me });
    if (pathname === '/api/categories') return json(200, { data: [] });
    if (pathname === '/api/incomplete-reasons') return json(200, { data: REASONS });
    if (pathname === `/api/tasks/${TASK_UUID}/complete` && request.method === 'POST') {
      const body = (await request.clone().json()) as { status: string; rate: number };
      bodies.push(body);
      const answer = answers.shift();
      if (answer instanceof Error) throw answer;
      if (answer) return answer;
      const kind =
        body.status === 'completed' ? 'completed' : body.rate > 0 ? 'incomplete' : 'cancelled';
      // Like the server: the first answer locks the task, the second party's only adds a review.
      const step = task.status === 'in_progress' ? 'lock' : 'review';
      task = {
        ...task,
        status: step === 'lock' ? body.status : task.status,
        awaiting_action: false,
      };
      return json(200, { data: { kind, step, task } });
    }
    if (pathname.endsWith('/offers')) return json(200, { data: [] });
    if (pathname.startsWith('/api/tasks/')) return json(200, { data: task });
    return json(404, { message: 'Not found.' });
  });
  globalThis.fetch = mock as unknown as typeof fetch;
  return { fetch: mock, bodies };
}

const pages: PageRoute[] = [{ name: 'task', load: async () => ({ default: TaskDetailPage }) }];

async function openTask() {
  const rendered = renderApp({ route: '/en/tasks/TK7Q2XYZ', pages });
  await screen.findByRole('heading', { level: 1, name: 'Fix the kitchen sink' }, { timeout: 5000 });
  return rendered;
}

beforeEach(() => {
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  resetConfigCache();
});

describe('completion wizard on the task page', () => {
  it('owner: completed -> rating required -> sends rate and feedback, notices, buttons go', async () => {
    const backend = serveCompletion(owner);
    const { user } = await openTask();
    await user.click(await screen.findByRole('button', { name: 'Completed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Task completed' });
    expect(within(dialog).queryByRole('button', { name: 'Back to the reasons' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('Choose from 1 to 5 stars.')).toBeInTheDocument();
    expect(backend.bodies).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: '4 stars of 5' }));
    await user.type(within(dialog).getByLabelText('Feedback (optional)'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      within(dialog).getByText('The feedback must be 5 to 1,000 characters long.'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Feedback (optional)'), ' - great job');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(
      await screen.findByText('Task marked as completed. Your feedback was sent.'),
    ).toBeInTheDocument();
    expect(backend.bodies).toEqual([
      { status: 'completed', reason_id: null, rate: 4, feedback: 'abc - great job' },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Completed' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Not completed' })).toBeNull();
  });

  it('chosen freelancer: reason with feedback required, back, another reason, submit', async () => {
    const backend = serveCompletion(chosenFreelancer);
    const { user } = await openTask();
    await user.click(await screen.findByRole('button', { name: 'Not completed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Task not completed' });
    await within(dialog).findByRole('radio', { name: 'The customer did not respond' });
    // Freelancer reasons only.
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['The customer did not respond', 'I fell ill', 'The customer cancelled on site']);

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('Choose a reason.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'The customer did not respond' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('radio', { name: '2 stars of 5' }));
    await user.type(within(dialog).getByLabelText('Feedback (optional)'), 'Nobody was home');

    await user.click(within(dialog).getByRole('button', { name: 'Back to the reasons' }));
    expect(
      within(dialog).getByRole('radio', { name: 'The customer did not respond' }),
    ).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'The customer cancelled on site' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    // What was typed before going back is still there.
    expect(within(dialog).getByRole('radio', { name: '2 stars of 5' })).toBeChecked();
    expect(within(dialog).getByLabelText('Feedback (optional)')).toHaveValue('Nobody was home');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(
      await screen.findByText('Task marked as not completed. Your feedback was sent.'),
    ).toBeInTheDocument();
    expect(backend.bodies).toEqual([
      { status: 'incomplete', reason_id: 6, rate: 2, feedback: 'Nobody was home' },
    ]);
  });

  it('owner: a reason without feedback cancels with rate 0 and feedback null', async () => {
    const backend = serveCompletion(owner);
    const { user } = await openTask();
    await user.click(await screen.findByRole('button', { name: 'Not completed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Task not completed' });
    // Customer reasons only.
    expect(await within(dialog).findAllByRole('radio')).toHaveLength(2);
    await user.click(within(dialog).getByRole('radio', { name: 'My plans changed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Task cancelled')).toBeInTheDocument();
    // Nothing of a feedback was sent, so no notice says so.
    expect(screen.queryByText(/feedback/i)).toBeNull();
    expect(backend.bodies).toEqual([
      { status: 'incomplete', reason_id: 3, rate: 0, feedback: null },
    ]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Not completed' })).toBeNull());
  });

  it('422 puts the server error under its field and moves focus there', async () => {
    const backend = serveCompletion(owner, [
      json(422, { message: 'Invalid.', errors: { feedback: ['The feedback is not allowed.'] } }),
    ]);
    const { user } = await openTask();
    await user.click(await screen.findByRole('button', { name: 'Completed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Task completed' });
    await user.click(within(dialog).getByRole('radio', { name: '5 stars of 5' }));
    await user.type(within(dialog).getByLabelText('Feedback (optional)'), 'Spam spam spam');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    const feedback = within(dialog).getByLabelText('Feedback (optional)');
    await waitFor(() =>
      expect(feedback).toHaveAccessibleDescription('The feedback is not allowed.'),
    );
    expect(feedback).toHaveAttribute('aria-invalid', 'true');
    expect(feedback).toHaveFocus();
    expect(feedback).toHaveValue('Spam spam spam');
    expect(backend.bodies).toHaveLength(1);
  });

  it('a network failure keeps what was typed and a retry succeeds', async () => {
    const backend = serveCompletion(owner, [new TypeError('Failed to fetch')]);
    const { user } = await openTask();
    await user.click(await screen.findByRole('button', { name: 'Completed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Task completed' });
    await user.click(within(dialog).getByRole('radio', { name: '3 stars of 5' }));
    await user.type(within(dialog).getByLabelText('Feedback (optional)'), 'Fine work');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Your answer could not be sent.',
    );
    expect(within(dialog).getByRole('radio', { name: '3 stars of 5' })).toBeChecked();
    expect(within(dialog).getByLabelText('Feedback (optional)')).toHaveValue('Fine work');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('Task marked as completed. Your feedback was sent.'),
    ).toBeInTheDocument();
    expect(backend.bodies).toHaveLength(2);
  });

  it('second party: told who locked the task; a "not completed" review leaves the status', async () => {
    // Issue 16: the owner marked the task completed; the chosen freelancer has yet to review.
    const backend = serveCompletion(
      chosenFreelancer,
      [],
      assignedTask({ status: 'completed', awaiting_action: true }),
    );
    const { user } = await openTask();
    expect(
      await screen.findByText('The customer Anna K. marked this task as completed.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Was it completed? Your answer and rating go on your review and do not change the task’s status.',
      ),
    ).toBeInTheDocument();
    // Not the first party's 'Completed' / 'Not completed' next to a 'Completed' pill.
    expect(screen.queryByRole('button', { name: 'Completed' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Not completed' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'No, not completed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your feedback' });
    expect(
      within(dialog).getByText(
        'The task stays completed whatever you answer: your answer goes on your review.',
      ),
    ).toBeInTheDocument();
    await user.click(
      await within(dialog).findByRole('radio', { name: 'The customer cancelled on site' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('radio', { name: '2 stars of 5' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(
      await screen.findByText('Your feedback was sent. The task stays completed.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/marked as not completed|marked as incomplete/)).toBeNull();
    expect(backend.bodies).toEqual([
      { status: 'incomplete', reason_id: 6, rate: 2, feedback: null },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'No, not completed' })).toBeNull(),
    );
    expect(screen.queryByText(/marked this task as completed/)).toBeNull();
  });

  it('second party: the owner is told which freelancer marked the task not completed', async () => {
    const backend = serveCompletion(
      owner,
      [],
      assignedTask({ status: 'incomplete', awaiting_action: true }),
    );
    const { user } = await openTask();
    expect(
      await screen.findByText('The freelancer Free L. marked this task as not completed.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, completed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your feedback' });
    expect(
      within(dialog).getByText(
        'The task stays not completed whatever you answer: your answer goes on your review.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: '5 stars of 5' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('Your feedback was sent. The task stays not completed.'),
    ).toBeInTheDocument();
    expect(backend.bodies).toEqual([
      { status: 'completed', reason_id: null, rate: 5, feedback: null },
    ]);
  });
});
