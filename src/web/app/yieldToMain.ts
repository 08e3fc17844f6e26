interface TaskScheduler {
  yield?: () => Promise<void>;
}

/**
 * Ends the current task and resumes in a new one: the browser may paint and handle input in
 * between. The boot (main.tsx) calls it between its steps so that no step is one long task
 * (Lighthouse's Total Blocking Time counts every task over 50 ms). `scheduler.yield()` where the
 * browser has it (Chromium 129+: the continuation goes before other queued tasks), else a
 * zero-delay timer.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs `fn` when the browser is next idle (requestIdleCallback), at the latest after `timeoutMs`;
 * where there is no requestIdleCallback, in a task of its own.
 */
export function whenIdle(fn: () => void, timeoutMs = 3000): void {
  if (typeof requestIdleCallback === 'function')
    requestIdleCallback(() => fn(), { timeout: timeoutMs });
  else setTimeout(fn, 0);
}
