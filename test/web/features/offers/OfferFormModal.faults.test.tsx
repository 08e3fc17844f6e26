/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
/**
 * Issue 9: the offer form sends one request for a double click, and when the server cannot be
 * reached it says so in the form and keeps what was typed for another try.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiLog } from '../../../../src/web/api/log';
import { resetConfigCache } from '../../../../src/web/app/config';
import { makeTask, offer, otherFreelancer, OTHER_UUID, TASK_UUID } from '../tasks/fixtures';
import { json } from '../../../support/webFetch';
import { calls, meAnswer, renderSlots, route } from './fixtures';

const OFFERS = `/api/tasks/${TASK_UUID}/offers`;

beforeEach(() => {
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  resetConfigCache();
});

async function openForm(answers: Array<Response | (() => Response)>) {
  const fetch = route({ 'GET /api/me': meAnswer(otherFreelancer), [`POST ${OFFERS}`]: answers });
  const rendered = renderSlots(makeTask(), otherFreelancer);
  await rendered.user.click(screen.getByRole('button', { name: 'Make an offer' }));
  const dialog = await screen.findByRole('dialog', { name: 'Make an offer' });
  fireEvent.change(within(dialog).getByLabelText('Description'), {
    target: { value: 'Tomorrow morning, with my own tools.' },
  });
  fireEvent.change(within(dialog).getByLabelText('Price, EUR'), { target: { value: '95' } });
  return { fetch, dialog, ...rendered };
}

describe('offer form under faults', () => {
  it('sends one offer for a double click', async () => {
    const { fetch, dialog } = await openForm([json(201, { data: offer(OTHER_UUID, false) })]);
    const send = within(dialog).getByRole('button', { name: 'Send offer' });
    act(() => {
      send.click();
      send.click();
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), {
      timeout: 5000,
    });
    expect(calls(fetch, 'POST', OFFERS)).toHaveLength(1);
  });

  it('says the server could not be reached and keeps the text; the next try goes through', async () => {
    const { fetch, dialog } = await openForm([
      () => {
        throw new TypeError('Failed to fetch');
      },
      json(201, { data: offer(OTHER_UUID, false) }),
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Talka could not reach the server. What you typed is kept',
    );
    expect(within(dialog).getByLabelText('Description')).toHaveValue(
      'Tomorrow morning, with my own tools.',
    );
    expect(within(dialog).getByLabelText('Price, EUR')).toHaveValue('95');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), {
      timeout: 5000,
    });
    expect(calls(fetch, 'POST', OFFERS)).toHaveLength(2);
  });
});
