/**
 * Who may see what of a task (SPEC section 4 'Choosing an offer', issue 3 'Privacy of places').
 *
 * Places: until the task is assigned, everyone but the owner gets each location only as an
 * approximate place: `address` and `approximate_address` are both the approximate address (the
 * street dropped), and the point is coarsened:
 *
 *   1. the exact point is snapped to a 0.01 degree grid (about 1.1 km north-south, 0.6 km east-west
 *      in Riga), so every exact point inside one grid cell gives the same output, and
 *   2. moved by a stable pseudo-random offset of at most 1 km, derived from sha256(task uuid, index),
 *      so the circles of neighbouring tasks do not stack on the same grid points and the circle does
 *      not look grid-aligned. The offset is the same on every request (no averaging attack).
 *
 * The snap moves the point by at most ~0.79 km (half a cell diagonal, worst case at the equator), the
 * offset by at most 1 km, so the exact point always lies within APPROXIMATE_RADIUS_KM (2 km) of the
 * coarse point: `distance` carries that radius and the map draws the circle. The offset is computable
 * from the public task uuid, so what stays private is the position inside the grid cell.
 *
 * The owner, and after assignment the chosen freelancer, get the exact place with distance null.
 */
import crypto from 'node:crypto';
import { approximateAddress } from '../../shared/places';
import { isReviewVisible, reviewVisibleAt } from '../../shared/reviews';
import type { Offer, TaskLocation, TaskReview } from '../../shared/types';
import { photoOf } from '../users';

export { approximateAddress };

/** Radius (km) of the circle shown instead of an exact pin. */
export const APPROXIMATE_RADIUS_KM = 2;
const GRID_DEGREES = 0.01;
const MAX_OFFSET_KM = 1;
const KM_PER_DEGREE = 111.32;

export interface LocationRow {
  lat: number;
  lng: number;
  city: string;
  address: string;
}

const round = (value: number, decimals: number): number => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

interface Offset {
  angle: number;
  km: number;
}

/**
 * The stable offset of each (task, place), remembered: it depends on nothing else, and a sha256 per
 * place on every visitor's read was a tenth of a cached task read's time (issue 18).
 */
const offsets = new Map<string, Offset>();
const MAX_OFFSETS = 20_000;

function offsetOf(taskUuid: string, index: number): Offset {
  const key = `${taskUuid.toLowerCase()}:${index}`;
  let offset = offsets.get(key);
  if (!offset) {
    const hash = crypto.createHash('sha256').update(key).digest();
    offset = {
      angle: (hash.readUInt32BE(0) / 2 ** 32) * 2 * Math.PI,
      // sqrt: uniform over the disc, not bunched at its centre.
      km: MAX_OFFSET_KM * Math.sqrt(hash.readUInt32BE(4) / 2 ** 32),
    };
    if (offsets.size >= MAX_OFFSETS) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** Deterministic coarse point for location `index` of a task; see the file comment. */
export function coarsenPoint(
  lat: number,
  lng: number,
  taskUuid: string,
  index: number,
): { lat: number; lng: number } {
  const { angle, km: offsetKm } = offsetOf(taskUuid, index);

  const gridLat = Math.round(lat / GRID_DEGREES) * GRID_DEGREES;
  const gridLng = Math.round(lng / GRID_DEGREES) * GRID_DEGREES;
  const cosLat = Math.max(0.01, Math.cos((gridLat * Math.PI) / 180));
  const outLat = gridLat + (offsetKm * Math.cos(angle)) / KM_PER_DEGREE;
  const outLng = gridLng + (offsetKm * Math.sin(angle)) / (KM_PER_DEGREE * cosLat);
  const wrappedLng = ((((outLng + 180) % 360) + 360) % 360) - 180;
  return { lat: round(Math.max(-90, Math.min(90, outLat)), 5), lng: round(wrappedLng, 5) };
}

/** The task's locations as this viewer may see them: exact, or approximate for everyone else. */
export function presentLocations(
  rows: readonly LocationRow[],
  taskUuid: string,
  exact: boolean,
): TaskLocation[] {
  return rows.map((row, index) => {
    const lat = Number(row.lat);
    const lng = Number(row.lng);
    const approximate = approximateAddress(row.address);
    if (exact) {
      return {
        lat,
        lng,
        city: row.city,
        address: row.address,
        approximate_address: approximate,
        distance: null,
      };
    }
    return {
      ...coarsenPoint(lat, lng, taskUuid, index),
      city: row.city,
      address: approximate,
      approximate_address: approximate,
      distance: APPROXIMATE_RADIUS_KM,
    };
  });
}

export interface PrivacyContext {
  /** The task author's uuid (also when the author's account is deleted). */
  authorUuid: string;
  /** The freelancer of the chosen offer, when one is chosen. */
  chosenFreelancerUuid: string | null;
  /** The requesting user's uuid; null for a visitor. */
  viewerUuid: string | null;
}

/** The owner always; the chosen freelancer once an offer is chosen; nobody else. */
export function seesExactPlaces(ctx: PrivacyContext): boolean {
  if (ctx.viewerUuid === null) return false;
  return ctx.viewerUuid === ctx.authorUuid || ctx.viewerUuid === ctx.chosenFreelancerUuid;
}

/**
 * The offers this viewer may see (SPEC section 4): the owner all of them (the list is already
 * ordered chosen first), a freelancer only their own, everybody else none. offers_count stays the
 * total. Shared by the task payload and GET /tasks/:uuid/offers.
 */
export function offersVisibleTo(
  offers: readonly Offer[],
  authorUuid: string,
  viewerUuid: string | null,
): Offer[] {
  if (viewerUuid === null) return [];
  if (viewerUuid === authorUuid)
    return offers.map((offer) => withoutFullName(offer, offer.chosen_at !== null));
  return offers.filter((offer) => offer.freelancer?.uuid === viewerUuid);
}

/**
 * A freelancer's full name goes to themself and, once their offer is chosen, to the owner; the
 * owner sees the other offerers by display name only ('Mari T.').
 */
function withoutFullName(offer: Offer, keep: boolean): Offer {
  if (keep || !offer.freelancer) return offer;
  const { full_name: _full, ...freelancer } = offer.freelancer;
  return { ...offer, freelancer };
}

/** A review as the task loader reads it (loadTask.ts REVIEWS_JSON_SQL). */
export interface ReviewRow {
  author_uuid: string;
  /** The role of the reviewed party; the author played the other one. */
  target_role: 'customer' | 'freelancer';
  status: 'completed' | 'incomplete';
  rate: number;
  feedback: string | null;
  created_at: Date | string;
  published_at: Date | string | null;
  display_name: string;
  photo_path: string | null;
  deleted: boolean;
}

/**
 * Double-blind (src/shared/reviews.ts): everyone gets the visible reviews; a hidden one goes to its
 * author only, never to the other party, other users or visitors.
 */
export function reviewsVisibleTo(
  rows: readonly ReviewRow[],
  viewerUuid: string | null,
  now: Date,
): TaskReview[] {
  return rows.flatMap((row): TaskReview[] => {
    const visible = isReviewVisible(row, now);
    if (!visible && (viewerUuid === null || viewerUuid !== row.author_uuid)) return [];
    return [
      {
        author_role: row.target_role === 'freelancer' ? 'customer' : 'freelancer',
        author: row.deleted
          ? null
          : {
              uuid: row.author_uuid,
              display_name: row.display_name,
              photo: photoOf(row.photo_path),
            },
        status: row.status,
        rate: Number(row.rate),
        feedback: row.feedback,
        created_at: new Date(row.created_at).toISOString(),
        visible,
        visible_at: reviewVisibleAt(row.created_at).toISOString(),
      },
    ];
  });
}
