import { lazy, memo } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { Locale } from '../../../../shared/locales';
import type { Task } from '../../../../shared/types';
import { theme, up } from '../../../app/theme';
import { HydrationBoundary } from '../../../ui/HydrationBoundary';
import { formatDateTime } from '../format';
import { taskDetailMessages as messages } from '../messages';
import { useBudgetText } from './Budget';

// The map with its addresses and the photos' gallery are a chunk of their own: a task without a
// place or photos (a remote job, the budget's "task without map or photos") does not download them.
// Server-rendered with the page; each hydrates when the chunk is in (the map then loads OpenLayers,
// the gallery lightgallery when a photo is opened).
const TaskMap = lazy(() =>
  import(/* webpackChunkName: "task-media" */ './TaskMedia').then((module) => ({
    default: module.TaskMap,
  })),
);
const TaskGallery = lazy(() =>
  import(/* webpackChunkName: "task-media" */ './TaskMedia').then((module) => ({
    default: module.TaskGallery,
  })),
);

// Each in a boundary of its own that the page's renders do not reach while their props stay the
// same (memo): the page renders again right after hydrating (the clock), and a boundary still
// waiting for its chunk that gets new props would be drawn again from nothing, shifting the page.
const MapSlot = memo(function MapSlot({ task, approximate }: { task: Task; approximate: boolean }) {
  return (
    <HydrationBoundary>
      <TaskMap task={task} approximate={approximate} />
    </HydrationBoundary>
  );
});
const GallerySlot = memo(function GallerySlot({ task }: { task: Task }) {
  return (
    <HydrationBoundary>
      <TaskGallery task={task} />
    </HydrationBoundary>
  );
});

const Box = styled.section`
  display: grid;
  gap: ${theme.space.lg};
  padding: ${theme.space.md};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};

  ${up('md')} {
    padding: ${theme.space.lg};
  }

  h2 {
    margin: 0;
    font-size: ${theme.fontSizes.lg};
  }

  h3 {
    margin: 0 0 ${theme.space.xs};
    font-size: ${theme.fontSizes.md};
  }
`;

const Facts = styled.dl`
  display: grid;
  gap: ${theme.space.md};
  margin: 0;

  ${up('md')} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }

  dt {
    font-weight: 600;
  }

  dd {
    margin: ${theme.space.xs} 0 0;
  }
`;

const Deadline = styled.span<{ $warning: boolean }>`
  color: ${({ $warning }) => ($warning ? theme.colors.warning : 'inherit')};
  font-weight: ${({ $warning }) => ($warning ? 600 : 'inherit')};
`;

interface Props {
  task: Task;
  locale: Locale;
  expiringSoon: boolean;
}

function TimeWindow({ task, expiringSoon }: { task: Task; expiringSoon: boolean }) {
  const intl = useIntl();
  const start = formatDateTime(task.due_start);
  const end = formatDateTime(task.due_end);
  const deadline = end && (
    <Deadline
      key="deadline"
      $warning={expiringSoon}
      data-testid="task-deadline"
      data-expiring-soon={expiringSoon || undefined}
    >
      {end}
      {expiringSoon && ` (${intl.formatMessage(messages.expiringSoon)})`}
    </Deadline>
  );
  if (start && deadline) {
    return <>{intl.formatMessage(messages.duePeriod, { start, end: deadline })}</>;
  }
  if (deadline) return <>{intl.formatMessage(messages.dueEnd, { date: deadline })}</>;
  if (start) return <>{intl.formatMessage(messages.dueStart, { date: start })}</>;
  return <>{intl.formatMessage(messages.notSet)}</>;
}

/** Map and addresses (or 'anywhere'), languages, time window, budget and the gallery. */
export function TaskDetailsBox({ task, locale, expiringSoon }: Props) {
  const intl = useIntl();
  const budget = useBudgetText(task.budget_from, task.budget_to, locale);
  const specific = task.location_type === 'specific' && task.locations.length > 0;
  const approximate = task.locations.some((location) => location.distance !== null);

  return (
    <Box aria-labelledby="task-details-title" data-testid="task-details">
      <h2 id="task-details-title">{intl.formatMessage(messages.details)}</h2>
      <div data-testid="task-location">
        <h3>{intl.formatMessage(messages.location)}</h3>
        {specific ? (
          <MapSlot task={task} approximate={approximate} />
        ) : (
          <p>{intl.formatMessage(messages.anywhere)}</p>
        )}
      </div>
      <Facts>
        <div>
          <dt>{intl.formatMessage(messages.languages)}</dt>
          <dd data-testid="task-languages">
            {task.languages.map((code) => code.toUpperCase()).join(', ')}
          </dd>
        </div>
        <div>
          <dt>{intl.formatMessage(messages.time)}</dt>
          <dd data-testid="task-time">
            <TimeWindow task={task} expiringSoon={expiringSoon} />
          </dd>
        </div>
        <div>
          <dt>{intl.formatMessage(messages.budget)}</dt>
          <dd>{budget}</dd>
        </div>
      </Facts>
      {task.images.length > 0 && <GallerySlot task={task} />}
    </Box>
  );
}
