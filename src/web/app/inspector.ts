/**
 * Developer tools for the xstate machines (DESIGN.md 'Who it is for'): the Stately inspector in
 * development builds, and a plain Redux action per processed event so Redux DevTools shows the flow.
 *
 * - The inspector is opt-in per browser: `localStorage.talkaInspect = '1'`, then reload. It opens the
 *   Stately inspector in a popup, so it stays off for everyone who has not asked for it.
 * - The inspector package is loaded from ./inspector.development.ts with a dynamic import inside a
 *   `process.env.NODE_ENV !== 'production'` branch: webpack's production mode makes that branch dead,
 *   so neither is in the production bundle.
 */
import type { Action } from '@reduxjs/toolkit';
import type { InspectionEvent, Observer, StateValue } from 'xstate';

/** What xstate's `inspect` option accepts (createActor, useActorRef). */
export type MachineInspect = (event: InspectionEvent) => void;

/** The localStorage key that turns the Stately inspector on in development. */
export const INSPECT_FLAG = 'talkaInspect';

/** Events kept while the inspector loads (the inspector itself defers up to 200 more). */
const MAX_PENDING = 200;

let developmentInspect: MachineInspect | undefined;

function inspectorRequested(): boolean {
  try {
    return globalThis.localStorage?.getItem(INSPECT_FLAG) === '1';
  } catch {
    // Storage can be disabled (privacy settings): no inspector then.
    return false;
  }
}

/**
 * The Stately inspector's `inspect` callback, or undefined: always in production builds, and in
 * development unless `localStorage.talkaInspect === '1'`. One inspector (one popup) per page; it is
 * created when the inspector package has loaded, and the events of that moment are replayed into it.
 */
export function machineInspector(): MachineInspect | undefined {
  if (process.env.NODE_ENV !== 'production') {
    if (!inspectorRequested()) return undefined;
    if (!developmentInspect) {
      const pending: InspectionEvent[] = [];
      let target: Observer<InspectionEvent> | undefined;
      import(/* webpackChunkName: "machine-inspector" */ './inspector.development').then(
        ({ createStatelyInspector }) => {
          const inspector = createStatelyInspector();
          target = inspector.inspect;
          for (const event of pending.splice(0)) target.next?.(event);
          inspector.start();
        },
        (error: unknown) => {
          pending.length = 0;
          console.warn('The Stately inspector could not be loaded.', error);
        },
      );
      developmentInspect = (event) => {
        if (target) target.next?.(event);
        else if (pending.length < MAX_PENDING) pending.push(event);
      };
    }
    return developmentInspect;
  }
  return undefined;
}

/** The plain action mirrored to Redux for each event a root machine processed. */
export interface MachineEventAction extends Action<string> {
  payload: {
    /** The state value after the event. */
    value: StateValue;
    status: 'active' | 'done' | 'error' | 'stopped';
    /** The machine's context after the event (plain data only: no functions, no Error objects). */
    context: unknown;
  };
}

interface MachineSnapshotLike {
  value?: StateValue;
  status?: MachineEventAction['payload']['status'];
  context?: unknown;
}

/**
 * The action for an inspection event, or null: only snapshots of the root actor (not of the actors it
 * invokes), typed `<prefix>/<event type>`, e.g. `completion/wizard/NEXT`. No reducer handles them.
 */
export function machineEventAction(
  prefix: string,
  event: InspectionEvent,
): MachineEventAction | null {
  if (event.type !== '@xstate.snapshot' || event.actorRef.sessionId !== event.rootId) return null;
  const snapshot = event.snapshot as MachineSnapshotLike;
  if (snapshot.value === undefined || snapshot.status === undefined) return null;
  return {
    type: `${prefix}/${event.event.type}`,
    payload: { value: snapshot.value, status: snapshot.status, context: snapshot.context },
  };
}

/**
 * The `inspect` option for a machine's actor: the Stately inspector (development, opt-in) plus one
 * Redux action per processed event of the root machine, so Redux DevTools shows the flow.
 */
export function machineDevtools(
  prefix: string,
  dispatch: (action: MachineEventAction) => unknown,
): MachineInspect {
  const inspect = machineInspector();
  return (event) => {
    inspect?.(event);
    const action = machineEventAction(prefix, event);
    if (action) dispatch(action);
  };
}
