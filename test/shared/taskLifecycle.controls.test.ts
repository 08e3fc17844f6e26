import { VIEWER_ROLES, type TaskLifecycleInput } from '../../src/shared/taskLifecycle';
import { controlsFor, TASK_CONTROLS } from '../../src/shared/taskLifecycle.controls';
import { allowedControls, createTaskLifecycle } from '../../src/shared/taskLifecycle.machine';
import { CONTROL_TABLE } from '../../src/shared/taskLifecycle.table';
import { computeTable } from '../../scripts/lifecycle-table';

const STATUSES = ['new', 'open', 'in_progress', 'completed', 'incomplete', 'cancelled', ''];

const inputs: TaskLifecycleInput[] = STATUSES.flatMap((status) =>
  VIEWER_ROLES.flatMap((role) =>
    Array.from({ length: 8 }, (_, flags) => ({
      status,
      role,
      hasOffers: (flags & 4) !== 0,
      expired: (flags & 2) !== 0,
      awaitingAction: (flags & 1) !== 0,
    })),
  ),
);

describe('the xstate-free controls table (the SPA task page)', () => {
  it('is what scripts/lifecycle-table.ts generates from the machine now', () => {
    // Fails after a machine change until `npx tsx scripts/lifecycle-table.ts` is run.
    expect(CONTROL_TABLE).toEqual(computeTable());
  });

  it.each(inputs)('gives the machine’s controls for %j', (input) => {
    expect([...controlsFor(input)]).toEqual([...allowedControls(createTaskLifecycle(input))]);
  });

  it('keeps TASK_CONTROLS order and names what a visitor gets on an open task', () => {
    const visitor = controlsFor({
      status: 'open',
      role: 'visitor',
      hasOffers: false,
      expired: false,
      awaitingAction: false,
    });
    expect([...visitor]).toEqual(['REPORT', 'SHARE']);
    expect(TASK_CONTROLS).toHaveLength(13);
  });
});
