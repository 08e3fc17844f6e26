/**
 * Task alerts (issue 20): what a freelancer saves, and the matching rules both the server and the
 * tests apply. Matching is on structure, never on words:
 *
 * - categories: the task's category or its parent is one of the alert's (a parent matches its
 *   children);
 * - place: an alert for a place matches a task with a specific location when any of the task's
 *   places lies within the radius (great-circle distance, the edge included); a "remote tasks"
 *   alert matches a task that can be done anywhere;
 * - languages: the task's languages and the alert's share one (a task without languages: any);
 * - budget: the task's upper amount reaches the alert's minimum (no minimum: any budget).
 *
 * The index. Each alert is stored with its bucket keys (`alertKeys`): one per category and grid
 * cell its circle touches (cells of CELL_DEGREES), or per category and `r` for remote alerts. A
 * task's keys (`taskKeys`) are its category and parent, each with the cell of every place (or
 * `r`). An alert can match only if the two key sets meet, so the database finds the candidates
 * with one GIN lookup (`match_keys && $keys`) and `alertMatchesTask` checks them exactly.
 */
import { distanceKm, EARTH_RADIUS_KM } from './geo';
import type { Locale } from './locales';
import type { LocationType, TaskSummary } from './types';

/** Side of a grid cell in degrees (about 111 km north-south, 55-65 km east-west in the Baltics). */
export const CELL_DEGREES = 1;
export const ALERT_RADIUS_MIN_KM = 1;
export const ALERT_RADIUS_MAX_KM = 200;
export const ALERT_CATEGORIES_MAX = 20;
/** Alerts one freelancer may keep. */
export const ALERTS_PER_USER_MAX = 20;
/** At most one alert email per freelancer in this many hours. */
export const ALERT_EMAIL_INTERVAL_HOURS = 24;
export const ALERT_MATCHES_PER_PAGE = 12;

/** The km of one degree of latitude on the haversine's sphere. */
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;

/** An alert as the API returns it. */
export interface TaskAlert {
  id: number;
  /** Category ids; a parent also matches its children. */
  categories: number[];
  /** 'specific': tasks at a place within radius_km of (lat, lng); 'anywhere': remote tasks. */
  location_type: LocationType;
  /** The place (as the address input picked it); null for remote tasks. */
  address: string | null;
  lat: number | null;
  lng: number | null;
  radius_km: number | null;
  languages: Locale[];
  /** The least a task's upper budget must reach; null: any budget. */
  budget_min: number | null;
  created_at: string;
  updated_at: string;
}

/** What matching reads of an alert. */
export type AlertShape = Pick<
  TaskAlert,
  'categories' | 'location_type' | 'lat' | 'lng' | 'radius_km' | 'languages' | 'budget_min'
>;

/** What matching reads of a task. */
export interface TaskShape {
  category_id: number;
  /** The category's parent, or null for a top-level category. */
  parent_category_id: number | null;
  location_type: LocationType | string;
  places: readonly { lat: number; lng: number }[];
  languages: readonly string[];
  budget_to: number;
}

/** A match as GET /api/alerts/matches lists it: the task as the task list shows it. */
export interface AlertMatch {
  matched_at: string;
  task: TaskSummary;
}

/** The push event of a new match (hub.publishUser): the notice links to /tasks/{identifier}. */
export interface AlertMatchPushEvent {
  handler: 'alerts.match';
  task_uuid: string;
  task_identifier: string;
  task_title: string;
}

const cellIndex = (degrees: number): number => Math.floor(degrees / CELL_DEGREES);
/** The north pole belongs to the last row of cells. */
const latCell = (lat: number): number => cellIndex(Math.min(lat, 90 - 1e-9));
/** Longitude cells wrap around the antimeridian. */
const LNG_CELLS = Math.round(360 / CELL_DEGREES);
const wrapLng = (index: number): number => {
  const offset = cellIndex(-180);
  return ((((index - offset) % LNG_CELLS) + LNG_CELLS) % LNG_CELLS) + offset;
};

export const cellKey = (lat: number, lng: number): string =>
  `${latCell(lat)}:${wrapLng(cellIndex(lng))}`;

/** The grid cells a circle touches (its bounding box on the grid; conservative near the poles). */
export function cellsOfCircle(lat: number, lng: number, radiusKm: number): string[] {
  const dLat = radiusKm / KM_PER_DEGREE;
  const south = Math.max(-90, lat - dLat);
  const north = Math.min(90, lat + dLat);
  // The circle's widest east-west reach (exact on the sphere); all around when it holds a pole.
  const angle = radiusKm / EARTH_RADIUS_KM;
  const reach = Math.sin(angle) / Math.cos((lat * Math.PI) / 180);
  const dLng =
    north >= 90 || south <= -90 || !(reach < 1) ? 180 : (Math.asin(reach) * 180) / Math.PI;
  const keys: string[] = [];
  const west = cellIndex(lng - Math.min(dLng, 180));
  const east = cellIndex(lng + Math.min(dLng, 180));
  const seen = new Set<number>();
  const lngCells: number[] = [];
  for (let x = west; x <= east && lngCells.length < LNG_CELLS; x++) {
    const wrapped = wrapLng(x);
    if (!seen.has(wrapped)) {
      seen.add(wrapped);
      lngCells.push(wrapped);
    }
  }
  for (let y = latCell(south); y <= latCell(north); y++) {
    for (const x of lngCells) keys.push(`${y}:${x}`);
  }
  return keys;
}

/** The bucket keys an alert is stored under. */
export function alertKeys(alert: AlertShape): string[] {
  const cells =
    alert.location_type === 'anywhere'
      ? ['r']
      : alert.lat !== null && alert.lng !== null && alert.radius_km
        ? cellsOfCircle(alert.lat, alert.lng, alert.radius_km)
        : [];
  return [...new Set(alert.categories)].flatMap((c) => cells.map((cell) => `${c}:${cell}`));
}

/** The bucket keys a task looks up: its category and parent, with each place's cell (or remote). */
export function taskKeys(task: TaskShape): string[] {
  const categories = [task.category_id, task.parent_category_id].filter(
    (c): c is number => c !== null,
  );
  const cells =
    task.location_type === 'anywhere'
      ? ['r']
      : [...new Set(task.places.map((p) => cellKey(p.lat, p.lng)))];
  return categories.flatMap((c) => cells.map((cell) => `${c}:${cell}`));
}

/** Does a task match an alert (every rule; the owner and account checks are the server's)? */
export function alertMatchesTask(alert: AlertShape, task: TaskShape): boolean {
  const inCategory = alert.categories.some(
    (c) => c === task.category_id || c === task.parent_category_id,
  );
  if (!inCategory) return false;
  if (alert.budget_min !== null && task.budget_to < alert.budget_min) return false;
  if (
    task.languages.length > 0 &&
    !task.languages.some((l) => (alert.languages as readonly string[]).includes(l))
  ) {
    return false;
  }
  if (alert.location_type === 'anywhere') return task.location_type === 'anywhere';
  const { lat, lng, radius_km: radius } = alert;
  if (task.location_type !== 'specific' || lat === null || lng === null || radius === null) {
    return false;
  }
  return task.places.some((p) => distanceKm(lat, lng, p.lat, p.lng) <= radius);
}
