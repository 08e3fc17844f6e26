/**
 * Development builds only: machineInspector() in ./inspector.ts loads this module with a dynamic
 * import inside a `process.env.NODE_ENV !== 'production'` branch, so neither it nor @statelyai/inspect
 * reaches the production bundle (nor its source maps).
 */
import { createBrowserInspector } from '@statelyai/inspect';

/** The Stately inspector, not started yet: start() opens its popup once the early events are in. */
export function createStatelyInspector() {
  return createBrowserInspector({ autoStart: false });
}
