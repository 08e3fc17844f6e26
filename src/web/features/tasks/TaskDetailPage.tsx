/**
 * /{locale}/tasks/{slug}: the task detail page (SPEC section 2, issue 3). The task comes from the
 * RTK Query cache, filled by the server render's hand-over on a full load (api/hydration.ts), so the
 * skeleton only shows on client-side navigation. Which controls show is the lifecycle machine's
 * decision (useTaskView); push events refetch the task while the page is open (push.saga.ts).
 */
import { useEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import type { Locale } from '../../../shared/locales';
import type { Viewer } from '../../../shared/taskLifecycle';
import type { Task } from '../../../shared/types';
import { pageErrorStatus } from '../../api/baseQuery';
import { useNow } from '../../app/clock';
import { getConfig } from '../../app/config';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { commonMessages } from '../../i18n/commonMessages';
import { selectLocale } from '../../i18n/i18nSlice';
import { routePath } from '../../i18n/routes';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { VisuallyHidden } from '../../ui/VisuallyHidden';
import { CategorySidebar } from '../categories';
import { ErrorPage } from '../errors/ErrorPage';
import { taskPageClosed, taskPageOpened } from '../push/pushActions';
import { useMeQuery } from '../session/sessionApi';
import { BudgetBadge } from './components/Budget';
import { ShareButtons } from './components/ShareButtons';
import {
  CompletionSlot,
  ContactsSlot,
  MakeOfferSlot,
  OffersSlot,
  OwnerActionsSlot,
  QuestionsSlot,
  ReportSlot,
  ReviewsSlot,
} from './components/slots';
import { TaskAuthor } from './components/TaskAuthor';
import { TaskDetailsBox } from './components/TaskDetailsBox';
import { TaskDetailSkeleton } from './components/TaskDetailSkeleton';
import { TaskMeta } from './components/TaskMeta';
import { taskDetailMessages as messages } from './messages';
import { FormAlert } from '../../ui/FormAlert';
import { useTaskQuery } from './taskApi';
import {
  Content,
  Description,
  Head,
  PageGrid,
  SidebarColumn,
  SpreadRow,
  Title,
} from './TaskDetailPage.styles';
import { useTaskView } from './useTaskView';

function TaskDetail({ task, viewer, locale }: { task: Task; viewer: Viewer; locale: Locale }) {
  const intl = useIntl();
  const now = useNow();
  const { role, status, expiringSoon, controls } = useTaskView(task, viewer, now);
  const pageUrl = new URL(
    routePath(locale, 'task', { slug: task.identifier }),
    getConfig().publicUrl,
  ).href;
  const slotProps = { task, role, controls };

  return (
    <PageGrid>
      <Content aria-labelledby="task-detail-title" data-role={role}>
        {task.moderation && (
          <FormAlert role="status" data-testid="task-hidden">
            <strong>{intl.formatMessage(messages.hiddenTitle)}</strong>{' '}
            {intl.formatMessage(messages.hiddenReason, { reason: task.moderation.reason })}
          </FormAlert>
        )}
        <Head>
          <TaskAuthor author={task.author} locale={locale} />
          <TaskMeta task={task} status={status} locale={locale} now={now} />
          <SpreadRow>
            <Title id="task-detail-title">{task.title}</Title>
            <OwnerActionsSlot {...slotProps} />
          </SpreadRow>
          {controls.has('SHARE') && <ShareButtons pageUrl={pageUrl} title={task.title} />}
          <ContactsSlot {...slotProps} locale={locale} />
        </Head>
        {/* The budget and the page's main action (a bar at the bottom of a phone's screen). */}
        <SpreadRow>
          <BudgetBadge from={task.budget_from} to={task.budget_to} locale={locale} />
          <MakeOfferSlot {...slotProps} />
        </SpreadRow>
        <section aria-labelledby="task-description-title">
          <VisuallyHidden as="h2" id="task-description-title">
            {intl.formatMessage(messages.description)}
          </VisuallyHidden>
          <Description data-testid="task-description">{task.description}</Description>
        </section>
        <TaskDetailsBox task={task} locale={locale} expiringSoon={expiringSoon} />
        {/* Public questions and answers under the description and its details (issue 20). */}
        <QuestionsSlot {...slotProps} meUuid={viewer?.uuid} locale={locale} />
        <CompletionSlot {...slotProps} />
        <ReviewsSlot task={task} viewerUuid={viewer?.uuid ?? null} />
        <ReportSlot {...slotProps} />
        <OffersSlot {...slotProps} />
      </Content>
      {/* Popular categories: a slide-out panel on small screens, sticky (offset 90) on large. */}
      <SidebarColumn>
        <CategorySidebar variant="popular" stickyOffset={90} />
      </SidebarColumn>
    </PageGrid>
  );
}

export default function TaskDetailPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { slug = '' } = useParams<{ slug: string }>();
  const locale = useAppSelector(selectLocale);
  const { data: me } = useMeQuery();
  const meUuid = me?.uuid;
  const meIsFreelancer = me?.is_freelancer;
  const viewer = useMemo<Viewer>(
    () => (meUuid ? { uuid: meUuid, is_freelancer: Boolean(meIsFreelancer) } : null),
    [meUuid, meIsFreelancer],
  );
  const { currentData: task, error } = useTaskQuery({ slug, locale });
  const status = error ? pageErrorStatus(error) : undefined;

  useDocumentTitle(
    task
      ? intl.formatMessage(messages.pageTitle, {
          title: task.title,
          category: task.category.title,
        })
      : intl.formatMessage(commonMessages.appName),
  );

  // The task's push channel while the page shows it (the push saga follows login and logout).
  const uuid = task?.uuid;
  useEffect(() => {
    if (!uuid) return undefined;
    dispatch(taskPageOpened({ uuid, slug }));
    return () => {
      dispatch(taskPageClosed({ uuid }));
    };
  }, [uuid, slug, dispatch]);

  // A task that is gone (e.g. deleted while open, refetched by a push) shows the 404 page too.
  if (status !== undefined && (!task || status === 404 || status === 410))
    return <ErrorPage status={status} />;
  if (!task) return <TaskDetailSkeleton />;
  return <TaskDetail task={task} viewer={viewer} locale={locale} />;
}
