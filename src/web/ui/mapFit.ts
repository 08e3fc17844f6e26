/**
 * The map's view and pins once OpenLayers draws them (MapView.ol.tsx only, so none of this is in a
 * page's first load): the view fitted to every place with its circle, pins spread so every letter
 * shows, and the pin's picture. Pure but for the picture (a canvas), so tested without OpenLayers
 * (test/web/ui/mapGeometry.test.ts; the picture's pixels in test/e2e/taskDetail.spec.ts).
 */
import { MAP } from '../../shared/limits';
import { circleRadiusMeters, mapZoom, type MapPoint } from './mapGeometry';

const PIN_HEIGHT = Math.round(MAP.pinWidth * (4 / 3));

/** Web Mercator (EPSG:3857) of a lng/lat, as OpenLayers' fromLonLat computes it. */
const MERCATOR_RADIUS = 6378137;
/** OpenLayers' circular() draws on a sphere of this radius (the mean earth radius). */
const EARTH_RADIUS = 6371008.8;
const MAX_MERCATOR_LAT = 85.0511287798;

export function toMercator(lng: number, lat: number): [number, number] {
  const clamped = Math.max(-MAX_MERCATOR_LAT, Math.min(MAX_MERCATOR_LAT, lat));
  const x = (MERCATOR_RADIUS * Math.PI * lng) / 180;
  const y = MERCATOR_RADIUS * Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360));
  return [x, y];
}

/** [minX, minY, maxX, maxY] in EPSG:3857. */
export type Extent = [number, number, number, number];

/**
 * What the map shows of one place: its point, or with a distance the geodesic circle around it
 * (the bounds of OpenLayers' circular(): distance x 1000 m north, south, east and west).
 */
export function placeExtent(point: MapPoint): Extent {
  const [x, y] = toMercator(point.lng, point.lat);
  if (!point.distanceKm || !(point.distanceKm > 0)) return [x, y, x, y];
  const angle = circleRadiusMeters(point.distanceKm) / EARTH_RADIUS;
  const dLat = (angle * 180) / Math.PI;
  const cosLat = Math.cos((point.lat * Math.PI) / 180);
  const dLng = (Math.asin(Math.min(1, Math.sin(angle) / Math.max(cosLat, 1e-9))) * 180) / Math.PI;
  const [minX, minY] = toMercator(point.lng - dLng, point.lat - dLat);
  const [maxX, maxY] = toMercator(point.lng + dLng, point.lat + dLat);
  return [minX, minY, maxX, maxY];
}

/** The smallest extent holding every place (points and circles); null without points. */
export function placesExtent(points: readonly MapPoint[]): Extent | null {
  if (points.length === 0) return null;
  return points
    .map(placeExtent)
    .reduce<Extent>(
      (all, e) => [
        Math.min(all[0], e[0]),
        Math.min(all[1], e[1]),
        Math.max(all[2], e[2]),
        Math.max(all[3], e[3]),
      ],
      [Infinity, Infinity, -Infinity, -Infinity],
    );
}

/**
 * Room around the fitted places, in px [top, right, bottom, left]: a pin stands PIN_HEIGHT above
 * its point and is half its width to each side; a little more so no pin touches the edge.
 */
export const FIT_PADDING: readonly [number, number, number, number] = [
  PIN_HEIGHT + 12,
  MAP.pinWidth / 2 + 16,
  16,
  MAP.pinWidth / 2 + 16,
];

/** Places that coincide would zoom in without end: street level is as close as a fit goes. */
export const MAX_FIT_ZOOM = 16;

/**
 * How the view first shows the places. One place: SPEC's zoom table (zoomForDistance) centred on
 * it. Two or more: every place (circles included) fitted into the map with FIT_PADDING, at most
 * MAX_FIT_ZOOM, so no place is left out and pins that lie apart are drawn apart.
 */
export type MapFit =
  | { kind: 'centre'; center: [number, number]; zoom: number }
  | {
      kind: 'extent';
      extent: Extent;
      padding: readonly [number, number, number, number];
      maxZoom: number;
    };

export function mapFit(points: readonly MapPoint[]): MapFit | null {
  if (points.length === 0) return null;
  if (points.length === 1) {
    const [point] = points;
    return { kind: 'centre', center: toMercator(point.lng, point.lat), zoom: mapZoom(points) };
  }
  const extent = placesExtent(points) as Extent;
  return { kind: 'extent', extent, padding: FIT_PADDING, maxZoom: MAX_FIT_ZOOM };
}

/**
 * Pins that would overlap on screen are set side by side, in letter order, around where they
 * stand (each keeps a leader line to its place), so every letter shows. `tips` are the pins'
 * points in screen pixels (y down); the answer is each pin's displacement in pixels (y down),
 * [0, 0] for a pin that stands free. Rows of at most PINS_PER_ROW, stacked upwards.
 */
const PIN_GAP = 4;
const PINS_PER_ROW = 5;

export function spreadPins(tips: readonly (readonly [number, number])[]): [number, number][] {
  const width = MAP.pinWidth + PIN_GAP;
  const height = PIN_HEIGHT + PIN_GAP;
  const layout = (group: number[]): Map<number, [number, number]> => {
    const placed = new Map<number, [number, number]>();
    if (group.length === 1) {
      placed.set(group[0], [tips[group[0]][0], tips[group[0]][1]]);
      return placed;
    }
    const cx = group.reduce((sum, i) => sum + tips[i][0], 0) / group.length;
    const cy = group.reduce((sum, i) => sum + tips[i][1], 0) / group.length;
    const rows = Math.ceil(group.length / PINS_PER_ROW);
    group.forEach((index, k) => {
      const row = Math.floor(k / PINS_PER_ROW);
      const inRow = row < rows - 1 ? PINS_PER_ROW : group.length - row * PINS_PER_ROW;
      const column = k - row * PINS_PER_ROW;
      placed.set(index, [
        cx + (column - (inRow - 1) / 2) * width,
        cy + ((rows - 1) / 2 - row) * height,
      ]);
    });
    return placed;
  };
  const overlaps = (a: [number, number], b: [number, number]) =>
    Math.abs(a[0] - b[0]) < width - 0.5 && Math.abs(a[1] - b[1]) < height - 0.5;

  let groups = tips.map((_, i) => [i]);
  let placed = new Map<number, [number, number]>();
  for (let round = 0; round < tips.length; round += 1) {
    placed = new Map(groups.flatMap((group) => [...layout(group)]));
    let merge: [number, number] | null = null;
    for (let g = 0; g < groups.length && !merge; g += 1) {
      for (let h = g + 1; h < groups.length && !merge; h += 1) {
        const clash = groups[g].some((i) =>
          groups[h].some((j) => overlaps(placed.get(i)!, placed.get(j)!)),
        );
        if (clash) merge = [g, h];
      }
    }
    if (!merge) break;
    const [g, h] = merge;
    const joined = [...groups[g], ...groups[h]].sort((a, b) => a - b);
    groups = groups.filter((_, k) => k !== g && k !== h).concat([joined]);
  }
  return tips.map((tip, i) => {
    const at = placed.get(i) ?? [tip[0], tip[1]];
    return [at[0] - tip[0], at[1] - tip[1]];
  });
}

/** What a pin carries: the marker's letters and digits, three at most. */
export function pinText(label: string): string {
  return label.replace(/[^a-z0-9]/gi, '').slice(0, 3);
}

/** The pin's outline in its 30 x 40 box: a drop with its tip at the bottom middle. */
const PIN_PATH = 'M15 0C6.7 0 0 6.7 0 15c0 10.5 15 25 15 25s15-14.5 15-25C30 6.7 23.3 0 15 0z';

/**
 * A pin with the marker text (a, b ... up to three letters or digits), drawn on a canvas at the
 * screen's pixel ratio; MAP.pinWidth (30 px) wide once OpenLayers scales it to PIN_SIZE. A canvas,
 * not an SVG image: the browser makes every SVG image a document of its own, created, laid out and
 * painted on the page's main thread in the map's first frame (issue 15, docs/PERFORMANCE.md).
 */
export function drawPin(label: string, pixelRatio = 1, color = '#0b5cad'): HTMLCanvasElement {
  const text = pinText(label);
  const ratio = Math.max(1, pixelRatio);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(PIN_SIZE.width * ratio);
  canvas.height = Math.round(PIN_SIZE.height * ratio);
  const context = canvas.getContext('2d');
  if (!context) return canvas;
  context.scale(canvas.width / 30, canvas.height / 40);
  const outline = new Path2D(PIN_PATH);
  context.fillStyle = color;
  context.fill(outline);
  context.strokeStyle = '#fff';
  context.lineWidth = 1.5;
  context.stroke(outline);
  context.fillStyle = '#fff';
  context.font = `700 ${text.length > 1 ? 12 : 15}px Arial, sans-serif`;
  context.textAlign = 'center';
  context.fillText(text, 15, 20);
  return canvas;
}

export const PIN_SIZE = { width: MAP.pinWidth, height: PIN_HEIGHT } as const;
