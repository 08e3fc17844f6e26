/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { PageRoute } from '../../../../src/web/app/router';
import { apiLog } from '../../../../src/web/api/log';
import { resetConfigCache } from '../../../../src/web/app/config';
import { Notices } from '../../../../src/web/features/notices/Notices';
import { ReportControl } from '../../../../src/web/features/reports/ReportControl';
import TaskDetailPage from '../../../../src/web/features/tasks/TaskDetailPage';
import { renderApp, renderWithProviders } from '../../../support/render';
import { json, mockFetch, requestOf } from '../../../support/webFetch';
import { makeTask, otherFreelancer, owner, serve, TASK_UUID } from '../tasks/fixtures';

jest.mock('../../../../src/web/ui/MapView.ol', () => ({ __esModule: true, default: () => null }));

beforeEach(() => {
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  resetConfigCache();
});

function renderControl() {
  return renderWithProviders(
    <>
      <ReportControl taskUuid={TASK_UUID} />
      <Notices />
    </>,
  );
}

async function openModal(user: ReturnType<typeof renderControl>['user']) {
  await user.click(screen.getByRole('button', { name: 'Report' }));
  return screen.findByRole('dialog', { name: 'Report this task' });
}

describe('ReportModal', () => {
  it('sends the message, shows "Task reported" and closes', async () => {
    const fetch = mockFetch(new Response(null, { status: 201 }));
    const { user } = renderControl();
    const dialog = await openModal(user);
    const message = within(dialog).getByLabelText('What is wrong with this task?');
    await user.type(message, '  Spam task  ');
    expect(within(dialog).getByText('13 / 5,000')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText('Task reported')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const request = requestOf(fetch);
    expect(new URL(request.url).pathname).toBe(`/api/tasks/${TASK_UUID}/report`);
    expect(request.method).toBe('POST');
    expect(await request.json()).toEqual({ message: 'Spam task' });
  });

  it('refuses more than 5000 characters before sending', async () => {
    const fetch = mockFetch(new Response(null, { status: 201 }));
    const { user } = renderControl();
    const dialog = await openModal(user);
    const message = within(dialog).getByLabelText('What is wrong with this task?');
    await user.click(message);
    await user.paste('x'.repeat(5001));
    expect(within(dialog).getByText('5,001 / 5,000')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(message).toHaveAccessibleDescription('5,001 / 5,000 Use at most 5,000 characters.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('422 puts errors.message on the field and keeps the modal open', async () => {
    mockFetch(json(422, { message: 'Invalid.', errors: { message: ['The message is invalid.'] } }));
    const { user } = renderControl();
    const dialog = await openModal(user);
    const message = within(dialog).getByLabelText('What is wrong with this task?');
    await user.type(message, 'Bad words');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await within(dialog).findByText('The message is invalid.')).toBeInTheDocument();
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(message).toHaveValue('Bad words');
    await waitFor(() => expect(message).toHaveFocus());
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('403 shows "already reported" and closes the modal', async () => {
    mockFetch(json(403, { message: 'Already reported.' }));
    const { user } = renderControl();
    const dialog = await openModal(user);
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText('You have already reported this task')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ReportModal: typed input is not lost', () => {
  it('keeps the message when the form goes away unsent (session end) and restores it', async () => {
    const fetch = mockFetch(
      json(419, { message: 'Session expired.' }),
      new Response(null, { status: 201 }),
    );
    const first = renderControl();
    let dialog = await openModal(first.user);
    await first.user.type(
      within(dialog).getByLabelText('What is wrong with this task?'),
      'Looks like spam',
    );
    await first.user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    first.unmount();

    // After logging in again: a new page with a new store.
    const second = renderControl();
    dialog = await openModal(second.user);
    expect(within(dialog).getByLabelText('What is wrong with this task?')).toHaveValue(
      'Looks like spam',
    );
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'We restored what you typed earlier.',
    );
    await second.user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Task reported')).toBeInTheDocument();

    // Sent: a new report starts empty.
    dialog = await openModal(second.user);
    expect(within(dialog).getByLabelText('What is wrong with this task?')).toHaveValue('');
  });

  it('Cancel with a typed message asks first; "Keep editing" keeps it', async () => {
    mockFetch(new Response(null, { status: 201 }));
    const { user } = renderControl();
    const dialog = await openModal(user);
    const message = within(dialog).getByLabelText('What is wrong with this task?');
    await user.type(message, 'Looks like spam');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Close without saving?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(message).toHaveValue('Looks like spam');
    await user.keyboard('{Escape}');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Close without saving?' })).getByRole(
        'button',
        { name: 'Discard' },
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await openModal(user)).querySelector('textarea')).toHaveValue('');
  });
});

describe('the report slot on the task page', () => {
  const pages: PageRoute[] = [{ name: 'task', load: async () => ({ default: TaskDetailPage }) }];
  const heading = () =>
    screen.findByRole('heading', { level: 1, name: 'Fix the kitchen sink' }, { timeout: 5000 });

  it.each([
    ['a visitor', null],
    ['a freelancer', otherFreelancer],
  ])('%s gets the Report button', async (_who, me) => {
    serve({ me, task: makeTask() });
    renderApp({ route: '/en/tasks/TK7Q2XYZ', pages });
    await heading();
    expect(await screen.findByRole('button', { name: 'Report' })).toBeInTheDocument();
  });

  it('the owner does not', async () => {
    serve({ me: owner, task: makeTask() });
    renderApp({ route: '/en/tasks/TK7Q2XYZ', pages });
    await heading();
    await screen.findByRole('button', { name: /delete/i });
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
  });
});
