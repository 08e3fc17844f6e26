import { useIntl } from 'react-intl';
import { Link } from '../../../ui/Link';
import styled from 'styled-components';
import type { Locale } from '../../../../shared/locales';
import type { DisplayStatus } from '../../../../shared/taskLifecycle';
import type { Task } from '../../../../shared/types';
import { useAppDispatch } from '../../../app/hooks';
import { routePath } from '../../../i18n/routes';
import { CopyButton } from '../../../ui/CopyButton';
import { StatusPill } from '../../../ui/StatusPill';
import { showNotice } from '../../notices/noticesSlice';
import { RelativeTime } from '../../../ui/RelativeTime';
import { taskDetailMessages as messages } from '../messages';
import { theme } from '../../../app/theme';

export const statusMessages = {
  open: messages.statusOpen,
  in_progress: messages.statusInProgress,
  completed: messages.statusCompleted,
  incomplete: messages.statusIncomplete,
  unknown: messages.statusUnknown,
  expired: messages.statusExpired,
} as const;

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.xs} ${theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

const Identifier = styled.li`
  display: inline-flex;
  align-items: center;

  code {
    font-size: ${theme.fontSizes.sm};
    color: ${theme.colors.text};
  }
`;

interface Props {
  task: Task;
  status: DisplayStatus;
  locale: Locale;
  now: Date;
}

/** Status pill, relative creation time, view count, category link and the copyable id. */
export function TaskMeta({ task, status, locale, now }: Props) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  return (
    <List>
      <li>
        <StatusPill status={status} label={intl.formatMessage(statusMessages[status])} />
      </li>
      <li>
        <RelativeTime
          iso={task.created_at}
          now={now}
          format={(relative) => intl.formatMessage(messages.createdAt, { relative })}
        />
      </li>
      <li>{intl.formatMessage(messages.views, { count: task.views_count })}</li>
      <li>
        <Link
          to={routePath(locale, 'tasks', {}, { categories: task.category.slug })}
          aria-label={`${intl.formatMessage(messages.category)}: ${task.category.title}`}
        >
          {task.category.title}
        </Link>
      </li>
      <Identifier>
        <span>
          {intl.formatMessage(messages.identifier)}: <code>{task.identifier}</code>
        </span>
        <CopyButton
          text={task.identifier}
          label={intl.formatMessage(messages.copyIdentifier)}
          onCopied={() =>
            dispatch(showNotice({ kind: 'success', message: messages.identifierCopied }))
          }
          onFailed={(error) => console.error('[tasks] could not copy the task id', error)}
        />
      </Identifier>
    </List>
  );
}
