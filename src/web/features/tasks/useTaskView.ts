import { useEffect, useMemo, useState } from 'react';
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
import {
  allowedControls,
  createTaskLifecycle,
  type TaskControl,
} from '../../../shared/taskLifecycle.machine';
import { getConfig } from '../../app/config';

/** The current time, refreshed every minute so expiry and relative times move on their own. */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export interface TaskView {
  role: ViewerRole;
  status: DisplayStatus;
  expiringSoon: boolean;
  /** What the lifecycle machine allows this viewer now: the page shows exactly these controls. */
  controls: ReadonlySet<TaskControl>;
}

/** Asks the shared lifecycle machine (and helpers) what this viewer gets on this task now. */
export function useTaskView(task: Task, viewer: Viewer, now: Date): TaskView {
  return useMemo(() => {
    const snapshot = createTaskLifecycle(lifecycleInput(task, viewer, now));
    return {
      role: viewerRole(task, viewer),
      status: displayStatus(task, now),
      expiringSoon: isExpiringSoon(task, now, getConfig().expiringSoonDays),
      controls: allowedControls(snapshot),
    };
  }, [task, viewer, now]);
}
