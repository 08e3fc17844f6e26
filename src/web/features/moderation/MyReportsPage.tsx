import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { Link } from '../../ui/Link';
import styled from 'styled-components';
import type { MyReport } from '../../../shared/types';
import { useAppSelector } from '../../app/hooks';
import { formatDisplayDateTime } from '../../i18n/dateFormat';
import { selectLocale } from '../../i18n/i18nSlice';
import { routePath } from '../../i18n/routes';
import { Redirect } from '../../ui/Redirect';
import { Spinner } from '../../ui/Spinner';
import { StatusPill, type PillStatus } from '../../ui/StatusPill';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useMeQuery } from '../session/sessionApi';
import { myReportsMessages as messages } from './messages';
import { useGetMyReportsQuery } from './moderationApi';
import { theme } from '../../app/theme';

const Page = styled.div`
  max-width: 800px;
  margin: 0 auto;
  padding: ${theme.space.md};
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: ${theme.space.md};
`;

const Item = styled.li`
  display: grid;
  gap: ${theme.space.xs};
  padding: ${theme.space.md};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Muted = styled.p`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

const PILL: Record<MyReport['status'], PillStatus> = {
  open: 'in_progress',
  action_taken: 'open',
  dismissed: 'unknown',
};

const date = (iso: string): string => formatDisplayDateTime(new Date(iso));

/**
 * /{locale}/my-reports (issue 19): the signed-in user's reports (of tasks and of questions on
 * them) and their outcome.
 */
export default function MyReportsPage() {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const { pathname, search } = useLocation();
  const { data: me, isLoading: meLoading } = useMeQuery();
  const { data: reports } = useGetMyReportsQuery(undefined, { skip: !me });
  useDocumentTitle(intl.formatMessage(messages.title));

  if (meLoading) return <Spinner />;
  if (!me) {
    const next = encodeURIComponent(`${pathname}${search}`);
    return <Redirect to={`${routePath(locale, 'login')}?next=${next}`} />;
  }
  return (
    <Page>
      <h1>{intl.formatMessage(messages.title)}</h1>
      <p>{intl.formatMessage(messages.intro)}</p>
      {!reports ? (
        <Spinner />
      ) : reports.length === 0 ? (
        <p>{intl.formatMessage(messages.empty)}</p>
      ) : (
        <List>
          {reports.map((report) => (
            <Item key={`${report.subject}-${report.id}`}>
              <p>
                {report.task ? (
                  <Link to={routePath(locale, 'task', { slug: report.task.identifier })}>
                    {report.task.title}
                  </Link>
                ) : (
                  intl.formatMessage(messages.taskGone)
                )}
              </p>
              {report.subject === 'question' && (
                <Muted>{intl.formatMessage(messages.question)}</Muted>
              )}
              <div>
                <StatusPill
                  status={PILL[report.status]}
                  label={intl.formatMessage(messages.status, { status: report.status })}
                />
              </div>
              <Muted>
                {intl.formatMessage(messages.reportedAt, { date: date(report.created_at) })}
                {report.decided_at
                  ? ` · ${intl.formatMessage(messages.decidedAt, { date: date(report.decided_at) })}`
                  : ''}
              </Muted>
              {report.message && (
                <p>{intl.formatMessage(messages.yourMessage, { message: report.message })}</p>
              )}
            </Item>
          ))}
        </List>
      )}
    </Page>
  );
}
