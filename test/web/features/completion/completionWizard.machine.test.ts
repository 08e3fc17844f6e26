import { createActor, fromPromise, waitFor, type EventObject } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import type { Task } from '../../../../src/shared/types';
import {
  completionNotice,
  completionRequestBody,
  completionWizardMachine,
  type CompletionKind,
  type CompletionRequestBody,
  type CompletionResult,
  type CompletionStatus,
  type CompletionWizardEvent,
  type CompletionWizardSnapshot,
} from '../../../../src/web/features/completion/completionWizard.machine';

const NEEDS_FEEDBACK = { id: 7, feedback_required: true };
const CANCELS = { id: 9, feedback_required: false };

/** The user's events; SUBMIT with rate 0 is the picker's 'nothing chosen' and must be refused. */
const USER_EVENTS: CompletionWizardEvent[] = [
  { type: 'NEXT', reason: NEEDS_FEEDBACK },
  { type: 'NEXT', reason: CANCELS },
  { type: 'SUBMIT', rate: 4, feedback: '  Quick and tidy work  ' },
  { type: 'SUBMIT', rate: 0, feedback: null },
  { type: 'BACK' },
];

/** What the server answers for a body (the kind rule of SPEC section 4). */
function serverKind(body: CompletionRequestBody): CompletionKind {
  if (body.status === 'completed') return 'completed';
  return body.rate > 0 ? 'incomplete' : 'cancelled';
}

const doneEvent = (output: CompletionResult) =>
  ({ type: 'xstate.done.actor.submitCompletion', output }) as unknown as CompletionWizardEvent;
const errorEvent = (error: unknown) =>
  ({ type: 'xstate.error.actor.submitCompletion', error }) as unknown as CompletionWizardEvent;

/** In `submitting`, the graph may also take the actor's answers. */
const events = (snapshot: CompletionWizardSnapshot): CompletionWizardEvent[] =>
  snapshot.matches('submitting')
    ? [
        doneEvent({ kind: serverKind(completionRequestBody(snapshot.context)) }),
        errorEvent({ status: 422, data: { message: 'Invalid', errors: { rate: ['Too low'] } } }),
        errorEvent(new TypeError('Failed to fetch')),
      ]
    : USER_EVENTS;

/** One shortest path per step (the context differs after a failure). */
const byValue = (snapshot: CompletionWizardSnapshot): string => JSON.stringify(snapshot.value);

const stateOf = (snapshot: CompletionWizardSnapshot): string => String(snapshot.value);

const label = (event: EventObject): string => {
  if (event.type === 'NEXT') {
    const { reason } = event as Extract<CompletionWizardEvent, { type: 'NEXT' }>;
    return `NEXT(${reason.feedback_required ? 'feedback' : 'cancel'})`;
  }
  if (event.type === 'SUBMIT')
    return `SUBMIT(${(event as CompletionWizardEvent as { rate: number }).rate})`;
  if (event.type.startsWith('xstate.done')) return 'done';
  if (event.type.startsWith('xstate.error')) {
    const { error } = event as { error?: { status?: number } };
    return error?.status === 422 ? '422' : 'failure';
  }
  return event.type;
};

const userSteps = (steps: ReadonlyArray<{ event: EventObject }>): CompletionWizardEvent[] =>
  steps
    .map((step) => step.event)
    .filter((event) => !event.type.startsWith('xstate.')) as CompletionWizardEvent[];

/** A running actor whose POST records the body and answers like the server. */
function startWizard(outcome: CompletionStatus, answer?: (body: CompletionRequestBody) => unknown) {
  const bodies: CompletionRequestBody[] = [];
  const machine = completionWizardMachine.provide({
    actors: {
      submitCompletion: fromPromise<CompletionResult, CompletionRequestBody>(async ({ input }) => {
        bodies.push(input);
        if (answer) {
          const result = answer(input);
          if (
            result instanceof Error ||
            (result && typeof result === 'object' && 'status' in result)
          )
            throw result;
        }
        return { kind: serverKind(input) };
      }),
    },
  });
  const actor = createActor(machine, { input: { outcome } }).start();
  return { actor, bodies };
}

describe('completion wizard: shortest paths', () => {
  test('completed goes straight to rating and on to done', () => {
    const paths = getShortestPaths(completionWizardMachine, {
      input: { outcome: 'completed' },
      events,
      serializeState: byValue,
    });
    const byState = new Map(paths.map((path) => [stateOf(path.state), path]));
    expect([...byState.keys()].sort()).toEqual(['done', 'rating', 'submitting']);
    expect(
      byState
        .get('rating')
        ?.steps.slice(1)
        .map((s) => label(s.event)),
    ).toEqual([]);
    expect(
      byState
        .get('done')
        ?.steps.slice(1)
        .map((s) => label(s.event)),
    ).toEqual(['SUBMIT(4)', 'done']);
    expect(byState.get('done')?.state.context.kind).toBe('completed');
  });

  test('incomplete starts at the reason step and reaches every step', () => {
    const paths = getShortestPaths(completionWizardMachine, {
      input: { outcome: 'incomplete' },
      events,
      serializeState: byValue,
    });
    const ends = paths.map((path) => [
      stateOf(path.state),
      path.steps.slice(1).map((s) => label(s.event)),
    ]);
    expect(ends).toEqual(
      expect.arrayContaining([
        ['reason', []],
        ['rating', ['NEXT(feedback)']],
        ['submitting', ['NEXT(cancel)']],
        ['done', ['NEXT(cancel)', 'done']],
      ]),
    );
  });

  test('replaying each shortest path on an actor lands where the graph says', () => {
    for (const outcome of ['completed', 'incomplete'] as const) {
      for (const path of getShortestPaths(completionWizardMachine, {
        input: { outcome },
        events,
      })) {
        if (path.steps.some((s) => s.event.type.startsWith('xstate.done'))) continue;
        if (path.steps.some((s) => s.event.type.startsWith('xstate.error'))) continue;
        const actor = createActor(completionWizardMachine, { input: { outcome } }).start();
        for (const event of userSteps(path.steps)) actor.send(event);
        expect(actor.getSnapshot().value).toEqual(path.state.value);
        actor.stop();
      }
    }
  });
});

/** The body the SPEC rules expect after a path's user events (the last reason chosen counts). */
function expectedBody(outcome: CompletionStatus, steps: CompletionWizardEvent[]) {
  if (outcome === 'completed') {
    return { status: 'completed', reason_id: null, rate: 4, feedback: 'Quick and tidy work' };
  }
  const reasons = steps.flatMap((event) => (event.type === 'NEXT' ? [event.reason] : []));
  const reason = reasons[reasons.length - 1];
  return reason.feedback_required
    ? { status: 'incomplete', reason_id: reason.id, rate: 4, feedback: 'Quick and tidy work' }
    : { status: 'incomplete', reason_id: reason.id, rate: 0, feedback: null };
}

describe('completion wizard: every simple path to done', () => {
  test.each([['completed'], ['incomplete']] as Array<[CompletionStatus]>)(
    '%s: each path ends with the right body and kind',
    async (outcome) => {
      const paths = getSimplePaths(completionWizardMachine, { input: { outcome }, events }).filter(
        (path) => path.state.matches('done'),
      );
      expect(paths.length).toBeGreaterThan(0);

      for (const path of paths) {
        // The actor answers each submit the way the path did: 422, failure or success.
        const answers = path.steps
          .map((step) => step.event)
          .filter((event) => /^xstate\.(done|error)\.actor/.test(event.type));
        const { actor, bodies } = startWizard(outcome, () => {
          const answer = answers.shift() as { type: string; error?: unknown } | undefined;
          return answer?.type.startsWith('xstate.error') ? answer.error : undefined;
        });
        const steps = userSteps(path.steps);
        for (const event of steps) {
          actor.send(event);
          await waitFor(actor, (s) => !s.matches('submitting'));
        }
        const done = actor.getSnapshot();
        expect({ path: path.steps.map((s) => label(s.event)), status: done.status }).toEqual({
          path: path.steps.map((s) => label(s.event)),
          status: 'done',
        });
        const body = bodies[bodies.length - 1];
        expect(body).toEqual(expectedBody(outcome, steps));
        expect(done.context.kind).toBe(serverKind(body));
        expect(done.context).toEqual(path.state.context);
        actor.stop();
      }
    },
  );
});

describe('completion wizard: the SPEC rules', () => {
  test('completed: rating required (rate 0 is refused), then completed', async () => {
    const { actor, bodies } = startWizard('completed');
    expect(actor.getSnapshot().matches('rating')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'SUBMIT', rate: 0, feedback: null })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'SUBMIT', rate: 6, feedback: null })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'BACK' })).toBe(false);
    actor.send({ type: 'SUBMIT', rate: 5, feedback: '' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(bodies).toEqual([{ status: 'completed', reason_id: null, rate: 5, feedback: null }]);
    expect(done.context.kind).toBe('completed');
  });

  test('incomplete with a feedback-required reason: back link keeps the rating, new reason', async () => {
    const { actor, bodies } = startWizard('incomplete');
    expect(actor.getSnapshot().matches('reason')).toBe(true);
    actor.send({ type: 'NEXT', reason: NEEDS_FEEDBACK });
    expect(actor.getSnapshot().matches('rating')).toBe(true);
    actor.send({ type: 'BACK', rate: 2, feedback: 'Did not show' });
    expect(actor.getSnapshot().matches('reason')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ reason_id: 7, rate: 2 });
    actor.send({ type: 'NEXT', reason: { id: 8, feedback_required: true } });
    expect(actor.getSnapshot().context.rate).toBe(2);
    actor.send({ type: 'SUBMIT', rate: 2, feedback: 'Did not show' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(bodies).toEqual([
      { status: 'incomplete', reason_id: 8, rate: 2, feedback: 'Did not show' },
    ]);
    expect(done.context.kind).toBe('incomplete');
  });

  test('incomplete, back, then a reason without feedback: cancelled with rate 0 and null', async () => {
    const { actor, bodies } = startWizard('incomplete');
    actor.send({ type: 'NEXT', reason: NEEDS_FEEDBACK });
    actor.send({ type: 'BACK', rate: 3, feedback: 'Typed before going back' });
    actor.send({ type: 'NEXT', reason: CANCELS });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(bodies).toEqual([{ status: 'incomplete', reason_id: 9, rate: 0, feedback: null }]);
    expect(done.context.kind).toBe('cancelled');
  });

  test('422 returns to the rating step with the field errors, and a fix submits', async () => {
    let calls = 0;
    const { actor, bodies } = startWizard('completed', () => {
      calls += 1;
      return calls === 1
        ? { status: 422, data: { message: 'Invalid', errors: { feedback: ['Too short.', 'x'] } } }
        : undefined;
    });
    actor.send({ type: 'SUBMIT', rate: 4, feedback: 'abcde' });
    const back = await waitFor(actor, (s) => s.matches('rating') && s.context.failed === false);
    expect(back.context.fieldErrors).toEqual({ feedback: 'Too short.' });
    expect(back.context).toMatchObject({ rate: 4, feedback: 'abcde' });
    actor.send({ type: 'SUBMIT', rate: 4, feedback: 'Longer feedback' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.context.fieldErrors).toEqual({});
    expect(bodies).toHaveLength(2);
  });

  test('422 on a cancelled submit returns to the reason step', async () => {
    const { actor } = startWizard('incomplete', () => ({
      status: 422,
      data: { message: 'Invalid', errors: { reason_id: ['Choose a reason.'] } },
    }));
    actor.send({ type: 'NEXT', reason: CANCELS });
    const back = await waitFor(actor, (s) => s.matches('reason'));
    expect(back.context.fieldErrors).toEqual({ reason_id: 'Choose a reason.' });
    expect(back.context.reason_id).toBe(9);
  });

  test('a network failure keeps everything typed, flags the error and allows a retry', async () => {
    let calls = 0;
    const { actor, bodies } = startWizard('incomplete', () => {
      calls += 1;
      return calls === 1 ? new TypeError('Failed to fetch') : undefined;
    });
    actor.send({ type: 'NEXT', reason: NEEDS_FEEDBACK });
    actor.send({ type: 'SUBMIT', rate: 3, feedback: 'Half done' });
    const failed = await waitFor(actor, (s) => s.matches('rating') && s.context.failed);
    expect(failed.context).toMatchObject({ reason_id: 7, rate: 3, feedback: 'Half done' });
    expect(failed.context.fieldErrors).toEqual({});
    actor.send({ type: 'SUBMIT', rate: 3, feedback: 'Half done' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.context).toMatchObject({ kind: 'incomplete', failed: false });
    expect(bodies).toEqual([
      { status: 'incomplete', reason_id: 7, rate: 3, feedback: 'Half done' },
      { status: 'incomplete', reason_id: 7, rate: 3, feedback: 'Half done' },
    ]);
  });
});

describe('completionRequestBody', () => {
  const base = {
    reason_id: 7,
    feedbackRequired: true,
    rate: 5,
    feedback: ' ok then ',
    fieldErrors: {},
    failed: false,
    kind: null,
    step: null,
    taskStatus: null,
  };
  test.each([
    [
      { ...base, outcome: 'completed' as const },
      { status: 'completed', reason_id: null, rate: 5, feedback: 'ok then' },
    ],
    [
      { ...base, outcome: 'incomplete' as const },
      { status: 'incomplete', reason_id: 7, rate: 5, feedback: 'ok then' },
    ],
    [
      { ...base, outcome: 'incomplete' as const, feedbackRequired: false },
      { status: 'incomplete', reason_id: 7, rate: 0, feedback: null },
    ],
    [
      { ...base, outcome: 'completed' as const, feedback: '   ' },
      { status: 'completed', reason_id: null, rate: 5, feedback: null },
    ],
  ])('%#', (context, body) => {
    expect(completionRequestBody(context)).toEqual(body);
  });
});

describe('completion wizard: the success text says what happened (issue 16)', () => {
  /** The wizard, with the server answering `result` (its kind from the body, like the server). */
  async function finish(
    outcome: CompletionStatus,
    events: CompletionWizardEvent[],
    result: { step?: 'lock' | 'review'; status?: string },
  ) {
    const machine = completionWizardMachine.provide({
      actors: {
        submitCompletion: fromPromise<CompletionResult, CompletionRequestBody>(
          async ({ input }) => ({
            kind: serverKind(input),
            step: result.step,
            task: result.status ? ({ status: result.status } as Task) : undefined,
          }),
        ),
      },
    });
    const actor = createActor(machine, { input: { outcome } }).start();
    for (const event of events) actor.send(event);
    const done = await waitFor(actor, (s) => s.status === 'done');
    actor.stop();
    return completionNotice(done.context);
  }
  const RATE = { type: 'SUBMIT', rate: 4, feedback: 'Tidy work' } as const;

  test('the first party locks: the status changed and their feedback was sent', async () => {
    expect(await finish('completed', [RATE], { step: 'lock', status: 'completed' })).toEqual({
      text: 'completed',
      taskStatus: 'completed',
    });
    expect(
      await finish('incomplete', [{ type: 'NEXT', reason: NEEDS_FEEDBACK }, RATE], {
        step: 'lock',
        status: 'incomplete',
      }),
    ).toEqual({ text: 'incomplete', taskStatus: 'incomplete' });
  });

  test('a cancel says only that the task was cancelled: no feedback was sent', async () => {
    expect(
      await finish('incomplete', [{ type: 'NEXT', reason: CANCELS }], {
        step: 'lock',
        status: 'incomplete',
      }),
    ).toEqual({ text: 'cancelled', taskStatus: 'incomplete' });
  });

  test('the second party only reviews: their feedback was sent, the status stays', async () => {
    // The owner marked the task completed; the freelancer answers 'not completed' with stars.
    expect(
      await finish('incomplete', [{ type: 'NEXT', reason: NEEDS_FEEDBACK }, RATE], {
        step: 'review',
        status: 'completed',
      }),
    ).toEqual({ text: 'reviewed', taskStatus: 'completed' });
    // A reason without feedback sends no stars and no text: only their answer was recorded.
    expect(
      await finish('incomplete', [{ type: 'NEXT', reason: CANCELS }], {
        step: 'review',
        status: 'completed',
      }),
    ).toEqual({ text: 'answered', taskStatus: 'completed' });
    expect(await finish('completed', [RATE], { step: 'review', status: 'incomplete' })).toEqual({
      text: 'reviewed',
      taskStatus: 'incomplete',
    });
  });

  test('the server answer wins over what the page showed, and no step means a lock', async () => {
    // The form opened on an in-progress task, but the other party locked it first.
    expect(await finish('completed', [RATE], { step: 'review', status: 'incomplete' })).toEqual({
      text: 'reviewed',
      taskStatus: 'incomplete',
    });
    expect(await finish('completed', [RATE], {})).toEqual({
      text: 'completed',
      taskStatus: 'completed',
    });
  });

  test('nothing to say before the wizard is done', () => {
    const actor = createActor(completionWizardMachine, { input: { outcome: 'completed' } }).start();
    expect(completionNotice(actor.getSnapshot().context)).toBeNull();
    actor.stop();
  });
});
