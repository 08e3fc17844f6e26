/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
/**
 * Issue 9 'Faults': while the edit modal is open, the task behind it may be refetched (a push
 * event, a reconnect after the API restarted) and come back as a new object. What the owner has
 * typed must survive that; a modal opened afterwards starts from the newest task.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useEffect, useState } from 'react';
import type { Task } from '../../../../src/shared/types';
import { apiLog } from '../../../../src/web/api/log';
import { TaskEditModal } from '../../../../src/web/features/taskForm/TaskEditModal';
import { renderWithProviders } from '../../../support/render';
import { json } from '../../../support/webFetch';
import { makeTask } from '../tasks/fixtures';
import { CATEGORIES, routeFetch } from './support';

jest.mock('../../../../src/web/ui/MapView', () => {
  const React = jest.requireActual('react');
  const geometry = jest.requireActual('../../../../src/web/ui/mapGeometry');
  return {
    ...geometry,
    MapView: () => React.createElement('div', { 'data-testid': 'map' }),
  };
});

jest.setTimeout(20_000);

beforeEach(() => {
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
  routeFetch({ '/categories': () => json(200, { data: CATEGORIES }) });
});
afterEach(() => jest.restoreAllMocks());

const controls: { setTask: (task: Task) => void; setOpen: (open: boolean) => void } = {
  setTask: () => undefined,
  setOpen: () => undefined,
};

/** The detail page's part: the task from the cache (replaceable) and the modal's open flag. */
function Harness({ initial }: { initial: Task }) {
  const [task, setTask] = useState(initial);
  const [open, setOpen] = useState(true);
  useEffect(() => {
    controls.setTask = setTask;
    controls.setOpen = setOpen;
  }, []);
  return <TaskEditModal task={task} open={open} onClose={() => setOpen(false)} />;
}

const task = makeTask({
  title: 'Fix the kitchen sink',
  category: { id: 12, slug: 'plumbing', title: 'Plumbing' },
  offers_count: 0,
});

describe('TaskEditModal', () => {
  it('keeps typed values when the task is refetched while it is open', async () => {
    renderWithProviders(<Harness initial={task} />, { route: '/en/tasks/TK7Q2XYZ' });
    const dialog = await screen.findByRole('dialog', { name: 'Edit the task' });
    const title = within(dialog).getByLabelText('Title', { exact: true });
    expect(title).toHaveValue('Fix the kitchen sink');
    fireEvent.change(title, { target: { value: 'Fix the kitchen sink and the tap' } });

    // A new offer arrived: the page's task is a new object with another offers_count.
    act(() => controls.setTask({ ...task, offers_count: 1, title: 'Fix the kitchen sink' }));
    expect(within(dialog).getByLabelText('Title', { exact: true })).toHaveValue(
      'Fix the kitchen sink and the tap',
    );

    // Closed and opened again: the newest task is what the form starts from.
    act(() => controls.setTask({ ...task, offers_count: 1, title: 'Renamed elsewhere' }));
    act(() => controls.setOpen(false));
    act(() => controls.setOpen(true));
    const reopened = await screen.findByRole('dialog', { name: 'Edit the task' });
    expect(within(reopened).getByLabelText('Title', { exact: true })).toHaveValue(
      'Renamed elsewhere',
    );
  });
});

describe('TaskEditModal: closing with typed input', () => {
  it('Escape asks first: "Keep editing" keeps the text; the close button + "Discard" closes', async () => {
    const { user } = renderWithProviders(<Harness initial={task} />, {
      route: '/en/tasks/TK7Q2XYZ',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit the task' });
    const title = within(dialog).getByLabelText('Title', { exact: true });
    await user.type(title, ' and the tap');

    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Close without saving?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('dialog', { name: 'Close without saving?' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit the task' })).toBeInTheDocument();
    expect(title).toHaveValue('Fix the kitchen sink and the tap');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Close without saving?' })).getByRole(
        'button',
        { name: 'Discard' },
      ),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes at once when nothing was changed', async () => {
    const { user } = renderWithProviders(<Harness initial={task} />, {
      route: '/en/tasks/TK7Q2XYZ',
    });
    await screen.findByRole('dialog', { name: 'Edit the task' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
