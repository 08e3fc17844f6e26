/**
 * The task alert rules (src/shared/alerts.ts): category tree, great-circle radius (the edge just
 * inside and just outside), remote tasks, languages, budget; and the bucket index never loses a
 * match (every point within an alert's radius lies in one of its cells).
 */
import fc from 'fast-check';
import {
  alertKeys,
  alertMatchesTask,
  cellsOfCircle,
  cellKey,
  taskKeys,
  type AlertShape,
  type TaskShape,
} from '../../src/shared/alerts';
import { distanceKm } from '../../src/shared/geo';

const RIGA = { lat: 56.95, lng: 24.11 };
/** km per degree of latitude on the haversine's sphere. */
const KM_PER_DEGREE = (Math.PI * 6371) / 180;

const alert = (over: Partial<AlertShape> = {}): AlertShape => ({
  categories: [10],
  location_type: 'specific',
  lat: RIGA.lat,
  lng: RIGA.lng,
  radius_km: 10,
  languages: ['lv', 'en'],
  budget_min: null,
  ...over,
});

const task = (over: Partial<TaskShape> = {}): TaskShape => ({
  category_id: 11,
  parent_category_id: 10,
  location_type: 'specific',
  places: [RIGA],
  languages: ['lv'],
  budget_to: 100,
  ...over,
});

/** Both the exact rule and the index agree (a match is always among the candidates). */
function matches(a: AlertShape, t: TaskShape): boolean {
  const found = alertMatchesTask(a, t);
  if (found) {
    const keys = new Set(alertKeys(a));
    expect(taskKeys(t).some((k) => keys.has(k))).toBe(true);
  }
  return found;
}

describe('alertMatchesTask', () => {
  it('matches a child category through its parent, and the category itself', () => {
    expect(matches(alert({ categories: [10] }), task())).toBe(true);
    expect(matches(alert({ categories: [11] }), task())).toBe(true);
  });

  it('does not match a sibling or a child for a parent task', () => {
    expect(matches(alert({ categories: [12] }), task())).toBe(false);
    expect(
      matches(alert({ categories: [11] }), task({ category_id: 10, parent_category_id: null })),
    ).toBe(false);
  });

  it('matches a place just inside the radius and not one just outside', () => {
    const north = (km: number) => ({ lat: RIGA.lat + km / KM_PER_DEGREE, lng: RIGA.lng });
    expect(distanceKm(RIGA.lat, RIGA.lng, north(9.99).lat, RIGA.lng)).toBeCloseTo(9.99, 6);
    expect(matches(alert(), task({ places: [north(9.99)] }))).toBe(true);
    expect(matches(alert(), task({ places: [north(10.01)] }))).toBe(false);
    // East-west too: a degree of longitude is shorter here.
    const eastDeg = 10.01 / (KM_PER_DEGREE * Math.cos((RIGA.lat * Math.PI) / 180));
    expect(matches(alert(), task({ places: [{ lat: RIGA.lat, lng: RIGA.lng + eastDeg }] }))).toBe(
      false,
    );
  });

  it('matches when any of the task’s places is within the radius', () => {
    const far = { lat: 57.5, lng: 25.5 };
    expect(matches(alert(), task({ places: [far] }))).toBe(false);
    expect(matches(alert(), task({ places: [far, RIGA] }))).toBe(true);
  });

  it('matches remote alerts with remote tasks only', () => {
    const remote = alert({ location_type: 'anywhere', lat: null, lng: null, radius_km: null });
    expect(matches(remote, task({ location_type: 'anywhere', places: [] }))).toBe(true);
    expect(matches(remote, task())).toBe(false);
    expect(matches(alert(), task({ location_type: 'anywhere', places: [] }))).toBe(false);
  });

  it('needs a shared language (a task without languages takes any)', () => {
    expect(matches(alert({ languages: ['ru'] }), task({ languages: ['lv'] }))).toBe(false);
    expect(matches(alert({ languages: ['ru'] }), task({ languages: ['lv', 'ru'] }))).toBe(true);
    expect(matches(alert({ languages: ['ru'] }), task({ languages: [] }))).toBe(true);
  });

  it('needs the budget’s upper end to reach the minimum', () => {
    expect(matches(alert({ budget_min: 100 }), task({ budget_to: 100 }))).toBe(true);
    expect(matches(alert({ budget_min: 101 }), task({ budget_to: 100 }))).toBe(false);
    expect(matches(alert({ budget_min: null }), task({ budget_to: 0 }))).toBe(true);
  });
});

describe('the bucket index', () => {
  it('covers every point within the radius (random circles, also near the antimeridian)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -80, max: 80, noNaN: true }),
        fc.double({ min: -180, max: 179.999, noNaN: true }),
        fc.integer({ min: 1, max: 200 }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lat, lng, radius, bearing, share) => {
          // A point at distance share * radius in the direction of bearing (spherical destination).
          const d = (share * radius * 0.999) / 6371;
          const φ1 = (lat * Math.PI) / 180;
          const λ1 = (lng * Math.PI) / 180;
          const φ2 = Math.asin(
            Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(bearing),
          );
          const λ2 =
            λ1 +
            Math.atan2(
              Math.sin(bearing) * Math.sin(d) * Math.cos(φ1),
              Math.cos(d) - Math.sin(φ1) * Math.sin(φ2),
            );
          const pLat = (φ2 * 180) / Math.PI;
          const pLng = ((((λ2 * 180) / Math.PI + 540) % 360) - 180) as number;
          expect(distanceKm(lat, lng, pLat, pLng)).toBeLessThanOrEqual(radius);
          expect(cellsOfCircle(lat, lng, radius)).toContain(cellKey(pLat, pLng));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('keys an alert by category and cell, a remote one by category', () => {
    expect(alertKeys(alert({ categories: [10, 12], radius_km: 5 }))).toEqual([
      '10:56:24',
      '12:56:24',
    ]);
    expect(
      alertKeys(alert({ location_type: 'anywhere', lat: null, lng: null, radius_km: null })),
    ).toEqual(['10:r']);
    expect(taskKeys(task({ places: [RIGA, { lat: 57.1, lng: 24.2 }] }))).toEqual([
      '11:56:24',
      '11:57:24',
      '10:56:24',
      '10:57:24',
    ]);
  });
});
