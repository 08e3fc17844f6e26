import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import type { MapPoint } from './mapGeometry';
import { useHydratedDeferred } from './useHydrated';

export {
  circleRadiusMeters,
  mapCenter,
  mapDistanceKm,
  mapZoom,
  markerLetter,
  type MapPoint,
} from './mapGeometry';
import { theme } from '../app/theme';

export interface MapViewProps {
  points: MapPoint[];
  /** XYZ tile URL template; empty means offline: no tiles layer, markers still show. */
  tileUrl: string;
  /** Attribution of the tiles (HTML allowed by OpenLayers; ours is plain text). */
  attribution: string;
  /** CSS height, e.g. 320 or '40vh'. */
  height: number | string;
  /** Translated accessible name of the map, e.g. 'Map of the task locations'. */
  label: string;
}

const cssSize = (value: number | string): string =>
  typeof value === 'number' ? `${value}px` : value;

export const MapFrame = styled.div<{ $height: string }>`
  position: relative;
  width: 100%;
  height: ${({ $height }) => $height};
  overflow: hidden;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};

  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }

  /* OpenLayers' stylesheet drops the outline of its zoom buttons; keyboard users need it. */
  .ol-control button:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 1px;
  }
`;

// OpenLayers is heavy: its own chunk, loaded only when a page has locations to show.
const OlMap = lazy(() => import(/* webpackChunkName: "map" */ './MapView.ol'));

/**
 * A map of lettered markers (and radius circles) with OpenLayers loaded lazily. The server render
 * and the first client render (hydration) draw only the frame, the same size as the map, so the
 * page's HTML never waits for OpenLayers and nothing moves when the map replaces it.
 */
export function MapView(props: MapViewProps) {
  const height = cssSize(props.height);
  const hydrated = useHydratedDeferred();
  const placeholder = (
    <MapFrame
      $height={height}
      role="img"
      aria-label={props.label}
      aria-busy="true"
      data-testid="map-fallback"
    />
  );
  if (!hydrated) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <OlMap {...props} />
    </Suspense>
  );
}
