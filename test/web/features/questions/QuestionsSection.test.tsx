/**
 * @jest-environment ./test/support/webEnvironment.ts
 *
 * The questions section on the task page (issue 20): who sees which control, the [hidden] marker,
 * asking with field errors and a closed task's 403, answering, hiding, and the push refetch.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import type { PageRoute } from '../../../../src/web/app/router';
import { apiLog } from '../../../../src/web/api/log';
import { resetConfigCache } from '../../../../src/web/app/config';
import { CONTACT_MARKER } from '../../../../src/shared/contactMask';
import type { TaskQuestion, TaskQuestions } from '../../../../src/shared/types';
import { refetchTask } from '../../../../src/web/features/push/pushActions';
import TaskDetailPage from '../../../../src/web/features/tasks/TaskDetailPage';
import { renderApp } from '../../../support/render';
import { json } from '../../../support/webFetch';
import {
  makeTask,
  otherFreelancer,
  OTHER_UUID,
  owner,
  questionRequests,
  serve,
  TASK_UUID,
} from '../tasks/fixtures';

jest.mock('../../../../src/web/ui/MapView.ol', () => ({ __esModule: true, default: () => null }));

beforeEach(() => {
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  resetConfigCache();
});

const pages: PageRoute[] = [{ name: 'task', load: async () => ({ default: TaskDetailPage }) }];

const question = (overrides: Partial<TaskQuestion> = {}): TaskQuestion => ({
  id: 7,
  message: `Can I call you on ${CONTACT_MARKER}?`,
  author: { uuid: OTHER_UUID, display_name: 'Jānis O.', photo: null },
  created_at: new Date(Date.now() - 2 * 3600_000).toISOString(),
  answer: null,
  ...overrides,
});

const withQuestions = (
  questions: TaskQuestion[],
  extra: Partial<TaskQuestions> = {},
): TaskQuestions => ({
  open: true,
  masked: true,
  questions,
  ...extra,
});

async function section() {
  await screen.findByRole('heading', { level: 1, name: 'Fix the kitchen sink' }, { timeout: 5000 });
  return screen.findByRole('region', { name: 'Questions to the customer' });
}

/** Answers writes to the questions API with `answer`, everything else as serve() does. */
function serveWithWrites(
  options: Parameters<typeof serve>[0],
  answer: (request: Request) => Response | Promise<Response>,
) {
  const base = serve(options);
  const read = base.getMockImplementation()!;
  base.mockImplementation(async (input, init) => {
    const request = typeof input === 'string' ? new Request(input, init) : input;
    if (/\/questions/.test(new URL(request.url).pathname) && request.method !== 'GET') {
      return answer(request);
    }
    return read(input, init);
  });
  return base;
}

describe('the questions section', () => {
  it('shows a visitor the questions with [hidden] markers, the answer and a login link', async () => {
    serve({
      me: null,
      task: makeTask(),
      questions: withQuestions([
        question({
          answer: { message: 'Yes, see the photos.', answered_at: new Date().toISOString() },
        }),
      ]),
    });
    renderApp({ route: '/en/tasks/TK7Q2XYZ', pages });
    const region = await section();
    const item = await within(region).findByTestId('question');
    expect(item).toHaveTextContent('Can I call you on [hidden]?');
    expect(within(item).getByTestId('contact-hidden')).toHaveAttribute(
      'title',
      'Contact details are hidden until an offer is chosen',
    );
    expect(within(item).getByTestId('question-answer')).toHaveTextContent(
      'Customer’s answerYes, see the photos.',
    );
    expect(within(region).getByText('1 question')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Log in to ask a question' })).toHaveAttribute(
      'href',
      expect.stringContaining('/en/login'),
    );
    expect(within(region).queryByRole('textbox')).toBeNull();
    // Anyone but the asker may report; only the owner hides.
    expect(within(item).getByRole('button', { name: 'Report' })).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Hide' })).toBeNull();
  });

  it('lets a freelancer ask: a short text is refused before sending, then it is sent', async () => {
    let sent: unknown = null;
    const fetch = serveWithWrites(
      { me: otherFreelancer, task: makeTask(), questions: withQuestions([]) },
      async (request) => {
        sent = await request.json();
        return json(201, { data: question({ message: 'Is the tap included?' }) });
      },
    );
    const { user } = renderApp({ route: '/en/tasks/TK7Q2XYZ', pages });
    const region = await section();
    expect(within(region).getByText('No questions yet.')).toBeInTheDocument();
    const box = await within(region).findByLabelText('Ask the customer a question');
    await user.type(box, 'Tap?');
    await user.click(within(region).getByRole('button', { name: 'Ask' }));
    expect(box).toHaveAccessibleDescription('4 / 1,000 Use at least 5 characters.');
    expect(questionRequests(fetch, 'POST')).toHaveLength(0);

    await user.type(box, ' Is the tap included?');
    await user.click(within(region).getByRole('button', { name: 'Ask' }));
    expect(await screen.findByText('Your question has been published')).toBeInTheDocument();
    expect(sent).toEqual({ message: 'Tap? Is the tap included?' });
    expect(new URL(questionRequests(fetch, 'POST')[0].url).pathname).toBe(
      `/api/tasks/${TASK_UUID}/questions`,
    );
    // The list is refetched, and the form starts again empty.
    await waitFor(() => expect(questionRequests(fetch)).toHaveLength(2));
    expect(within(region).getByLabelText('Ask the customer a question')).toHaveValue('');
  });

  it('shows the field error of a 422 and the reason of a 403 (closed meanwhile)', async () => {
    const answers = [
      json(422, { message: 'Invalid.', errors: { message: ['Use at least 5 characters.'] } }),
      json(403, { message: 'Questions on this task are closed: an offer has been chosen.' }),
    ];
    serveWithWrites({ me: otherFreelancer, task: makeTask(), questions: withQuestions([]) }, () =>
      answers.shift()!,
    );
    const { user } = renderApp({ route: '/en/tasks/TK7Q2XYZ', pages });
    const region = await section();
    const box = await within(region).findByLabelText('Ask the customer a question');
    await user.type(box, 'Hello there');
    await user.click(within(region).getByRole('button', { name: 'Ask' }));
    await waitFor(() => expect(box).toHaveAttribute('aria-invalid', 'true'));
    await user.click(within(region).getByRole('button', { name: 'Ask' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'Questions on this task are closed: an offer has been chosen.',
    );
  });

  it('gives the owner an answer form, Hide and Report, and no ask form', async () => {
    let sent: unknown = null;
    const fetch = serveWithWrites(
      { me: owner, task: makeTask(), questions: withQuestions([question()]) },
      async (request) => {
        if (request.method === 'DELETE') return new Response(null, { status: 204 });
        sent = await request.json();
        return json(200, { data: question({ answer: { message: 'Yes', answered_at: '' } }) });
      },
    );
    const { user } = renderApp({ route: '/en/tasks/TK7Q2XYZ', pages });
    const region = await section();
    const item = await within(region).findByTestId('question');
    expect(within(region).queryByLabelText('Ask the customer a question')).toBeNull();
    // The owner is not the asker: they may report a question too (spam they would rather not hide).
    expect(within(item).getByRole('button', { name: 'Report' })).toBeInTheDocument();

    await user.type(await within(item).findByLabelText('Your answer'), 'Yes, it is.');
    await user.click(within(item).getByRole('button', { name: 'Answer' }));
    expect(await screen.findByText('Your answer has been published')).toBeInTheDocument();
    expect(sent).toEqual({ message: 'Yes, it is.' });
    expect(new URL(questionRequests(fetch, 'POST')[0].url).pathname).toBe(
      `/api/tasks/${TASK_UUID}/questions/7/answer`,
    );

    await user.click(within(item).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this question?' });
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('The question is hidden')).toBeInTheDocument();
    expect(new URL(questionRequests(fetch, 'DELETE')[0].url).pathname).toBe(
      `/api/tasks/${TASK_UUID}/questions/7`,
    );
  });

  it('does not offer its asker to report their own question', async () => {
    serve({ me: otherFreelancer, task: makeTask(), questions: withQuestions([question()]) });
    renderApp({ route: '/en/tasks/TK7Q2XYZ', pages });
    const item = await within(await section()).findByTestId('question');
    expect(within(item).queryByRole('button', { name: 'Report' })).toBeNull();
  });

  it('says the questions are closed once an offer is chosen, with no forms', async () => {
    serve({
      me: otherFreelancer,
      task: makeTask(),
      questions: withQuestions([question({ message: 'Call 29123456?' })], {
        open: false,
        masked: false,
      }),
    });
    renderApp({ route: '/en/tasks/TK7Q2XYZ', pages });
    const region = await section();
    expect(await within(region).findByTestId('questions-closed')).toHaveTextContent(
      'Questions are closed: an offer has been chosen.',
    );
    expect(within(region).getByTestId('question')).toHaveTextContent('Call 29123456?');
    expect(within(region).queryByRole('textbox')).toBeNull();
  });

  it('shows a new question after the task’s push event (refetchTask)', async () => {
    let current = withQuestions([]);
    serve({ me: null, task: makeTask(), questions: () => current });
    const { store } = renderApp({ route: '/en/tasks/TK7Q2XYZ', pages });
    const region = await section();
    expect(within(region).getByText('No questions yet.')).toBeInTheDocument();
    current = withQuestions([question({ message: 'Live question?' })]);
    act(() => {
      store.dispatch(refetchTask(TASK_UUID));
    });
    expect(await within(region).findByText('Live question?')).toBeInTheDocument();
  });
});
