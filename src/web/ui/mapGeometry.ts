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

const PIN_HEIGHT = Math.round(MAP.pinWidth * (4 / 3));

/** An SVG pin with the marker text, as a data URL; MAP.pinWidth (30 px) wide. */
export function pinDataUrl(label: string, color = '#0b5cad'): string {
  const text = label.replace(/[^a-z0-9]/gi, '').slice(0, 3);
  const fontSize = text.length > 1 ? 12 : 15;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${MAP.pinWidth}" height="${PIN_HEIGHT}" viewBox="0 0 30 40">` +
    `<path d="M15 0C6.7 0 0 6.7 0 15c0 10.5 15 25 15 25s15-14.5 15-25C30 6.7 23.3 0 15 0z" fill="${color}" stroke="#fff" stroke-width="1.5"/>` +
    `<text x="15" y="20" text-anchor="middle" font-family="Arial, sans-serif" font-weight="700" font-size="${fontSize}" fill="#fff">${text}</text>` +
    `</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export const PIN_SIZE = { width: MAP.pinWidth, height: PIN_HEIGHT } as const;
