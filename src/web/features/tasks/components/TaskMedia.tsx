/**
 * The task page's media (TaskDetailsBox.tsx loads them as one lazy chunk): the map with its lettered
 * addresses, and the photos' gallery.
 */
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { Task } from '../../../../shared/types';
import { getConfig } from '../../../app/config';
import { Gallery } from '../../../ui/Gallery';
import { MapView, markerLetter, type MapPoint } from '../../../ui/MapView';
import { taskDetailMessages as messages } from '../messages';
import { theme } from '../../../app/theme';

const Addresses = styled.ol`
  display: grid;
  gap: ${theme.space.xs};
  margin: ${theme.space.sm} 0 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    align-items: baseline;
    gap: ${theme.space.sm};
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
  background: ${theme.colors.primary};
  color: ${theme.colors.primaryText};
  font-size: ${theme.fontSizes.sm};
  font-weight: 600;
`;

const Note = styled.p`
  margin: ${theme.space.xs} 0 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

/** The places on a map, each lettered, with their addresses (approximate before assignment). */
export function TaskMap({ task, approximate }: { task: Task; approximate: boolean }) {
  const intl = useIntl();
  const config = getConfig();
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
  return (
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
  );
}

/** The task's photos; a click opens the lightbox. */
export function TaskGallery({ task }: { task: Task }) {
  const intl = useIntl();
  const images = useMemo(
    () => task.images.map((image) => ({ id: image.uuid, ...image })),
    [task.images],
  );
  return (
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
  );
}
