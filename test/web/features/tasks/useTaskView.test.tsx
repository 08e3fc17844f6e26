/**
 * useTaskView's controls keep their identity while their members stay the same: the task page's
 * slots are memoized on them (slots.tsx), so the clock's renders (every minute, and right after
 * hydration) do not draw a slot still waiting for its chunk again from nothing.
 */
import { renderHook } from '@testing-library/react';
import moment from 'moment';
import { useTaskView } from '../../../../src/web/features/tasks/useTaskView';
import { localDateTime, makeTask, OWNER_UUID } from './fixtures';

const ownerViewer = { uuid: OWNER_UUID, is_freelancer: false };

describe('useTaskView', () => {
  it('keeps the same controls object while the clock moves and the controls do not change', () => {
    const task = makeTask({ due_end: localDateTime(moment().add(3, 'days')) });
    const start = new Date();
    const { result, rerender } = renderHook(({ now }) => useTaskView(task, ownerViewer, now), {
      initialProps: { now: start },
    });
    const first = result.current.controls;
    expect(first.has('EDIT_TASK')).toBe(true);
    rerender({ now: new Date(start.getTime() + 60_000) });
    expect(result.current.controls).toBe(first);
    rerender({ now: new Date(start.getTime() + 120_000) });
    expect(result.current.controls).toBe(first);
  });

  it('gives a new controls object, with the machine’s new answer, once the members change', () => {
    const due = moment().add(1, 'hour');
    const task = makeTask({ due_end: localDateTime(due) });
    const { result, rerender } = renderHook(({ now }) => useTaskView(task, ownerViewer, now), {
      initialProps: { now: new Date() },
    });
    const before = result.current.controls;
    // A day after the deadline the task has expired: its owner's controls are not the same.
    rerender({ now: due.clone().add(1, 'day').toDate() });
    expect(result.current.controls).not.toBe(before);
    expect([...result.current.controls].sort()).not.toEqual([...before].sort());
    expect(result.current.status).not.toBe('open');
  });
});
