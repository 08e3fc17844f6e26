import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { emptyTaskForm, type TaskFormValues } from '../../../shared/validation/taskForm';
import { useAppSelector } from '../../app/hooks';
import { selectLocale } from '../../i18n/i18nSlice';
import { routePath } from '../../i18n/routes';
import { Button } from '../../ui/Button';
import { Redirect } from '../../ui/Redirect';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useMeQuery } from '../session/sessionApi';
import { clearDraft, loadDraft, saveDraft } from './draft';
import { taskFormMessages as messages } from './messages';
import { TaskForm, type TaskSaved } from './TaskForm';
import { theme } from '../../app/theme';

const Page = styled.section`
  width: 100%;
  max-width: 860px;
  margin: 0 auto;
  padding: ${theme.space.md};

  @media (min-width: ${theme.breakpoints.md}) {
    padding: ${theme.space.lg};
  }
`;

const Banner = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.sm};
  margin-bottom: ${theme.space.lg};
  padding: ${theme.space.sm} ${theme.space.md};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.secondary};
`;

/** ?category_id= as a positive integer, else null. */
function categoryFromQuery(text: string | null): number | null {
  if (!text || !/^\d+$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}

function CreateTaskForm({ categoryId }: { categoryId: number | null }) {
  const intl = useIntl();
  // A draft is restored with the link's category (?category_id), unless chosen under that link.
  const [start, setStart] = useState(() => {
    const empty = emptyTaskForm(categoryId);
    const draft = loadDraft(empty, categoryId);
    return { values: draft ?? empty, restored: draft !== null, key: 0 };
  });

  const startOver = () => {
    clearDraft();
    setStart((s) => ({ values: emptyTaskForm(categoryId), restored: false, key: s.key + 1 }));
  };

  const onSaved = useCallback((saved: TaskSaved) => {
    // The redirects saga opens the new task (features/navigation); the draft is done with.
    if (saved.mode === 'create') clearDraft();
  }, []);

  return (
    <>
      {start.restored && (
        <Banner role="status">
          <span>{intl.formatMessage(messages.draftRestored)}</span>
          <Button $variant="link" onClick={startOver}>
            {intl.formatMessage(messages.draftDiscard)}
          </Button>
        </Banner>
      )}
      <TaskForm
        key={start.key}
        mode="create"
        initialValues={start.values}
        onSaved={onSaved}
        onValuesChange={(values: TaskFormValues) => saveDraft(values, categoryId)}
      />
    </>
  );
}

/** The task creation page (route tasksCreate, ?category_id=): logged-in users only. */
export default function TaskFormPage() {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const { pathname, search } = useLocation();
  const [searchParams] = useSearchParams();
  const { data: me, isLoading, isUninitialized } = useMeQuery();
  useDocumentTitle(intl.formatMessage(messages.createTitle));

  if (isLoading || isUninitialized) {
    return (
      <Page aria-busy="true">
        <Spinner label={intl.formatMessage(messages.loading)} />
      </Page>
    );
  }
  if (!me) {
    const next = encodeURIComponent(`${pathname}${search}`);
    return <Redirect to={`${routePath(locale, 'login')}?next=${next}`} />;
  }
  return (
    <Page aria-labelledby="task-form-title">
      <h1 id="task-form-title">{intl.formatMessage(messages.createTitle)}</h1>
      <p>{intl.formatMessage(messages.createIntro)}</p>
      <CreateTaskForm categoryId={categoryFromQuery(searchParams.get('category_id'))} />
    </Page>
  );
}
