import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { Locale } from '../../../../shared/locales';
import type { Task } from '../../../../shared/types';
import { getConfig } from '../../../app/config';
import { up } from '../../../app/theme';
import { Gallery } from '../../../ui/Gallery';
import { MapView, markerLetter, type MapPoint } from '../../../ui/MapView';
import { formatDateTime } from '../format';
import { taskDetailMessages as messages } from '../messages';
import { useBudgetText } from './Budget';

const Box = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};

  ${up('md')} {
    padding: ${({ theme }) => theme.space.lg};
  }

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  h3 {
    margin: 0 0 ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

const Facts = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;

  ${up('md')} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }

  dt {
    font-weight: 700;
  }

  dd {
    margin: ${({ theme }) => theme.space.xs} 0 0;
  }
`;

const Addresses = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  margin: ${({ theme }) => theme.space.sm} 0 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    align-items: baseline;
    gap: ${({ theme }) => theme.space.sm};
  }
`;

const Letter = styled.span`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: 1.6em;
  height: 1.6em;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
`;

const Note = styled.p`
  margin: ${({ theme }) => theme.space.xs} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Deadline = styled.span<{ $warning: boolean }>`
  color: ${({ theme, $warning }) => ($warning ? theme.colors.warning : 'inherit')};
  font-weight: ${({ $warning }) => ($warning ? 700 : 'inherit')};
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
  const config = getConfig();
  const budget = useBudgetText(task.budget_from, task.budget_to, locale);
  const specific = task.location_type === 'specific' && task.locations.length > 0;
  const approximate = task.locations.some((location) => location.distance !== null);

  const points = useMemo<MapPoint[]>(
    () =>
      task.locations.map((location, index) => ({
        lat: location.lat,
        lng: location.lng,
        label: markerLetter(index),
        distanceKm: location.distance,
      })),
    [task.locations],
  );
  const images = useMemo(
    () => task.images.map((image) => ({ id: image.uuid, ...image })),
    [task.images],
  );

  return (
    <Box aria-labelledby="task-details-title" data-testid="task-details">
      <h2 id="task-details-title">{intl.formatMessage(messages.details)}</h2>
      <div data-testid="task-location">
        <h3>{intl.formatMessage(messages.location)}</h3>
        {specific ? (
          <>
            <MapView
              points={points}
              tileUrl={config.mapTileUrl}
              attribution={config.mapTileAttribution}
              height={320}
              label={intl.formatMessage(messages.mapLabel)}
            />
            <Addresses aria-label={intl.formatMessage(messages.location)}>
              {task.locations.map((location, index) => (
                <li key={`${index}-${location.lat}-${location.lng}`}>
                  <Letter aria-hidden="true">{markerLetter(index)}</Letter>
                  <span data-letter={markerLetter(index)}>
                    {location.distance !== null ? location.approximate_address : location.address}
                  </span>
                </li>
              ))}
            </Addresses>
            {approximate && <Note>{intl.formatMessage(messages.approximate)}</Note>}
          </>
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
      {images.length > 0 && (
        <div>
          <h3>{intl.formatMessage(messages.images)}</h3>
          <Gallery
            images={images}
            label={intl.formatMessage(messages.images)}
            altText={(index, count) =>
              intl.formatMessage(messages.imageAlt, { index, count, title: task.title })
            }
          />
        </div>
      )}
    </Box>
  );
}
