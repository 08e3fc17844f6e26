import { createActor } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import {
  displayStatus,
  isComplete,
  isExpired,
  isExpiringSoon,
  isSelected,
  completionStep,
  lifecycleInput,
  otherParty,
  parseLocalDateTime,
  statusGroup,
  viewerRole,
  type TaskLifecycleInput,
  type Viewer,
  type ViewerRole,
} from '../../src/shared/taskLifecycle';
import {
  allowedControls,
  canTransition,
  createTaskLifecycle,
  currentState,
  nextState,
  stateForStatus,
  taskLifecycleMachine,
  type TaskControl,
  type TaskLifecycleEvent,
  type TaskLifecycleSnapshot,
  type TaskLifecycleState,
} from '../../src/shared/taskLifecycle.machine';
import type { Offer, Task } from '../../src/shared/types';

// Local time on purpose: due_end strings are local, so the tests hold in every time zone.
const NOW = new Date(2024, 4, 10, 12, 0, 0); // 2024-05-10 12:00:00 local

function offer(freelancerUuid: string | null, chosenAt: string | null = null): Offer {
  return {
    uuid: `offer-${freelancerUuid ?? 'deleted'}`,
    description: 'I can do it',
    price: 50,
    notify_if_not_chosen: false,
    hash: 'h',
    chosen_at: chosenAt,
    created_at: '2024-05-01T10:00:00',
    freelancer:
      freelancerUuid === null
        ? null
        : {
            uuid: freelancerUuid,
            photo: null,
            is_legal: false,
            full_name: 'Free Lancer',
            display_name: 'Free L.',
            freelancer_rating: null,
          },
    not_chosen_reason: null,
  };
}

function task(overrides: Partial<Task> = {}): Task {
  return {
    uuid: 'task-1',
    identifier: 'T-1',
    title: 'Fix the sink',
    description: 'It leaks',
    status: 'open',
    category: { id: 11, slug: 'home-repair', title: 'Home repair' },
    languages: ['en'],
    location_type: 'anywhere',
    locations: [],
    due_type: 'end',
    due_start: null,
    due_end: null,
    budget_from: 10,
    budget_to: 20,
    images: [],
    author: {
      uuid: 'owner',
      photo: null,
      is_legal: false,
      is_online: true,
      full_name: 'Owner Person',
      display_name: 'Owner P.',
      customer_rating: null,
    },
    offers_count: 0,
    offers: [],
    views_count: 0,
    created_at: '2024-05-01T09:00:00',
    awaiting_action: false,
    second_party_contacts: null,
    reviews: [],
    ...overrides,
  };
}

function input(overrides: Partial<TaskLifecycleInput> = {}): TaskLifecycleInput {
  return {
    status: 'open',
    awaitingAction: false,
    expired: false,
    role: 'owner',
    hasOffers: true,
    ...overrides,
  };
}

function eventLabel(event: TaskLifecycleEvent): string {
  return event.type === 'LOCKED' ? `LOCKED(${event.outcome})` : event.type;
}

describe('status helpers', () => {
  test.each([
    ['new', 'open'],
    ['open', 'open'],
    ['in_progress', 'in_progress'],
    ['completed', 'completed'],
    ['incomplete', 'incomplete'],
    ['archived', 'unknown'],
    ['', 'unknown'],
    [null, 'unknown'],
  ])('statusGroup(%p) is %p', (status, group) => {
    expect(statusGroup(status)).toBe(group);
    expect(stateForStatus(status)).toBe(group);
  });

  test.each([
    ['new', false, false],
    ['open', false, false],
    ['in_progress', true, false],
    ['completed', true, true],
    ['incomplete', true, true],
    ['archived', false, false],
  ])('%s: selected %p, complete %p', (status, selected, complete) => {
    expect(isSelected(status)).toBe(selected);
    expect(isComplete(status)).toBe(complete);
  });
});

describe('local date-times', () => {
  test('are read in local time, not UTC', () => {
    const date = parseLocalDateTime('2024-05-10T12:30:15');
    expect(date).toEqual(new Date(2024, 4, 10, 12, 30, 15));
    expect(date?.getHours()).toBe(12);
  });

  test('a date without a time is local midnight', () => {
    expect(parseLocalDateTime('2024-05-10')).toEqual(new Date(2024, 4, 10, 0, 0, 0));
  });

  test.each(['', 'tomorrow', '2024-02-31T10:00:00', '2024-05-10T25:00:00'])(
    '%p is not a date',
    (value) => {
      expect(parseLocalDateTime(value)).toBeNull();
    },
  );
});

describe('expiry', () => {
  test.each([
    ['no end date', null, 'open', false],
    ['end in the past', '2024-05-09T12:00:00', 'open', true],
    ['end exactly now', '2024-05-10T12:00:00', 'open', true],
    ['end one second ahead', '2024-05-10T12:00:01', 'open', false],
    ['past end, in progress', '2024-05-09T12:00:00', 'in_progress', true],
    ['past end, unknown status', '2024-05-09T12:00:00', 'archived', true],
    ['past end, completed', '2024-05-09T12:00:00', 'completed', false],
    ['past end, incomplete', '2024-05-09T12:00:00', 'incomplete', false],
  ])('%s: expired %p', (_, dueEnd, status, expired) => {
    expect(isExpired({ due_end: dueEnd, status }, NOW)).toBe(expired);
  });

  test.each([
    ['ends in 2 days, window 3', '2024-05-12T12:00:00', 'open', 3, true],
    ['ends exactly at the window edge', '2024-05-13T12:00:00', 'open', 3, true],
    ['ends just after the window', '2024-05-13T12:00:01', 'open', 3, false],
    ['ends in 10 days', '2024-05-20T12:00:00', 'open', 3, false],
    ['already expired', '2024-05-09T12:00:00', 'open', 3, false],
    ['ends exactly now (expired)', '2024-05-10T12:00:00', 'open', 3, false],
    ['completed', '2024-05-11T12:00:00', 'completed', 3, false],
    ['incomplete', '2024-05-11T12:00:00', 'incomplete', 3, false],
    ['no end date', null, 'open', 3, false],
  ])('%s: expiring soon %p', (_, dueEnd, status, days, soon) => {
    expect(isExpiringSoon({ due_end: dueEnd, status }, NOW, days)).toBe(soon);
  });

  test.each([
    ['open', null, 'open'],
    ['new', '2024-05-11T12:00:00', 'open'],
    ['open', '2024-05-10T12:00:00', 'expired'],
    ['in_progress', '2024-05-09T12:00:00', 'expired'],
    ['in_progress', null, 'in_progress'],
    ['completed', '2024-05-09T12:00:00', 'completed'],
    ['incomplete', '2024-05-09T12:00:00', 'incomplete'],
    ['archived', '2024-05-09T12:00:00', 'expired'],
    ['archived', null, 'unknown'],
  ])('status %s ending %p shows as %s', (status, dueEnd, shown) => {
    expect(displayStatus({ status, due_end: dueEnd }, NOW)).toBe(shown);
  });
});

describe('viewerRole', () => {
  const chosenTask = task({
    status: 'in_progress',
    offers: [offer('alice', '2024-05-05T10:00:00'), offer('bob'), offer(null)],
    offers_count: 3,
  });

  test.each<[string, Task, Viewer, ViewerRole]>([
    ['not logged in', task(), null, 'visitor'],
    ['logged-in non-freelancer', task(), { uuid: 'carol', is_freelancer: false }, 'customer'],
    [
      'freelancer without an offer',
      chosenTask,
      { uuid: 'dave', is_freelancer: true },
      'freelancer',
    ],
    [
      'freelancer whose offer was not chosen',
      chosenTask,
      { uuid: 'bob', is_freelancer: true },
      'offerer',
    ],
    [
      'freelancer with an offer, none chosen',
      task({ offers: [offer('bob')] }),
      { uuid: 'bob', is_freelancer: true },
      'offerer',
    ],
    ['chosen freelancer', chosenTask, { uuid: 'alice', is_freelancer: true }, 'chosen'],
    ['the author', chosenTask, { uuid: 'owner', is_freelancer: false }, 'owner'],
    [
      'the author who is also a freelancer',
      task(),
      { uuid: 'owner', is_freelancer: true },
      'owner',
    ],
    [
      'anyone, when the author was deleted',
      task({ author: null }),
      { uuid: 'owner', is_freelancer: false },
      'customer',
    ],
    [
      'ex-freelancer with an offer',
      task({ offers: [offer('bob')] }),
      { uuid: 'bob', is_freelancer: false },
      'offerer',
    ],
  ])('%s is %s', (_, theTask, viewer, role) => {
    expect(viewerRole(theTask, viewer)).toBe(role);
  });

  test('lifecycleInput reads the task for the viewer', () => {
    expect(
      lifecycleInput(
        task({ ...chosenTask, awaiting_action: true, due_end: '2024-05-01T00:00:00' }),
        { uuid: 'alice', is_freelancer: true },
        NOW,
      ),
    ).toEqual({
      status: 'in_progress',
      awaitingAction: true,
      expired: true,
      role: 'chosen',
      hasOffers: true,
    });
    // offers_count covers viewers who are not shown every offer.
    expect(lifecycleInput(task({ offers_count: 2 }), null, NOW).hasOffers).toBe(true);
    expect(lifecycleInput(task(), null, NOW).hasOffers).toBe(false);
  });
});

describe('controls per actor and state (SPEC section 6)', () => {
  // Offers exist, the task is not expired and the viewer is awaiting action; the flags are varied
  // in the next block.
  const STATUS: Record<TaskLifecycleState, string> = {
    open: 'open',
    in_progress: 'in_progress',
    completed: 'completed',
    incomplete: 'incomplete',
    unknown: 'archived',
  };
  const controls = (state: TaskLifecycleState, role: ViewerRole, flags = {}): TaskControl[] => [
    ...allowedControls(
      createTaskLifecycle(
        input({ status: STATUS[state], role, awaitingAction: true, hasOffers: true, ...flags }),
      ),
    ),
  ];

  const NON_OWNER_OPEN: TaskControl[] = ['REPORT', 'SHARE'];
  test.each<[TaskLifecycleState, ViewerRole, TaskControl[]]>([
    ['open', 'visitor', NON_OWNER_OPEN],
    ['open', 'customer', NON_OWNER_OPEN],
    ['open', 'freelancer', ['MAKE_OFFER', 'REPORT', 'SHARE']],
    ['open', 'offerer', ['EDIT_OFFER', 'DELETE_OFFER', 'REPORT', 'SHARE']],
    ['open', 'chosen', NON_OWNER_OPEN],
    ['open', 'owner', ['EDIT_TASK', 'DELETE_TASK', 'ASSIGN_OFFER', 'START_CHAT', 'SHARE']],
    ['in_progress', 'visitor', ['REPORT']],
    ['in_progress', 'customer', ['REPORT']],
    ['in_progress', 'freelancer', ['REPORT']],
    ['in_progress', 'offerer', ['REPORT']],
    ['in_progress', 'chosen', ['SEE_CONTACTS', 'COMPLETE', 'REPORT']],
    ['in_progress', 'owner', ['START_CHAT', 'SEE_CONTACTS', 'COMPLETE']],
    ['completed', 'visitor', ['REPORT']],
    ['completed', 'customer', ['REPORT']],
    ['completed', 'freelancer', ['REPORT']],
    ['completed', 'offerer', ['REPORT']],
    ['completed', 'chosen', ['SEE_CONTACTS', 'COMPLETE', 'REPORT']],
    ['completed', 'owner', ['SEE_CONTACTS', 'COMPLETE']],
    ['incomplete', 'visitor', ['REPORT']],
    ['incomplete', 'customer', ['REPORT']],
    ['incomplete', 'freelancer', ['REPORT']],
    ['incomplete', 'offerer', ['REPORT']],
    ['incomplete', 'chosen', ['SEE_CONTACTS', 'COMPLETE', 'REPORT']],
    ['incomplete', 'owner', ['SEE_CONTACTS', 'COMPLETE']],
    ['unknown', 'visitor', ['REPORT']],
    ['unknown', 'customer', ['REPORT']],
    ['unknown', 'freelancer', ['REPORT']],
    ['unknown', 'offerer', ['REPORT']],
    ['unknown', 'chosen', ['REPORT']],
    ['unknown', 'owner', []],
  ])('%s, %s: %j', (state, role, expected) => {
    expect(controls(state, role)).toEqual(expected);
  });

  test.each<[string, TaskLifecycleState, ViewerRole, object, TaskControl[]]>([
    [
      'owner of a task without offers may find freelancers, not assign',
      'open',
      'owner',
      { hasOffers: false },
      ['EDIT_TASK', 'DELETE_TASK', 'START_CHAT', 'SHARE', 'FIND_FREELANCERS'],
    ],
    [
      // Issue 16: nobody can offer on an expired task, so finding freelancers is pointless.
      'owner of an expired task without offers is asked to change the deadline, not to find freelancers',
      'open',
      'owner',
      { hasOffers: false, expired: true },
      ['EDIT_TASK', 'DELETE_TASK', 'START_CHAT', 'SHARE', 'CHANGE_DEADLINE'],
    ],
    [
      'only the owner gets CHANGE_DEADLINE',
      'open',
      'freelancer',
      { hasOffers: false, expired: true },
      ['REPORT', 'SHARE'],
    ],
    [
      'owner of an expired task may still assign an existing offer',
      'open',
      'owner',
      { expired: true },
      ['EDIT_TASK', 'DELETE_TASK', 'ASSIGN_OFFER', 'START_CHAT', 'SHARE'],
    ],
    [
      'freelancer cannot offer on an expired task',
      'open',
      'freelancer',
      { expired: true },
      ['REPORT', 'SHARE'],
    ],
    [
      'offerer may still edit and delete on an expired task',
      'open',
      'offerer',
      { expired: true },
      ['EDIT_OFFER', 'DELETE_OFFER', 'REPORT', 'SHARE'],
    ],
    [
      'owner who is not awaiting action cannot complete',
      'in_progress',
      'owner',
      { awaitingAction: false },
      ['START_CHAT', 'SEE_CONTACTS'],
    ],
    [
      'chosen freelancer who is not awaiting action cannot complete',
      'in_progress',
      'chosen',
      { awaitingAction: false },
      ['SEE_CONTACTS', 'REPORT'],
    ],
    [
      'after the lock, the party who has reviewed is no longer awaiting action',
      'completed',
      'owner',
      { awaitingAction: false },
      ['SEE_CONTACTS'],
    ],
    [
      'after the lock, the other party may still review while awaiting action',
      'incomplete',
      'chosen',
      { awaitingAction: true },
      ['SEE_CONTACTS', 'COMPLETE', 'REPORT'],
    ],
  ])('%s', (_, state, role, flags, expected) => {
    expect(controls(state, role, flags)).toEqual(expected);
  });

  test('status new behaves as open', () => {
    expect(currentState(createTaskLifecycle(input({ status: 'new' })))).toBe('open');
    expect([...allowedControls(createTaskLifecycle(input({ status: 'new' })))]).toEqual(
      controls('open', 'owner'),
    );
  });
});

describe('transitions, path by path', () => {
  const TRANSITIONS: TaskLifecycleEvent[] = [
    { type: 'OFFER_CHOSEN' },
    { type: 'LOCKED', outcome: 'completed' },
    { type: 'LOCKED', outcome: 'incomplete' },
  ];
  const describePaths = (paths: ReturnType<typeof getShortestPaths<typeof taskLifecycleMachine>>) =>
    paths.map((path) => ({
      state: currentState(path.state),
      events: path.steps
        .filter((step) => String(step.event.type) !== 'xstate.init')
        .map((step) => eventLabel(step.event)),
    }));

  test('the owner of an open task with offers reaches completed and incomplete', () => {
    const paths = getShortestPaths(taskLifecycleMachine, {
      input: input({ role: 'owner' }),
      events: TRANSITIONS,
    });
    expect(describePaths(paths)).toEqual([
      { state: 'open', events: [] },
      { state: 'in_progress', events: ['OFFER_CHOSEN'] },
      { state: 'completed', events: ['OFFER_CHOSEN', 'LOCKED(completed)'] },
      { state: 'incomplete', events: ['OFFER_CHOSEN', 'LOCKED(incomplete)'] },
    ]);
  });

  test('every simple path from open ends in a known state and never leaves a locked one', () => {
    const paths = getSimplePaths(taskLifecycleMachine, {
      input: input({ role: 'owner' }),
      events: TRANSITIONS,
    });
    const ends = new Set(paths.map((path) => currentState(path.state)));
    expect([...ends].sort()).toEqual(['completed', 'in_progress', 'incomplete', 'open']);
    for (const path of paths) {
      const states = path.steps.map((step) => currentState(step.state));
      const locked = states.findIndex((state) => state === 'completed' || state === 'incomplete');
      if (locked >= 0) expect(locked).toBe(states.length - 1);
    }
  });

  test('replaying each shortest path on an actor lands where the graph says', () => {
    const ownerInput = input({ role: 'owner' });
    for (const path of getShortestPaths(taskLifecycleMachine, {
      input: ownerInput,
      events: TRANSITIONS,
    })) {
      const actor = createActor(taskLifecycleMachine, { input: ownerInput }).start();
      for (const step of path.steps.slice(1)) actor.send(step.event);
      expect(actor.getSnapshot().value).toEqual(path.state.value);
      expect(actor.getSnapshot().context).toEqual(path.state.context);
      actor.stop();
    }
  });

  test('choosing an offer puts the task in progress and awaiting action', () => {
    const actor = createActor(taskLifecycleMachine, { input: input() }).start();
    actor.send({ type: 'OFFER_CHOSEN' });
    expect(actor.getSnapshot().matches('in_progress')).toBe(true);
    expect(actor.getSnapshot().hasTag('selected')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({
      status: 'in_progress',
      awaitingAction: true,
    });
    actor.send({ type: 'LOCKED', outcome: 'incomplete' });
    expect(actor.getSnapshot().matches('incomplete')).toBe(true);
    expect(actor.getSnapshot().hasTag('complete')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({
      status: 'incomplete',
      awaitingAction: false,
    });
  });

  test.each<[TaskLifecycleState, ViewerRole, TaskLifecycleState[]]>([
    ['open', 'offerer', ['open']],
    ['open', 'freelancer', ['open']],
    ['open', 'visitor', ['open']],
    ['in_progress', 'chosen', ['completed', 'in_progress', 'incomplete']],
    ['in_progress', 'offerer', ['in_progress']],
    ['completed', 'owner', ['completed']],
    ['unknown', 'owner', ['unknown']],
  ])('from %s, a %s reaches only %j', (state, role, reachable) => {
    const status = state === 'unknown' ? 'archived' : state;
    const paths = getShortestPaths(taskLifecycleMachine, {
      input: input({ status, role, awaitingAction: true }),
      events: TRANSITIONS,
    });
    expect(paths.map((path) => currentState(path.state)).sort()).toEqual(reachable);
  });

  const refused: Array<[string, TaskLifecycleInput, TaskLifecycleEvent]> = [
    ['LOCKED from open', input({ awaitingAction: true }), { type: 'LOCKED', outcome: 'completed' }],
    ['OFFER_CHOSEN from in_progress', input({ status: 'in_progress' }), { type: 'OFFER_CHOSEN' }],
    ['OFFER_CHOSEN from completed', input({ status: 'completed' }), { type: 'OFFER_CHOSEN' }],
    [
      'LOCKED from completed',
      input({ status: 'completed', awaitingAction: true }),
      { type: 'LOCKED', outcome: 'incomplete' },
    ],
    [
      'COMPLETE when not awaiting action',
      input({ status: 'in_progress', awaitingAction: false }),
      { type: 'COMPLETE' },
    ],
    [
      'LOCKED when not awaiting action',
      input({ status: 'in_progress', awaitingAction: false }),
      { type: 'LOCKED', outcome: 'completed' },
    ],
    ['OFFER_CHOSEN without offers', input({ hasOffers: false }), { type: 'OFFER_CHOSEN' }],
    ['an offerer choosing', input({ role: 'offerer' }), { type: 'OFFER_CHOSEN' }],
    ['a freelancer choosing', input({ role: 'freelancer' }), { type: 'OFFER_CHOSEN' }],
    ['a customer choosing', input({ role: 'customer' }), { type: 'OFFER_CHOSEN' }],
    ['a visitor choosing', input({ role: 'visitor' }), { type: 'OFFER_CHOSEN' }],
    [
      'a non-chosen offerer locking',
      input({ status: 'in_progress', role: 'offerer', awaitingAction: true }),
      { type: 'LOCKED', outcome: 'completed' },
    ],
    ['the owner reporting', input(), { type: 'REPORT' }],
    [
      'MAKE_OFFER on an expired task',
      input({ role: 'freelancer', expired: true }),
      { type: 'MAKE_OFFER' },
    ],
  ];

  test.each(refused)('refuses %s', (_, theInput, event) => {
    const actor = createActor(taskLifecycleMachine, { input: theInput }).start();
    const before: TaskLifecycleSnapshot = actor.getSnapshot();
    expect(before.can(event)).toBe(false);
    expect(canTransition(theInput, event)).toBe(false);
    expect(nextState(theInput, event)).toBeNull();
    actor.send(event);
    expect(actor.getSnapshot().value).toEqual(before.value);
    expect(actor.getSnapshot().context).toEqual(before.context);
  });

  test.each<[string, TaskLifecycleInput, TaskLifecycleEvent, TaskLifecycleState]>([
    ['owner chooses an offer', input(), { type: 'OFFER_CHOSEN' }, 'in_progress'],
    [
      'owner chooses an offer on an expired task',
      input({ expired: true }),
      { type: 'OFFER_CHOSEN' },
      'in_progress',
    ],
    [
      'owner locks as completed',
      input({ status: 'in_progress', awaitingAction: true }),
      { type: 'LOCKED', outcome: 'completed' },
      'completed',
    ],
    [
      'chosen freelancer locks as incomplete',
      input({ status: 'in_progress', role: 'chosen', awaitingAction: true }),
      { type: 'LOCKED', outcome: 'incomplete' },
      'incomplete',
    ],
  ])('the server allows: %s', (_, theInput, event, target) => {
    expect(canTransition(theInput, event)).toBe(true);
    expect(nextState(theInput, event)).toBe(target);
  });
});

describe('what a completion answer does (issue 16)', () => {
  test.each<[string, ReturnType<typeof completionStep>]>([
    ['in_progress', 'lock'],
    ['completed', 'review'],
    ['incomplete', 'review'],
    ['open', null],
    ['new', null],
    ['archived', null],
  ])('status %s: %s', (status, step) => {
    expect(completionStep(status)).toBe(step);
  });

  test('the second party is told who locked the task: the other party of the two', () => {
    const author = { uuid: 'a', display_name: 'Anna B.' } as Task['author'];
    const chosenOffer = {
      chosen_at: '2026-01-01T10:00:00Z',
      freelancer: { uuid: 'f', display_name: 'Free L.' },
    } as Offer;
    const otherOffer = {
      chosen_at: null,
      freelancer: { uuid: 'g', display_name: 'Gina O.' },
    } as Offer;
    const task = { author, offers: [otherOffer, chosenOffer] };
    expect(otherParty(task, 'chosen')).toEqual({ role: 'customer', name: 'Anna B.' });
    expect(otherParty(task, 'owner')).toEqual({ role: 'freelancer', name: 'Free L.' });
    // Deleted accounts have no name; anyone else is no party.
    expect(otherParty({ author: null, offers: [] }, 'chosen')).toEqual({
      role: 'customer',
      name: null,
    });
    expect(otherParty({ author, offers: [otherOffer] }, 'owner')).toEqual({
      role: 'freelancer',
      name: null,
    });
    expect(otherParty(task, 'offerer')).toBeNull();
    expect(otherParty(task, 'visitor')).toBeNull();
  });
});
