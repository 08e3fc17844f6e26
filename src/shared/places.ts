/**
 * Places as the geocoder (src/server/geo) returns them, and the pure rules of the address input
 * (SPEC section 5 'Address input'): shared by the SPA and the server.
 */

/** Address components of a geocoded place. country_code is ISO 3166-1 alpha-2, lower case. */
export interface PlaceComponents {
  street?: string;
  house_number?: string;
  locality?: string;
  /** Second-level administrative area (county, municipality). */
  admin_area_2?: string;
  /** First-level administrative area (state, region). */
  admin_area_1?: string;
  country_code: string;
  postcode?: string;
}

export interface Place {
  lat: number;
  lng: number;
  /** One line, comma separated, most specific part first: 'Brīvības iela 68, Rīga, Latvia'. */
  address: string;
  components: PlaceComponents;
  /**
   * The point is the town's, not the street's: the offline gazetteer knows towns only, and keeps
   * a street typed before a town as typed. The address input labels such a suggestion.
   */
  approximate?: boolean;
}

/** Longest address search text the API takes. */
export const ADDRESS_QUERY_MAX = 200;

/** A selected location as the task form keeps it. */
export interface PlaceLocation {
  lat: number;
  lng: number;
  city: string;
  address: string;
}

export interface Bounds {
  minLat: number;
  minLng: number;
  maxLat: number;
  maxLng: number;
}

/** The address search area: about this many degrees around the base or given location (SPEC 5). */
export const SEARCH_BOUNDS_DEGREES = 0.5;

const filled = (value: string | undefined | null): value is string =>
  typeof value === 'string' && value.trim() !== '';

/** The city of a place: the locality, or else the second-level administrative area. */
export function cityOf(components: PlaceComponents | null | undefined): string | null {
  if (!components) return null;
  if (filled(components.locality)) return components.locality.trim();
  if (filled(components.admin_area_2)) return components.admin_area_2.trim();
  return null;
}

const hasComponents = (components: PlaceComponents | null | undefined): boolean =>
  !!components &&
  Object.values(components).some((value) => typeof value === 'string' && value.trim() !== '');

/**
 * The location a picked place becomes, or null when it must clear the selection: a place without
 * address components, without a city, without an address line or with unusable coordinates.
 */
export function toLocation(place: Place | null | undefined): PlaceLocation | null {
  if (!place || !hasComponents(place.components)) return null;
  const city = cityOf(place.components);
  if (city === null || !filled(place.address)) return null;
  if (!Number.isFinite(place.lat) || !Number.isFinite(place.lng)) return null;
  if (Math.abs(place.lat) > 90 || Math.abs(place.lng) > 180) return null;
  return { lat: place.lat, lng: place.lng, city, address: place.address.trim() };
}

/** The address with its first part dropped when it has more than two comma-separated parts. */
export function approximateAddress(address: string): string {
  const parts = address
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return (parts.length > 2 ? parts.slice(1) : parts).join(', ');
}

const clamp = (value: number, min: number, max: number): number =>
  Math.min(max, Math.max(min, value));

/** A box of about SEARCH_BOUNDS_DEGREES around a point (latitude clamped to the poles). */
export function searchBounds(lat: number, lng: number, degrees = SEARCH_BOUNDS_DEGREES): Bounds {
  return {
    minLat: clamp(lat - degrees, -90, 90),
    minLng: clamp(lng - degrees, -180, 180),
    maxLat: clamp(lat + degrees, -90, 90),
    maxLng: clamp(lng + degrees, -180, 180),
  };
}

export const inBounds = (bounds: Bounds, lat: number, lng: number): boolean =>
  lat >= bounds.minLat && lat <= bounds.maxLat && lng >= bounds.minLng && lng <= bounds.maxLng;
