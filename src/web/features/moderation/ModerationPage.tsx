import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../../ui/Link';
import styled from 'styled-components';
import type {
  ModerationLogEntry,
  ModerationQuestionReportGroup,
  ModerationReport,
  ModerationReportGroup,
} from '../../../shared/types';
import { useAppSelector } from '../../app/hooks';
import { theme, up } from '../../app/theme';
import { formatDisplayDateTime } from '../../i18n/dateFormat';
import { selectLocale } from '../../i18n/i18nSlice';
import { routePath } from '../../i18n/routes';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { ErrorPage } from '../errors/ErrorPage';
import { useMeQuery } from '../session/sessionApi';
import { DecisionForm } from './DecisionForm';
import { moderationMessages as messages } from './messages';
import {
  useGetModerationLogInfiniteQuery,
  useGetModerationQuestionReportsInfiniteQuery,
  useGetModerationReportsInfiniteQuery,
  type PendingDecision,
} from './moderationApi';

const Page = styled.div`
  max-width: 960px;
  margin: 0 auto;
  padding: ${theme.space.md};
  display: grid;
  gap: ${theme.space.lg};
`;

const Groups = styled.div`
  display: grid;
  gap: ${theme.space.md};
`;

/**
 * The tab row: one line that scrolls sideways when the labels do not fit (ru, tr and lt on a
 * narrow phone), a shadow on the side where more is hidden (background-attachment: local covers
 * it once that end is reached), the current tab underlined; the same weight on every tab, so
 * none moves when chosen. Short labels in a smaller font fit both on a 360 px phone in every
 * language; the scrolling is for larger text settings.
 */
const Tabs = styled.nav`
  position: relative;
  display: flex;
  overflow-x: auto;
  scrollbar-width: none;
  font-size: ${theme.fontSizes.sm};
  ${up('sm')} {
    font-size: ${theme.fontSizes.md};
  }
  background:
    linear-gradient(to right, ${theme.colors.background} 40%, transparent) left / 2rem 100%
      no-repeat local,
    linear-gradient(to left, ${theme.colors.background} 40%, transparent) right / 2rem 100%
      no-repeat local,
    radial-gradient(farthest-side at 0 50%, rgba(0, 0, 0, 0.25), transparent) left / 0.75rem 100%
      no-repeat scroll,
    radial-gradient(farthest-side at 100% 50%, rgba(0, 0, 0, 0.25), transparent) right / 0.75rem
      100% no-repeat scroll;
  box-shadow: inset 0 -1px 0 ${theme.colors.border};
  a {
    flex: none;
    white-space: nowrap;
    padding: ${theme.space.sm} ${theme.space.md};
    border-bottom: 3px solid transparent;
    color: ${theme.colors.textMuted};
    font-weight: 600;
    text-decoration: none;
    outline-offset: -3px;
  }
  a:hover {
    color: ${theme.colors.text};
    border-bottom-color: ${theme.colors.border};
  }
  a[aria-current='page'] {
    color: ${theme.colors.primary};
    border-bottom-color: ${theme.colors.primary};
  }
`;

/** An empty queue: what it means, and that there is nothing to do. */
const Empty = styled.div`
  display: grid;
  gap: ${theme.space.xs};
  padding: ${theme.space.lg};
  border: 1px dashed ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  text-align: center;
  p {
    margin: 0;
  }
  p:first-child {
    font-weight: 600;
  }
`;

const Group = styled.article`
  display: grid;
  gap: ${theme.space.sm};
  padding: ${theme.space.md};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  box-shadow: ${theme.shadows.card};
  h2,
  h3 {
    margin: 0;
    font-size: ${theme.fontSizes.lg};
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
  }
`;

const Muted = styled.p`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

const Hidden = styled.p`
  color: ${theme.colors.danger};
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Reports = styled.ol`
  margin: 0;
  padding-left: ${theme.space.lg};
  display: grid;
  gap: ${theme.space.sm};
  li p {
    white-space: pre-line;
    overflow-wrap: anywhere;
  }
`;

/** A reported question as written (moderators read it unmasked). */
const Quote = styled.blockquote`
  margin: 0;
  padding-left: ${theme.space.md};
  border-left: 4px solid ${theme.colors.border};
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
`;

const Log = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: ${theme.space.sm};
  li {
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
  }
`;

const date = (iso: string): string => formatDisplayDateTime(new Date(iso));

type Pending = PendingDecision;

/** Every report of a group, oldest first: when, whether anonymous, and its message. */
function ReportList({ reports }: { reports: ModerationReport[] }) {
  const intl = useIntl();
  return (
    <Reports>
      {reports.map((report) => (
        <li key={report.id}>
          <Muted>
            {intl.formatMessage(messages.reportedAt, { date: date(report.created_at) })}
            {report.anonymous ? ` ${intl.formatMessage(messages.anonymous)}` : ''}
          </Muted>
          <p>{report.message || intl.formatMessage(messages.noMessage)}</p>
        </li>
      ))}
    </Reports>
  );
}

/** The decision buttons of a group, or the reason form of the one chosen. */
function Decisions({
  decisions,
  title,
}: {
  decisions: Pending[];
  title: (decision: Pending) => string;
}) {
  const [pending, setPending] = useState<Pending | null>(null);
  if (pending) {
    return (
      <DecisionForm
        decision={pending}
        title={title(pending)}
        onDone={() => setPending(null)}
        onCancel={() => setPending(null)}
      />
    );
  }
  return (
    <Actions>
      {decisions.map((d) => (
        <Button
          key={d.action}
          type="button"
          $variant={d.action === 'hide' || d.action === 'suspend' ? 'danger' : 'secondary'}
          onClick={() => setPending(d)}
        >
          {title(d)}
        </Button>
      ))}
    </Actions>
  );
}

function ReportGroup({ group }: { group: ModerationReportGroup }) {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const { task } = group;
  const { author } = task;
  const hidden = task.hidden_at !== null;
  const headingId = `moderation-task-${task.uuid}`;
  const decisions: Pending[] = [
    hidden
      ? { target: 'tasks', action: 'restore', uuid: task.uuid }
      : { target: 'tasks', action: 'hide', uuid: task.uuid },
    ...(group.reports.some((r) => r.status === 'open')
      ? [{ target: 'tasks', action: 'dismiss', uuid: task.uuid } as Pending]
      : []),
    ...(author.deleted
      ? []
      : [
          author.suspended_at
            ? ({ target: 'users', action: 'unsuspend', uuid: author.uuid } as Pending)
            : ({ target: 'users', action: 'suspend', uuid: author.uuid } as Pending),
        ]),
  ];
  return (
    <Group aria-labelledby={headingId} data-task={task.identifier}>
      <h2 id={headingId}>
        <Link to={routePath(locale, 'task', { slug: task.identifier })}>{task.title}</Link>
      </h2>
      <Muted>
        {author.deleted
          ? intl.formatMessage(messages.authorDeleted)
          : intl.formatMessage(messages.author, { name: author.full_name })}
        {author.suspended_at ? ` (${intl.formatMessage(messages.authorSuspended)})` : ''}
        {' · '}
        {intl.formatMessage(messages.reportsCount, { count: group.reports_count })}
      </Muted>
      {hidden && (
        <Hidden>
          {intl.formatMessage(messages.hiddenBadge, { reason: task.hidden_reason ?? '' })}
        </Hidden>
      )}
      <ReportList reports={group.reports} />
      <Decisions decisions={decisions} title={(d) => intl.formatMessage(messages[d.action])} />
    </Group>
  );
}

/** A reported question (issue 20): the question as written, its task, author, reports. */
function QuestionReportGroup({ group }: { group: ModerationQuestionReportGroup }) {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const { question, task } = group;
  const { author } = question;
  const headingId = `moderation-question-${question.id}`;
  const open = group.reports.some((r) => r.status === 'open');
  // Hiding a question its task's owner hid still decides its open reports (action taken).
  const decisions: Pending[] = [
    ...(question.hidden_at === null || open
      ? [{ target: 'questions', action: 'hide', id: question.id } as const]
      : []),
    ...(open ? [{ target: 'questions', action: 'dismiss', id: question.id } as const] : []),
  ];
  return (
    <Group aria-labelledby={headingId} data-question={question.id}>
      <h3 id={headingId}>
        {intl.formatMessage(messages.questionOn, {
          title: task.title,
          link: (chunks: ReactNode[]) => (
            // formatMessage hands back a list: the link needs a key.
            <Link key="task" to={routePath(locale, 'task', { slug: task.identifier })}>
              {chunks}
            </Link>
          ),
        })}
      </h3>
      <Quote>{question.message}</Quote>
      <Muted>
        {author.deleted
          ? intl.formatMessage(messages.questionAskedDeleted, { date: date(question.created_at) })
          : intl.formatMessage(messages.questionAsked, {
              name: author.full_name,
              date: date(question.created_at),
            })}
        {author.suspended_at ? ` (${intl.formatMessage(messages.authorSuspended)})` : ''}
        {' · '}
        {intl.formatMessage(messages.reportsCount, { count: group.reports_count })}
      </Muted>
      {question.hidden_at !== null && (
        <Hidden>
          {question.hidden_reason === null
            ? intl.formatMessage(messages.questionHiddenByOwner)
            : intl.formatMessage(messages.hiddenBadge, { reason: question.hidden_reason })}
        </Hidden>
      )}
      <ReportList reports={group.reports} />
      {decisions.length > 0 && (
        <Decisions
          decisions={decisions}
          title={(d) =>
            intl.formatMessage(d.action === 'hide' ? messages.hideQuestion : messages.dismiss)
          }
        />
      )}
    </Group>
  );
}

function LogEntry({ entry }: { entry: ModerationLogEntry }) {
  const intl = useIntl();
  const name = entry.task?.title ?? entry.user?.display_name;
  const target =
    name === undefined
      ? intl.formatMessage(messages.logDeleted)
      : intl.formatMessage(messages.logQuoted, { text: name });
  return (
    <li>
      <Muted>{date(entry.created_at)}</Muted>
      <p>
        {intl.formatMessage(messages.logEntry, {
          moderator: entry.moderator.display_name,
          action: entry.action,
          target,
        })}
      </p>
      {entry.question && (
        <Muted>
          {intl.formatMessage(messages.logQuestion, { message: entry.question.message })}
        </Muted>
      )}
      {entry.reason && (
        <Muted>{intl.formatMessage(messages.logReason, { reason: entry.reason })}</Muted>
      )}
    </li>
  );
}

/** The same item once, where it first came (a group may move between two keyset pages). */
function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

const More = styled.div`
  margin-top: ${theme.space.md};
`;

/** "Show more" under a keyset-paged list: the next page, while there is one. */
function ShowMore({
  query,
  label,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  label: MessageDescriptor;
}) {
  const intl = useIntl();
  if (!query.hasNextPage) return null;
  return (
    <More>
      <Button
        type="button"
        $variant="secondary"
        disabled={query.isFetchingNextPage}
        aria-busy={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        {intl.formatMessage(label)}
      </Button>
    </More>
  );
}

/** The keyset-paged queue query of a tab (task reports or question reports). */
interface QueueQuery<Page> {
  data?: { pages: Page[] };
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * A report queue of one tab: its counts and groups with "Show more" under them, or, when it is
 * empty, only its empty state. The counts are the latest page's (the whole queue's).
 */
function Queue<Page extends { groups: unknown[] }>({
  query,
  keyOf,
  counts,
  empty,
  more,
  render,
}: {
  query: QueueQuery<Page>;
  keyOf: (group: Page['groups'][number]) => string;
  counts: (page: Page) => string;
  empty: { title: MessageDescriptor; text: MessageDescriptor };
  more: MessageDescriptor;
  render: (group: Page['groups'][number]) => ReactNode;
}) {
  const intl = useIntl();
  const pages = query.data?.pages;
  if (!pages || pages.length === 0) return <Spinner />;
  const groups = uniqueBy(
    pages.flatMap((p) => p.groups),
    keyOf,
  );
  if (groups.length === 0) {
    return (
      <Empty>
        <p>{intl.formatMessage(empty.title)}</p>
        <p>{intl.formatMessage(empty.text)}</p>
      </Empty>
    );
  }
  return (
    <>
      <p>{counts(pages[pages.length - 1])}</p>
      <Groups>{groups.map((group) => render(group))}</Groups>
      <ShowMore query={query} label={more} />
    </>
  );
}

/**
 * /{locale}/moderation (issue 19): moderators only, a 404 for everyone else (the API refuses
 * them too). Open (or decided, `?status=closed`) reports grouped by task, the decisions with their
 * reason, and the log.
 */
export default function ModerationPage() {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const [searchParams] = useSearchParams();
  const status = searchParams.get('status') === 'closed' ? 'closed' : 'open';
  const { data: me, isLoading: meLoading } = useMeQuery();
  const moderator = Boolean(me?.is_moderator);
  const reports = useGetModerationReportsInfiniteQuery(status, { skip: !moderator });
  const questions = useGetModerationQuestionReportsInfiniteQuery(status, { skip: !moderator });
  const log = useGetModerationLogInfiniteQuery(undefined, { skip: !moderator });
  useDocumentTitle(intl.formatMessage(messages.title));
  const tabs = useRef<HTMLElement>(null);
  useEffect(() => {
    // A phone shows the chosen tab whole when the row scrolls (the decided tab is the last).
    const row = tabs.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (row && current) {
      row.scrollLeft = Math.max(0, current.offsetLeft + current.offsetWidth - row.clientWidth);
    }
  }, [status, moderator]);

  if (meLoading) return <Spinner />;
  if (!moderator) return <ErrorPage status={404} />;
  const here = routePath(locale, 'moderation');
  const open = status === 'open';
  const entries = log.data?.pages.flatMap((p) => p.entries);
  return (
    <Page>
      <header>
        <h1>{intl.formatMessage(messages.title)}</h1>
        <p>{intl.formatMessage(messages.intro)}</p>
      </header>
      <Tabs
        ref={tabs}
        aria-label={intl.formatMessage(messages.tabsLabel)}
        data-testid="moderation-tabs"
      >
        <Link to={here} aria-current={open ? 'page' : undefined}>
          {intl.formatMessage(messages.tabOpenShort)}
        </Link>
        <Link to={`${here}?status=closed`} aria-current={open ? undefined : 'page'}>
          {intl.formatMessage(messages.tabClosedShort)}
        </Link>
      </Tabs>
      <section aria-label={intl.formatMessage(open ? messages.tabOpen : messages.tabClosed)}>
        <Queue
          query={reports}
          keyOf={(group) => group.task.uuid}
          counts={({ counts }) =>
            open
              ? intl.formatMessage(messages.counts, {
                  reports: counts.open_reports,
                  tasks: counts.open_tasks,
                })
              : intl.formatMessage(messages.countsClosed, {
                  reports: counts.closed_reports,
                  tasks: counts.closed_tasks,
                })
          }
          empty={
            open
              ? { title: messages.emptyOpenTitle, text: messages.emptyOpenText }
              : { title: messages.emptyClosedTitle, text: messages.emptyClosedText }
          }
          more={messages.showMoreReports}
          render={(group) => <ReportGroup key={group.task.uuid} group={group} />}
        />
      </section>
      <section aria-labelledby="moderation-questions-title">
        <h2 id="moderation-questions-title">{intl.formatMessage(messages.questionsTitle)}</h2>
        <Queue
          query={questions}
          keyOf={(group) => String(group.question.id)}
          counts={({ counts }) =>
            open
              ? intl.formatMessage(messages.questionsCounts, {
                  reports: counts.open_reports,
                  questions: counts.open_questions,
                })
              : intl.formatMessage(messages.questionsCountsClosed, {
                  reports: counts.closed_reports,
                  questions: counts.closed_questions,
                })
          }
          empty={
            open
              ? { title: messages.questionsEmptyOpenTitle, text: messages.questionsEmptyOpenText }
              : {
                  title: messages.questionsEmptyClosedTitle,
                  text: messages.questionsEmptyClosedText,
                }
          }
          more={messages.showMoreQuestions}
          render={(group) => <QuestionReportGroup key={group.question.id} group={group} />}
        />
      </section>
      <section aria-labelledby="moderation-log-title">
        <h2 id="moderation-log-title">{intl.formatMessage(messages.logTitle)}</h2>
        {!entries ? (
          <Spinner />
        ) : entries.length === 0 ? (
          <p>{intl.formatMessage(messages.logEmpty)}</p>
        ) : (
          <Log>
            {entries.map((entry) => (
              <LogEntry key={entry.id} entry={entry} />
            ))}
          </Log>
        )}
        <ShowMore query={log} label={messages.showMoreLog} />
      </section>
    </Page>
  );
}
