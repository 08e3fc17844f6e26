/**
 * A geocoder over a Photon-compatible API (komoot/photon and services speaking its protocol):
 *   GET {url}/api?q=&lat=&lon=&lang=&limit=
 *   GET {url}/reverse?lat=&lon=&lang=&limit=
 * Both answer a GeoJSON FeatureCollection of points.
 */
import { inBounds, searchBounds, type Place, type PlaceComponents } from '../../shared/places';
import {
  clampLimit,
  GeocoderError,
  hasPoint,
  joinAddress,
  type Geocoder,
  type ReverseQuery,
  type SearchQuery,
} from './types';

export interface PhotonOptions {
  /** Per request, default 5000 ms. */
  timeoutMs?: number;
  /**
   * Languages the service translates names into; others are not sent (komoot's Photon answers
   * 400 for them) and names come in the local language. Default en, de, fr.
   */
  languages?: readonly string[];
  /** Injected in tests; default the global fetch. */
  fetch?: typeof fetch;
}

interface PhotonProperties {
  name?: unknown;
  street?: unknown;
  housenumber?: unknown;
  city?: unknown;
  district?: unknown;
  locality?: unknown;
  county?: unknown;
  state?: unknown;
  country?: unknown;
  countrycode?: unknown;
  postcode?: unknown;
  type?: unknown;
  osm_key?: unknown;
}

interface PhotonFeature {
  geometry?: { type?: unknown; coordinates?: unknown };
  properties?: PhotonProperties;
}

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

const CITY_TYPES = new Set(['city', 'town', 'village', 'hamlet']);

/** One Photon feature as a Place, or null when it has no usable point or country. */
export function photonFeatureToPlace(feature: PhotonFeature): Place | null {
  const coordinates = feature.geometry?.coordinates;
  if (!Array.isArray(coordinates) || coordinates.length < 2) return null;
  const [lng, lat] = coordinates as unknown[];
  if (typeof lat !== 'number' || typeof lng !== 'number') return null;
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  const p = feature.properties ?? {};
  const countryCode = str(p.countrycode)?.toLowerCase();
  if (!countryCode) return null;

  const name = str(p.name);
  const type = str(p.type);
  const isStreet = type === 'street' || str(p.osm_key) === 'highway';
  const street = str(p.street) ?? (isStreet ? name : undefined);
  const locality = str(p.city) ?? (type && CITY_TYPES.has(type) ? name : undefined);
  const county = str(p.county) ?? (type === 'county' ? name : undefined);
  const state = str(p.state) ?? (type === 'state' ? name : undefined);
  const houseNumber = str(p.housenumber);
  const postcode = str(p.postcode);

  const components: PlaceComponents = {
    ...(street ? { street } : {}),
    ...(houseNumber ? { house_number: houseNumber } : {}),
    ...(locality ? { locality } : {}),
    ...(county ? { admin_area_2: county } : {}),
    ...(state ? { admin_area_1: state } : {}),
    country_code: countryCode,
    ...(postcode ? { postcode } : {}),
  };

  // A point of interest without a street keeps its own name as the first line.
  const firstLine = street
    ? `${street}${houseNumber ? ` ${houseNumber}` : ''}`
    : name && name !== locality && name !== county && name !== state && type !== 'country'
      ? name
      : undefined;
  const address = joinAddress([firstLine, locality ?? county ?? state, str(p.country)]);
  return { lat, lng, address, components };
}

function featuresOf(body: unknown): PhotonFeature[] {
  if (typeof body !== 'object' || body === null) return [];
  const features = (body as { features?: unknown }).features;
  return Array.isArray(features)
    ? features.filter((f): f is PhotonFeature => typeof f === 'object' && f !== null)
    : [];
}

export function photonGeocoder(url: string, key?: string, options: PhotonOptions = {}): Geocoder {
  const base = url.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 5000;
  const doFetch = options.fetch ?? fetch;
  const languages = new Set(options.languages ?? ['en', 'de', 'fr']);
  const lang = (language: string | undefined): string | undefined =>
    language && languages.has(language.toLowerCase()) ? language.toLowerCase() : undefined;

  async function call(path: string, params: Record<string, string | undefined>) {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) {
      if (value !== undefined && value !== '') query.set(name, value);
    }
    if (key) query.set('apiKey', key);
    let response: Response;
    try {
      response = await doFetch(`${base}${path}?${query.toString()}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new GeocoderError(`geocoder unreachable: ${(err as Error).message}`, { cause: err });
    }
    if (!response.ok) {
      throw new GeocoderError(`geocoder answered ${response.status}`);
    }
    try {
      return featuresOf(await response.json());
    } catch (err) {
      throw new GeocoderError('geocoder answered no JSON', { cause: err });
    }
  }

  return {
    async search(q: SearchQuery): Promise<Place[]> {
      const text = q.text.trim();
      if (!text) return [];
      const limit = clampLimit(q.limit);
      const countries = new Set(
        (q.countries ?? []).map((c) => c.trim().toLowerCase()).filter(Boolean),
      );
      const area = hasPoint(q) ? searchBounds(q.lat, q.lng) : null;
      const features = await call('/api', {
        q: text,
        // A location bias, as the offline gazetteer's search area: nearer answers first.
        lat: area ? String(q.lat) : undefined,
        lon: area ? String(q.lng) : undefined,
        lang: lang(q.language),
        // Answers in other countries are dropped below: ask for more than needed.
        limit: String(Math.min(50, limit * (countries.size > 0 ? 3 : 1))),
      });
      const places = features
        .map(photonFeatureToPlace)
        .filter((place): place is Place => place !== null)
        .filter((place) => countries.size === 0 || countries.has(place.components.country_code));
      // Within the search area first, each group in Photon's order.
      const near = (place: Place): number => (area && inBounds(area, place.lat, place.lng) ? 0 : 1);
      return places.sort((a, b) => near(a) - near(b)).slice(0, limit);
    },

    async reverse(q: ReverseQuery): Promise<Place | null> {
      if (!hasPoint(q)) return null;
      const features = await call('/reverse', {
        lat: String(q.lat),
        lon: String(q.lng),
        lang: lang(q.language),
        limit: '1',
      });
      for (const feature of features) {
        const place = photonFeatureToPlace(feature);
        if (place) return place;
      }
      return null;
    },
  };
}
