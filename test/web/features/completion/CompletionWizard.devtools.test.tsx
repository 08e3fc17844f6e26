/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { useState } from 'react';
import type { IncompleteReason } from '../../../../src/shared/types';
import { apiLog } from '../../../../src/web/api/log';
import { resetConfigCache } from '../../../../src/web/app/config';
import { CompletionWizard } from '../../../../src/web/features/completion/CompletionWizard';
import { renderWithProviders } from '../../../support/render';
import { json, type FetchMock } from '../../../support/webFetch';
import { TASK_UUID } from '../tasks/fixtures';

const REASONS: IncompleteReason[] = [
  { id: 1, title: 'The customer did not respond', group: 'freelancer', feedback_required: true },
  { id: 5, title: 'I fell ill', group: 'freelancer', feedback_required: false },
];

function serve(): FetchMock {
  const mock: FetchMock = jest.fn(async (input: Request | string) => {
    const request = typeof input === 'string' ? new Request(input) : input;
    const { pathname } = new URL(request.url);
    if (pathname === '/api/incomplete-reasons') return json(200, { data: REASONS });
    if (pathname === `/api/tasks/${TASK_UUID}/complete` && request.method === 'POST') {
      return json(200, { data: { kind: 'incomplete' } });
    }
    return json(404, { message: 'Not found.' });
  });
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
}

/** Opens the wizard on a click, the way the task page does, and closes it on onClose. */
function Harness() {
  const [open, setOpen] = useState(false);
  if (!open) return <button onClick={() => setOpen(true)}>Not completed</button>;
  return (
    <CompletionWizard
      taskUuid={TASK_UUID}
      outcome="incomplete"
      isOwner={false}
      onClose={() => setOpen(false)}
    />
  );
}

beforeEach(() => {
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  resetConfigCache();
});

describe('the completion wizard in Redux DevTools', () => {
  it('dispatches completion/wizard/<event> with the state value, in order, on a happy path', async () => {
    serve();
    const { store, user } = renderWithProviders(<Harness />);
    // Spied before the wizard mounts: it takes its dispatch from the store on its first render.
    const dispatch = jest.spyOn(store, 'dispatch');

    await user.click(screen.getByRole('button', { name: 'Not completed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Task not completed' });
    await user.click(await within(dialog).findByRole('radio', { name: REASONS[0].title }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Back to the reasons' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('radio', { name: '3 stars of 5' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // RTK Query also dispatches thunks: keep the plain actions of the wizard.
    const mirrored = dispatch.mock.calls
      .map(([action]) => action as unknown)
      .filter(
        (action): action is UnknownAction =>
          typeof action === 'object' &&
          action !== null &&
          String((action as UnknownAction).type).startsWith('completion/wizard/'),
      );
    expect(
      mirrored.map((action) => [action.type, (action.payload as { value: unknown }).value]),
    ).toEqual([
      ['completion/wizard/xstate.init', 'reason'],
      ['completion/wizard/NEXT', 'rating'],
      ['completion/wizard/BACK', 'reason'],
      ['completion/wizard/NEXT', 'rating'],
      ['completion/wizard/SUBMIT', 'submitting'],
      ['completion/wizard/xstate.done.actor.submitCompletion', 'done'],
    ]);
    expect(mirrored.at(-1)?.payload).toEqual({
      value: 'done',
      status: 'done',
      context: expect.objectContaining({ reason_id: 1, rate: 3, kind: 'incomplete' }),
    });
    // Plain data only: each action survives a JSON round trip unchanged.
    for (const action of mirrored) expect(JSON.parse(JSON.stringify(action))).toEqual(action);
  });
});
