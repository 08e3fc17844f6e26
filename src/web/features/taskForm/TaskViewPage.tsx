import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { pageErrorStatus } from '../../api/baseQuery';
import { useAppSelector } from '../../app/hooks';
import { selectLocale } from '../../i18n/i18nSlice';
import { routePath } from '../../i18n/routes';
import { Redirect } from '../../ui/Redirect';
import { Spinner } from '../../ui/Spinner';
import { ErrorPage } from '../errors/ErrorPage';
import { useTaskQuery } from '../tasks/taskApi';
import { taskFormMessages as messages } from './messages';

/** /tasks/view/{uuid}, where a created task lands: loads it and opens its detail page. */
export default function TaskViewPage() {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const { uuid = '' } = useParams();
  const { data: task, error } = useTaskQuery({ slug: uuid, locale }, { skip: uuid === '' });

  if (task) return <Redirect to={routePath(locale, 'task', { slug: task.identifier })} />;
  if (error || uuid === '')
    return <ErrorPage status={uuid === '' ? 404 : pageErrorStatus(error)} />;
  return <Spinner label={intl.formatMessage(messages.viewLoading)} />;
}
