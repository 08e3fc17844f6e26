import { useIntl } from 'react-intl';
import { useLocation, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useAppSelector } from '../../app/hooks';
import { selectLocale } from '../../i18n/i18nSlice';
import { routePath } from '../../i18n/routes';
import { ButtonLink } from '../../ui/Button';
import { CardGrid } from '../../ui/CardGrid';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { Pagination, TaskSummaryCard } from '../taskList';
import { useMeQuery } from '../session/sessionApi';
import { pageOf, useGetAlertMatchesQuery } from './alertsApi';
import { alertsMessages as messages } from './messages';
import { theme } from '../../app/theme';

const Section = styled.section`
  display: grid;
  gap: ${theme.space.md};
  padding: ${theme.space.lg} 0;

  h1,
  p {
    margin: 0;
  }
`;

/** /{locale}/alerts/matches: "Tasks for you", the tasks that matched the user's alerts. */
export default function TasksForYouPage() {
  const intl = useIntl();
  const location = useLocation();
  const locale = useAppSelector(selectLocale);
  const [searchParams] = useSearchParams();
  const page = pageOf(searchParams.get('page'));
  const { data: me, isLoading: meLoading } = useMeQuery();
  const freelancer = Boolean(me?.is_freelancer);
  const { data, isLoading } = useGetAlertMatchesQuery({ page, locale }, { skip: !freelancer });
  useDocumentTitle(intl.formatMessage(messages.matchesTitle));

  const header = (
    <>
      <h1 id="matches-title">{intl.formatMessage(messages.matchesTitle)}</h1>
      <p>{intl.formatMessage(messages.matchesIntro)}</p>
    </>
  );
  if (meLoading) return <Spinner />;
  if (!me || !freelancer) {
    const here = `${location.pathname}${location.search}`;
    return (
      <Section aria-labelledby="matches-title">
        {header}
        <p>{intl.formatMessage(me ? messages.freelancersOnly : messages.login)}</p>
        <p>
          <ButtonLink
            to={`${routePath(locale, me ? 'becomeFreelancer' : 'login')}?next=${encodeURIComponent(here)}`}
          >
            {intl.formatMessage(me ? messages.becomeFreelancer : messages.loginLink)}
          </ButtonLink>
        </p>
      </Section>
    );
  }

  const tasks = data?.data ?? [];
  const meta = data?.meta;
  return (
    <Section aria-labelledby="matches-title">
      {header}
      <p>
        <ButtonLink to={routePath(locale, 'alerts')} $variant="secondary">
          {intl.formatMessage(messages.manage)}
        </ButtonLink>
      </p>
      {isLoading ? (
        <Spinner />
      ) : tasks.length === 0 ? (
        <p>{intl.formatMessage(messages.matchesEmpty)}</p>
      ) : (
        <>
          <p>{intl.formatMessage(messages.matchesTotal, { count: meta?.total ?? tasks.length })}</p>
          <CardGrid $columns={2}>
            {tasks.map((task, index) => (
              <li key={task.uuid}>
                <TaskSummaryCard task={task} locale={locale} headingLevel={2} first={index === 0} />
              </li>
            ))}
          </CardGrid>
        </>
      )}
      {meta && meta.last_page > 1 && (
        <Pagination
          page={meta.current_page}
          pages={meta.last_page}
          hrefOf={(p) => routePath(locale, 'alertMatches', {}, p > 1 ? { page: p } : undefined)}
        />
      )}
    </Section>
  );
}
