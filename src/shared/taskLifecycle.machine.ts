/**
 * Task lifecycle (SPEC sections 4 and 6), shared by the SPA and the API server.
 *
 *   resolving ─┬─ new | open ──> open ─OFFER_CHOSEN─> in_progress ─┬─ LOCKED(completed) ──> completed
 *              ├─ in_progress | completed | incomplete: same name  └─ LOCKED(incomplete) ─> incomplete
 *              └─ anything else ──> unknown
 *
 * - The machine is a pure description: input is one task as one viewer sees it (lifecycleInput in
 *   ./taskLifecycle), and `resolving` moves at once to the state of the task's status.
 * - Controls (EDIT_TASK, MAKE_OFFER, COMPLETE, ...) are targetless guarded transitions: the SPA shows
 *   a control when `snapshot.can({ type })` is true (see allowedControls). They carry the named no-op
 *   action `controlRequested` because xstate's `can()` counts a transition without a target and
 *   without actions as forbidden.
 * - Transitions (OFFER_CHOSEN, LOCKED) are what the server performs; it calls canTransition before
 *   writing and refuses the request when the machine says no.
 *
 * What must stay in step with the server (the way Sharetribe's transaction process must match the
 * one deployed to the Marketplace API) is the machine's `description`, which the docs generator
 * renders into docs/machines/task-lifecycle.md. Change the machine, then run
 * `npx tsx scripts/machines-docs.ts`; test/shared/machinesDocs.test.ts fails until you do.
 */
import { and, assign, initialTransition, not, setup, transition, type SnapshotFrom } from 'xstate';
import { statusGroup, type StatusGroup, type TaskLifecycleInput } from './taskLifecycle';
import { TASK_CONTROLS, type TaskControl } from './taskLifecycle.controls';

export type { TaskLifecycleInput } from './taskLifecycle';

// The list lives beside the xstate-free table the SPA reads (./taskLifecycle.controls.ts).
export { TASK_CONTROLS, type TaskControl };

export type LockOutcome = 'completed' | 'incomplete';

export type TaskControlEvent = { type: TaskControl };
/** The server performs these. */
export type TaskTransitionEvent =
  { type: 'OFFER_CHOSEN' } | { type: 'LOCKED'; outcome: LockOutcome };
export type TaskLifecycleEvent = TaskControlEvent | TaskTransitionEvent;

/** The machine's states other than the transient `resolving`: one per status group. */
export type TaskLifecycleState = StatusGroup;
export const TASK_LIFECYCLE_STATES: readonly TaskLifecycleState[] = [
  'open',
  'in_progress',
  'completed',
  'incomplete',
  'unknown',
];

export type TaskLifecycleContext = TaskLifecycleInput;

/** The machine state a task with this API status is in. */
export function stateForStatus(status: string | null | undefined): TaskLifecycleState {
  return statusGroup(status);
}

const SERVER_CONTRACT = `The lifecycle of one task as one viewer sees it. The SPA asks \`snapshot.can(control)\` which controls to show; the API server runs \`canTransition\` before it writes and refuses an illegal transition.

What must stay in step with the server:

- Status values: new and open are the open state; in_progress, completed and incomplete have their own states; any other value is unknown and only offers REPORT. A new status needs a state here first.
- Expiry closes the task to new offers (MAKE_OFFER); an owner whose expired task has no offers gets CHANGE_DEADLINE instead of FIND_FREELANCERS (issue 16): editing the deadline is the ordinary task update.
- OFFER_CHOSEN (owner, open, the task has offers): the server sets chosen_at on the offer, status in_progress and awaiting_action true for both participants. It is allowed on an expired task: SPEC only forbids new offers after expiry.
- LOCKED (owner or chosen freelancer, in_progress, awaiting_action true): the server sets the status to the outcome and awaiting_action false for the one who locked.
- COMPLETE in completed or incomplete is the second party's review (completionStep: 'review'): the server stores it and leaves the status as the first party set it.
- awaiting_action is per viewer: the server computes it for the requesting user, the SPA reads it from the task it loaded.
- Expiry is computed by the caller with isExpired (due_end is local time, due_end equal to now is expired), never inside the machine, so both sides use the same clock rule.
- Role comes from viewerRole: owner is the author, chosen/offerer come from the viewer's own offer and its chosen_at.`;

export const taskLifecycleMachine = setup({
  types: {
    context: {} as TaskLifecycleContext,
    events: {} as TaskLifecycleEvent,
    input: {} as TaskLifecycleInput,
  },
  guards: {
    statusIs: ({ context }, params: { state: TaskLifecycleState }) =>
      stateForStatus(context.status) === params.state,
    isOwner: ({ context }) => context.role === 'owner',
    isNotOwner: ({ context }) => context.role !== 'owner',
    isFreelancerWithoutOffer: ({ context }) => context.role === 'freelancer',
    isOfferer: ({ context }) => context.role === 'offerer',
    /** The two parties once an offer is chosen. */
    isParticipant: ({ context }) => context.role === 'owner' || context.role === 'chosen',
    hasOffers: ({ context }) => context.hasOffers,
    isExpired: ({ context }) => context.expired,
    isAwaitingAction: ({ context }) => context.awaitingAction,
    outcomeIs: ({ event }, params: { outcome: LockOutcome }) =>
      event.type === 'LOCKED' && event.outcome === params.outcome,
  },
  actions: {
    /** No-op hook; it makes `can()` count a targetless control (swap it with `.provide()`). */
    controlRequested: () => {},
    chooseOffer: assign({ status: 'in_progress', awaitingAction: true }),
    lock: assign((_, params: { outcome: LockOutcome }) => ({
      status: params.outcome,
      awaitingAction: false,
    })),
  },
}).createMachine({
  id: 'taskLifecycle',
  description: SERVER_CONTRACT,
  context: ({ input }) => ({ ...input }),
  initial: 'resolving',
  on: {
    REPORT: { guard: 'isNotOwner', actions: 'controlRequested' },
  },
  states: {
    resolving: {
      description: 'Transient: moves at once to the state of the task status.',
      always: [
        { target: 'open', guard: { type: 'statusIs', params: { state: 'open' } } },
        { target: 'in_progress', guard: { type: 'statusIs', params: { state: 'in_progress' } } },
        { target: 'completed', guard: { type: 'statusIs', params: { state: 'completed' } } },
        { target: 'incomplete', guard: { type: 'statusIs', params: { state: 'incomplete' } } },
        { target: 'unknown' },
      ],
    },
    open: {
      description: 'Status new or open: no offer chosen yet.',
      on: {
        EDIT_TASK: { guard: 'isOwner', actions: 'controlRequested' },
        DELETE_TASK: { guard: 'isOwner', actions: 'controlRequested' },
        MAKE_OFFER: {
          guard: and(['isFreelancerWithoutOffer', not('isExpired')]),
          actions: 'controlRequested',
        },
        EDIT_OFFER: { guard: 'isOfferer', actions: 'controlRequested' },
        DELETE_OFFER: { guard: 'isOfferer', actions: 'controlRequested' },
        ASSIGN_OFFER: { guard: and(['isOwner', 'hasOffers']), actions: 'controlRequested' },
        START_CHAT: { guard: 'isOwner', actions: 'controlRequested' },
        SHARE: { actions: 'controlRequested' },
        // Nobody can offer on an expired task: its owner is asked to change the deadline instead.
        FIND_FREELANCERS: {
          guard: and(['isOwner', not('hasOffers'), not('isExpired')]),
          actions: 'controlRequested',
        },
        CHANGE_DEADLINE: {
          guard: and(['isOwner', not('hasOffers'), 'isExpired']),
          actions: 'controlRequested',
        },
        OFFER_CHOSEN: {
          target: 'in_progress',
          guard: and(['isOwner', 'hasOffers']),
          actions: 'chooseOffer',
        },
      },
    },
    in_progress: {
      description: 'An offer is chosen; the participants lock the task while awaiting action.',
      tags: ['selected'],
      on: {
        START_CHAT: { guard: 'isOwner', actions: 'controlRequested' },
        SEE_CONTACTS: { guard: 'isParticipant', actions: 'controlRequested' },
        COMPLETE: {
          guard: and(['isParticipant', 'isAwaitingAction']),
          actions: 'controlRequested',
        },
        LOCKED: [
          {
            target: 'completed',
            guard: and([
              'isParticipant',
              'isAwaitingAction',
              { type: 'outcomeIs', params: { outcome: 'completed' } } as const,
            ]),
            actions: { type: 'lock', params: { outcome: 'completed' } },
          },
          {
            target: 'incomplete',
            guard: and([
              'isParticipant',
              'isAwaitingAction',
              { type: 'outcomeIs', params: { outcome: 'incomplete' } } as const,
            ]),
            actions: { type: 'lock', params: { outcome: 'incomplete' } },
          },
        ],
      },
    },
    completed: {
      description:
        'Locked as completed. No transition leaves it; the party who has not reviewed yet may still ' +
        'leave a review while awaiting action (docs/COMPLETION.md).',
      tags: ['selected', 'complete'],
      on: {
        SEE_CONTACTS: { guard: 'isParticipant', actions: 'controlRequested' },
        COMPLETE: {
          guard: and(['isParticipant', 'isAwaitingAction']),
          actions: 'controlRequested',
        },
      },
    },
    incomplete: {
      description:
        'Locked as incomplete (or cancelled). No transition leaves it; the other party may still ' +
        'leave a review while awaiting action.',
      tags: ['selected', 'complete'],
      on: {
        SEE_CONTACTS: { guard: 'isParticipant', actions: 'controlRequested' },
        COMPLETE: {
          guard: and(['isParticipant', 'isAwaitingAction']),
          actions: 'controlRequested',
        },
      },
    },
    unknown: {
      description: 'A status the SPEC does not name: only REPORT.',
    },
  },
});

export type TaskLifecycleSnapshot = SnapshotFrom<typeof taskLifecycleMachine>;

/** The snapshot for a task as one viewer sees it, already in the state of its status. Pure. */
export function createTaskLifecycle(input: TaskLifecycleInput): TaskLifecycleSnapshot {
  const [snapshot] = initialTransition(taskLifecycleMachine, input);
  return snapshot;
}

/** The controls the viewer gets, in TASK_CONTROLS order. */
export function allowedControls(snapshot: TaskLifecycleSnapshot): ReadonlySet<TaskControl> {
  return new Set(TASK_CONTROLS.filter((type) => snapshot.can({ type })));
}

/** For the server: may this viewer perform the event on the task now? */
export function canTransition(input: TaskLifecycleInput, event: TaskLifecycleEvent): boolean {
  return createTaskLifecycle(input).can(event);
}

/** For the server: the state after the event, or null when the machine refuses it. */
export function nextState(
  input: TaskLifecycleInput,
  event: TaskLifecycleEvent,
): TaskLifecycleState | null {
  const snapshot = createTaskLifecycle(input);
  if (!snapshot.can(event)) return null;
  const [next] = transition(taskLifecycleMachine, snapshot, event);
  return currentState(next);
}

/** The snapshot's state as a TaskLifecycleState (never the transient `resolving`). */
export function currentState(snapshot: TaskLifecycleSnapshot): TaskLifecycleState {
  return (
    TASK_LIFECYCLE_STATES.find((state) => snapshot.matches(state)) ??
    stateForStatus(snapshot.context.status)
  );
}
