import { useMemo } from 'react';
import type { Task } from '../../../shared/types';
import {
  displayStatus,
  isExpiringSoon,
  lifecycleInput,
  viewerRole,
  type DisplayStatus,
  type Viewer,
  type ViewerRole,
} from '../../../shared/taskLifecycle';
import { controlsFor, type TaskControl } from '../../../shared/taskLifecycle.controls';
import { getConfig } from '../../app/config';

export interface TaskView {
  role: ViewerRole;
  status: DisplayStatus;
  expiringSoon: boolean;
  /**
   * What the lifecycle machine allows this viewer now: the page shows exactly these controls. The
   * same Set object while its members stay the same (the clock moves every minute; the controls
   * change only at a deadline), so the parts that take it (slots.tsx, memo) are not drawn again.
   */
  controls: ReadonlySet<TaskControl>;
}

/**
 * What this viewer gets on this task now. The controls are the shared lifecycle machine's answer,
 * read from the table generated from it (taskLifecycle.controls.ts), so xstate is not shipped here.
 */
export function useTaskView(task: Task, viewer: Viewer, now: Date): TaskView {
  const view = useMemo(
    () => ({
      role: viewerRole(task, viewer),
      status: displayStatus(task, now),
      expiringSoon: isExpiringSoon(task, now, getConfig().expiringSoonDays),
      controls: controlsFor(lifecycleInput(task, viewer, now)),
    }),
    [task, viewer, now],
  );
  const members = [...view.controls].sort().join(' ');
  const controls = useMemo(
    () => new Set(members.split(' ').filter(Boolean) as TaskControl[]) as ReadonlySet<TaskControl>,
    [members],
  );
  return { ...view, controls };
}
