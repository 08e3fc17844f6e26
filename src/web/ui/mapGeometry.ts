/**
 * Pure helpers of MapView (SPEC section 9: lettered markers, zoom by distance, radius circle, pin
 * 30 px wide). No OpenLayers here, so they are cheap to import and to test.
 */
import { MAP, zoomForDistance } from '../../shared/limits';

export interface MapPoint {
  lat: number;
  lng: number;
  /** Marker text, usually markerLetter(index). */
  label: string;
  /** Approximate place: a circle of this radius (km) instead of an exact pin. */
  distanceKm?: number | null;
}

/** a, b, ... z, aa, ab, ... (spreadsheet-style) for the marker at `index` (0-based). */
export function markerLetter(index: number): string {
  let n = Math.max(0, Math.floor(index));
  let out = '';
  do {
    out = String.fromCharCode(97 + (n % 26)) + out;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return out;
}

/** Radius of the approximate-place circle in metres: distance x 1000. */
export function circleRadiusMeters(distanceKm: number): number {
  return distanceKm * 1000;
}

/** The largest distance among the points, or the default map distance (150 km). */
export function mapDistanceKm(points: readonly MapPoint[]): number {
  const distances = points
    .map((point) => point.distanceKm)
    .filter((d): d is number => typeof d === 'number' && Number.isFinite(d));
  return distances.length > 0 ? Math.max(...distances) : MAP.defaultDistanceKm;
}

/** The zoom the view is fitted to at most: zoomForDistance(distance or default 150). */
export function mapZoom(points: readonly MapPoint[]): number {
  return zoomForDistance(mapDistanceKm(points));
}

/** Centre of the points' bounding box (lng, lat), or null without points. */
export function mapCenter(points: readonly MapPoint[]): [number, number] | null {
  if (points.length === 0) return null;
  const lngs = points.map((p) => p.lng);
  const lats = points.map((p) => p.lat);
  return [(Math.min(...lngs) + Math.max(...lngs)) / 2, (Math.min(...lats) + Math.max(...lats)) / 2];
}
