/**
 * @jest-environment ./test/support/webEnvironment.ts
 *
 * The moderation page (issue 19): a 404 for anyone but a moderator; the open reports grouped by
 * task with every message; a decision asks for a reason (the shared schema, before sending) and
 * posts it; the log. And the owner's view of a hidden task, and a visitor's 410 page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import { createIntl } from 'react-intl';
import type {
  ModerationLogEntry,
  ModerationQuestionReportsPage,
  ModerationReportsPage,
  Task,
} from '../../../../src/shared/types';
import type { PageRoute } from '../../../../src/web/app/router';
import { apiLog } from '../../../../src/web/api/log';
import { resetConfigCache } from '../../../../src/web/app/config';
import { moderationMessages } from '../../../../src/web/features/moderation/messages';
import ModerationPage from '../../../../src/web/features/moderation/ModerationPage';
import TaskDetailPage from '../../../../src/web/features/tasks/TaskDetailPage';
import { renderApp } from '../../../support/render';
import { json, type FetchMock } from '../../../support/webFetch';
import { makeTask, owner, user } from '../tasks/fixtures';

jest.mock('../../../../src/web/ui/MapView.ol', () => ({ __esModule: true, default: () => null }));

const TASK = '55555555-5555-4555-8555-555555555555';
const AUTHOR = '66666666-6666-4666-8666-666666666666';
const moderator = { ...user('77777777-7777-4777-8777-777777777777'), is_moderator: true as const };

const queue: ModerationReportsPage = {
  status: 'open',
  counts: { open_reports: 2, open_tasks: 1, closed_reports: 5, closed_tasks: 3 },
  groups: [
    {
      task: {
        uuid: TASK,
        identifier: 'TKSPAM01',
        title: 'Cheap watches',
        status: 'open',
        created_at: '2026-11-20T10:00:00.000Z',
        hidden_at: null,
        hidden_reason: null,
        author: {
          uuid: AUTHOR,
          full_name: 'Olga Owner',
          display_name: 'Olga O.',
          suspended_at: null,
          deleted: false,
        },
      },
      reports: [
        {
          id: 1,
          message: 'Spam.',
          created_at: '2026-11-21T10:00:00.000Z',
          status: 'open',
          decided_at: null,
          anonymous: false,
        },
        {
          id: 2,
          message: 'A scam!',
          created_at: '2026-11-22T10:00:00.000Z',
          status: 'open',
          decided_at: null,
          anonymous: true,
        },
      ],
      reports_count: 2,
      first_reported_at: '2026-11-21T10:00:00.000Z',
    },
  ],
  next_cursor: null,
};

const log: ModerationLogEntry[] = [
  {
    id: 9,
    action: 'suspend',
    reason: 'Fraudulent offers',
    created_at: '2026-11-23T10:00:00.000Z',
    moderator: { uuid: moderator.uuid, display_name: 'Māra K.' },
    task: null,
    user: { uuid: AUTHOR, display_name: 'Ivars I.' },
    question: null,
  },
  {
    id: 10,
    action: 'hide_question',
    reason: 'Advertising',
    created_at: '2026-11-24T10:00:00.000Z',
    moderator: { uuid: moderator.uuid, display_name: 'Māra K.' },
    task: { uuid: TASK, identifier: 'TKSPAM01', title: 'Paint the fence' },
    user: null,
    question: { id: 41, message: 'Cheap watches, call +371 2612 3456' },
  },
];

const questionQueue: ModerationQuestionReportsPage = {
  status: 'open',
  counts: { open_reports: 1, open_questions: 1, closed_reports: 4, closed_questions: 2 },
  groups: [
    {
      question: {
        id: 41,
        // Moderators read it as written, contacts included.
        message: 'Cheap watches, call +371 2612 3456',
        created_at: '2026-11-20T11:00:00.000Z',
        hidden_at: null,
        hidden_reason: null,
        author: {
          uuid: AUTHOR,
          full_name: 'Ivars Asker',
          display_name: 'Ivars A.',
          suspended_at: null,
          deleted: false,
        },
      },
      task: { uuid: TASK, identifier: 'TKFENCE1', title: 'Paint the fence', hidden_at: null },
      reports: [
        {
          id: 7,
          message: 'Selling watches',
          created_at: '2026-11-21T11:00:00.000Z',
          status: 'open',
          decided_at: null,
          anonymous: false,
        },
      ],
      reports_count: 1,
      first_reported_at: '2026-11-21T11:00:00.000Z',
    },
  ],
  next_cursor: null,
};

/** The lists in keyset pages: page n+1 is asked for with `cursor=p<n+1>` (the server's is opaque). */
interface Lists {
  reports: ModerationReportsPage['groups'][];
  log: ModerationLogEntry[][];
  questions?: ModerationQuestionReportsPage['groups'][];
  /** Every count 0 (an empty queue). */
  none?: boolean;
}

const ZERO = { open_reports: 0, closed_reports: 0 };

function serve(
  me: unknown,
  task?: Task | number,
  lists: Lists = { reports: [queue.groups], log: [log] },
): FetchMock {
  const mock: FetchMock = jest.fn(async (input: Request | string) => {
    const request = typeof input === 'string' ? new Request(input) : input;
    const { pathname, searchParams } = new URL(request.url);
    const index = Number(searchParams.get('cursor')?.slice(1) ?? 0);
    const next = (pages: unknown[]) => (index + 1 < pages.length ? `p${index + 1}` : null);
    if (pathname === '/api/me') return json(200, { data: me });
    if (pathname === '/api/categories') return json(200, { data: [] });
    if (pathname === '/api/moderation/reports') {
      const groups = lists.reports[index];
      const counts = lists.none ? { ...ZERO, open_tasks: 0, closed_tasks: 0 } : queue.counts;
      return json(200, { data: { ...queue, groups, counts, next_cursor: next(lists.reports) } });
    }
    if (pathname === '/api/moderation/log') {
      return json(200, { data: lists.log[index], meta: { next_cursor: next(lists.log) } });
    }
    if (pathname === '/api/moderation/question-reports') {
      const pages = lists.questions ?? [questionQueue.groups];
      const counts = lists.none
        ? { ...ZERO, open_questions: 0, closed_questions: 0 }
        : questionQueue.counts;
      return json(200, {
        data: { ...questionQueue, groups: pages[index], counts, next_cursor: next(pages) },
      });
    }
    if (pathname.startsWith('/api/moderation/')) {
      return json(200, { data: { uuid: TASK, hidden_at: '2026-11-24T10:00:00.000Z' } });
    }
    if (pathname.startsWith('/api/tasks/') && task !== undefined) {
      return typeof task === 'number'
        ? json(task, { message: 'This task was removed by moderation.' })
        : json(200, { data: task });
    }
    return json(404, { message: 'Not found.' });
  });
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
}

const pages: PageRoute[] = [
  { name: 'moderation', load: async () => ({ default: ModerationPage }) },
  { name: 'task', load: async () => ({ default: TaskDetailPage }) },
];

let consoleErrors: jest.SpyInstance;
beforeEach(() => {
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
  consoleErrors = jest.spyOn(console, 'error');
});
afterEach(() => {
  // React warns once per component (a list child without a key, e.g. the question heading's link
  // from a rich-text message): whichever test renders it first must not see one.
  const logged = consoleErrors.mock.calls.flat().join(' ');
  jest.restoreAllMocks();
  expect(logged).not.toMatch(/unique "key"/);
  resetConfigCache();
});

describe('ModerationPage', () => {
  it('is a 404 page for a signed-in user who is not a moderator', async () => {
    const fetch = serve(owner);
    renderApp({ route: '/en/moderation', pages });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    const asked = fetch.mock.calls.map(
      ([input]) => new URL(typeof input === 'string' ? input : input.url).pathname,
    );
    expect(asked).not.toContain('/api/moderation/reports');
  });

  it('shows the open reports grouped by task, with counts, every message and the log', async () => {
    serve(moderator);
    renderApp({ route: '/en/moderation', pages });
    expect(await screen.findByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
    expect(await screen.findByText('2 open reports about 1 task')).toBeInTheDocument();
    const group = screen.getByRole('article', { name: 'Cheap watches' });
    expect(within(group).getByRole('link', { name: 'Cheap watches' })).toHaveAttribute(
      'href',
      '/en/tasks/TKSPAM01',
    );
    expect(within(group).getByText(/Author: Olga Owner/)).toBeInTheDocument();
    expect(within(group).getByText('Spam.')).toBeInTheDocument();
    expect(within(group).getByText('A scam!')).toBeInTheDocument();
    expect(within(group).getByText(/by a visitor without an account/)).toBeInTheDocument();
    const logSection = screen.getByRole('region', { name: 'Decision log' });
    expect(within(logSection).getByText('Māra K.: suspended “Ivars I.”')).toBeInTheDocument();
    expect(within(logSection).getByText('Reason: Fraudulent offers')).toBeInTheDocument();
  });

  it('quotes the log’s task or user as each language does, once; a deleted item unquoted', () => {
    const quoted: Record<string, string> = {
      lv: '„Ivars I.“',
      en: '“Ivars I.”',
      ru: '«Ivars I.»',
      tr: '“Ivars I.”',
      et: '„Ivars I.“',
      lt: '„Ivars I.“',
    };
    for (const [locale, target] of Object.entries(quoted)) {
      const messages = JSON.parse(
        fs.readFileSync(path.join(__dirname, `../../../../translations/${locale}.json`), 'utf8'),
      ) as Record<string, string>;
      const intl = createIntl({ locale, messages });
      const entry = (name: string) =>
        intl.formatMessage(moderationMessages.logEntry, {
          moderator: 'Māra K.',
          action: 'suspend',
          target: name,
        });
      const text = entry(intl.formatMessage(moderationMessages.logQuoted, { text: 'Ivars I.' }));
      expect(text).toContain(target);
      expect(text.split('Ivars I.')[0]).not.toMatch(/[“„«][“„«]/);
      const deleted = intl.formatMessage(moderationMessages.logDeleted);
      expect(entry(deleted)).not.toMatch(/[“„«»”]/);
    }
  });

  it('asks for a reason before hiding, then posts it', async () => {
    const fetch = serve(moderator);
    const { user: u } = renderApp({ route: '/en/moderation', pages });
    const group = await screen.findByRole('article', { name: 'Cheap watches' });
    await u.click(within(group).getByRole('button', { name: 'Hide the task' }));
    const form = within(group).getByRole('form', { name: 'Hide the task' });
    await u.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(await within(form).findByText('This field is required.')).toBeInTheDocument();
    expect(
      fetch.mock.calls.some(([input]) => typeof input !== 'string' && input.url.includes('/hide')),
    ).toBe(false);

    await u.type(within(form).getByRole('textbox'), 'Counterfeit goods');
    await u.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Decision saved')).toBeInTheDocument();
    const sent = fetch.mock.calls
      .map(([input]) => (typeof input === 'string' ? new Request(input) : input))
      .find((r) => r.url.endsWith(`/api/moderation/tasks/${TASK}/hide`));
    expect(sent?.method).toBe('POST');
    expect(await sent?.json()).toEqual({ reason: 'Counterfeit goods' });
    await waitFor(() => expect(within(group).queryByRole('form')).toBeNull());
  });
});

describe('paging (keyset): "Show more" under the queue and under the log', () => {
  const laterGroup = {
    ...queue.groups[0],
    task: { ...queue.groups[0].task, uuid: AUTHOR, identifier: 'TKSPAM02', title: 'Fake tickets' },
  };
  const olderEntry: ModerationLogEntry = { ...log[0], id: 8, reason: 'Spam in every task' };

  it('appends the next page and hides the button after the last', async () => {
    const fetch = serve(moderator, undefined, {
      reports: [queue.groups, [laterGroup]],
      log: [log, [olderEntry]],
    });
    const { user: u } = renderApp({ route: '/en/moderation', pages });
    await screen.findByRole('article', { name: 'Cheap watches' });
    expect(screen.queryByRole('article', { name: 'Fake tickets' })).toBeNull();

    await u.click(screen.getByRole('button', { name: 'Show more reports' }));
    expect(await screen.findByRole('article', { name: 'Fake tickets' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Cheap watches' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more reports' })).toBeNull();
    const asked = fetch.mock.calls.map(([input]) =>
      typeof input === 'string' ? input : input.url,
    );
    expect(asked.some((url) => url.endsWith('/api/moderation/reports?status=open&cursor=p1'))).toBe(
      true,
    );

    const logSection = screen.getByRole('region', { name: 'Decision log' });
    expect(within(logSection).queryByText('Reason: Spam in every task')).toBeNull();
    await u.click(within(logSection).getByRole('button', { name: 'Show older decisions' }));
    expect(await within(logSection).findByText('Reason: Spam in every task')).toBeInTheDocument();
    expect(within(logSection).getByText('Reason: Fraudulent offers')).toBeInTheDocument();
    expect(within(logSection).queryByRole('button')).toBeNull();
  });

  it('pages the reported questions the same way: "Show more questions"', async () => {
    const later = {
      ...questionQueue.groups[0],
      question: { ...questionQueue.groups[0].question, id: 42, message: 'Second page question' },
    };
    const fetch = serve(moderator, undefined, {
      reports: [queue.groups],
      log: [log],
      questions: [questionQueue.groups, [later]],
    });
    const { user: u } = renderApp({ route: '/en/moderation', pages });
    const section = await screen.findByRole('region', { name: 'Reported questions' });
    await within(section).findByText('Cheap watches, call +371 2612 3456');
    expect(within(section).queryByText('Second page question')).toBeNull();
    await u.click(within(section).getByRole('button', { name: 'Show more questions' }));
    expect(await within(section).findByText('Second page question')).toBeInTheDocument();
    expect(within(section).getByText('Cheap watches, call +371 2612 3456')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Show more questions' })).toBeNull();
    const asked = fetch.mock.calls.map(([input]) =>
      typeof input === 'string' ? input : input.url,
    );
    expect(
      asked.some((url) => url.endsWith('/api/moderation/question-reports?status=open&cursor=p1')),
    ).toBe(true);
  });

  it('shows no button when everything is on the first page', async () => {
    serve(moderator);
    renderApp({ route: '/en/moderation', pages });
    await screen.findByRole('article', { name: 'Cheap watches' });
    expect(await screen.findByText('Reason: Fraudulent offers')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show/ })).toBeNull();
  });
});

// jsdom's accessible name puts spaces around the link inside the heading; browsers do not.
const QUESTION_GROUP = /^Question on “ ?Paint the fence ?”$/;

describe('ModerationPage: reported questions (issue 20)', () => {
  it('shows each reported question unmasked, its task, author, reports and the log entry', async () => {
    serve(moderator);
    renderApp({ route: '/en/moderation', pages });
    const section = await screen.findByRole('region', { name: 'Reported questions' });
    expect(await within(section).findByText('1 open report about 1 question')).toBeVisible();
    const group = within(section).getByRole('article', { name: QUESTION_GROUP });
    expect(within(group).getByRole('link', { name: 'Paint the fence' })).toHaveAttribute(
      'href',
      '/en/tasks/TKFENCE1',
    );
    expect(within(group).getByText('Cheap watches, call +371 2612 3456')).toBeInTheDocument();
    expect(within(group).getByText(/Asked by Ivars Asker on 20\.11\.2026/)).toBeInTheDocument();
    expect(within(group).getByText(/1 report/)).toBeInTheDocument();
    expect(within(group).getByText('Selling watches')).toBeInTheDocument();
    expect(within(group).getByRole('button', { name: 'Hide the question' })).toBeVisible();
    expect(within(group).getByRole('button', { name: 'Dismiss the reports' })).toBeVisible();
    // No task or user decision here: the question is what was reported.
    expect(within(group).queryByRole('button', { name: 'Hide the task' })).toBeNull();
    expect(within(group).queryByRole('button', { name: 'Suspend the author' })).toBeNull();
    const logSection = screen.getByRole('region', { name: 'Decision log' });
    expect(
      within(logSection).getByText('Māra K.: hid a question on “Paint the fence”'),
    ).toBeInTheDocument();
    expect(
      within(logSection).getByText('Question: Cheap watches, call +371 2612 3456'),
    ).toBeInTheDocument();
  });

  it('asks for a reason before hiding a question, then posts it to the question route', async () => {
    const fetch = serve(moderator);
    const { user: u } = renderApp({ route: '/en/moderation', pages });
    const section = await screen.findByRole('region', { name: 'Reported questions' });
    const group = await within(section).findByRole('article', { name: QUESTION_GROUP });
    await u.click(within(group).getByRole('button', { name: 'Hide the question' }));
    const form = within(group).getByRole('form', { name: 'Hide the question' });
    expect(
      within(form).getByText(
        /It is kept in the decision log; the question’s author does not see it/,
      ),
    ).toBeInTheDocument();
    await u.type(within(form).getByRole('textbox'), 'ab');
    await u.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(await within(form).findByText('Use at least 3 characters.')).toBeInTheDocument();
    await u.type(within(form).getByRole('textbox'), 'c advertising');
    await u.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Decision saved')).toBeInTheDocument();
    const sent = fetch.mock.calls
      .map(([input]) => (typeof input === 'string' ? new Request(input) : input))
      .find((r) => r.url.endsWith('/api/moderation/questions/41/hide'));
    expect(sent?.method).toBe('POST');
    expect(await sent?.json()).toEqual({ reason: 'abc advertising' });
    await waitFor(() => expect(within(group).queryByRole('form')).toBeNull());
  });
});

describe('each tab its own counts, an empty queue only its empty state', () => {
  it('counts the decided reports on the "Decided reports" tab, in its own words', async () => {
    serve(moderator);
    renderApp({ route: '/en/moderation?status=closed', pages });
    const tab = await screen.findByRole('region', { name: 'Decided reports' });
    expect(await within(tab).findByText('5 decided reports about 3 tasks')).toBeInTheDocument();
    const questions = screen.getByRole('region', { name: 'Reported questions' });
    expect(
      await within(questions).findByText('4 decided reports about 2 questions'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/open report/)).toBeNull();
    const tabs = screen.getByRole('navigation', { name: 'Which reports' });
    expect(within(tabs).getByRole('link', { name: 'Decided' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('counts the open reports on the "Open reports" tab', async () => {
    serve(moderator);
    renderApp({ route: '/en/moderation', pages });
    const tab = await screen.findByRole('region', { name: 'Open reports' });
    expect(await within(tab).findByText('2 open reports about 1 task')).toBeInTheDocument();
    expect(screen.queryByText(/decided report/)).toBeNull();
  });

  it.each([
    ['/en/moderation', 'Open reports', 'No open reports', 'No reported questions'],
    [
      '/en/moderation?status=closed',
      'Decided reports',
      'No decided reports yet',
      'No decided question reports yet',
    ],
  ])('%s with nothing in it shows only the empty states', async (route, tabName, title, qTitle) => {
    serve(moderator, undefined, { reports: [[]], log: [[]], questions: [[]], none: true });
    renderApp({ route, pages });
    const tab = await screen.findByRole('region', { name: tabName });
    expect(await within(tab).findByText(title)).toBeInTheDocument();
    expect(within(tab).getByText(/appears? here/)).toBeInTheDocument();
    const questions = screen.getByRole('region', { name: 'Reported questions' });
    expect(await within(questions).findByText(qTitle)).toBeInTheDocument();
    expect(screen.queryByText(/\b0 (open|decided) reports/)).toBeNull();
    expect(screen.queryByRole('article')).toBeNull();
  });
});

describe('a hidden task', () => {
  it('shows its owner why a moderator removed it', async () => {
    serve(owner, {
      ...makeTask(),
      moderation: { hidden_at: '2026-11-24T10:00:00.000Z', reason: 'Counterfeit goods' },
    });
    renderApp({ route: '/en/tasks/TK7Q2XYZ', pages });
    const notice = await screen.findByTestId('task-hidden');
    expect(notice).toHaveTextContent(
      'A moderator removed this task. Only you and the moderators can see it. Reason: Counterfeit goods',
    );
  });

  it('is the translated 410 page for everyone else', async () => {
    serve(null, 410);
    renderApp({ route: '/en/tasks/TK7Q2XYZ', pages });
    expect(
      await screen.findByRole('heading', { name: 'This task was removed by moderation' }),
    ).toBeInTheDocument();
    expect(document.querySelector('[data-status="410"]')).not.toBeNull();
    // The error page, not an "unexpected error" notice (which the server render did not have).
    expect(screen.queryByText('Something went wrong. Please try again.')).toBeNull();
  });
});
