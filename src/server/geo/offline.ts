/**
 * The offline geocoder: no network, city-level precision. It reads inputs such as
 * 'Brīvības iela 68, Rīga' or 'Gedimino pr. 9, Vilnius': the city part is matched against the
 * gazetteer, the rest becomes street and house number, and the place's coordinates are the city's.
 * It suggests only towns that are in the data: text without a known town ('zzzzqqq', a street
 * alone) finds nothing, and a street typed before a town is kept as typed but pinned at the town
 * and marked `approximate`. Towns of the configured countries are found wherever they are; those
 * within the search area (about 0.5 degrees around the base point) come first.
 */
import { LOCALES } from '../../shared/locales';
import { inBounds, searchBounds, type Place } from '../../shared/places';
import { distanceKm, fold, keysWithPrefix, loadGazetteer, type Gazetteer } from './gazetteer';
import {
  clampLimit,
  countryName,
  hasPoint,
  joinAddress,
  type Geocoder,
  type ReverseQuery,
  type SearchQuery,
} from './types';

export interface OfflineGeocoderOptions {
  /** Path of the gazetteer's data file; default src/server/geo/places.json. */
  placesFile?: string;
  /** Reverse geocoding answers null farther than this from any city. Default 100 km. */
  reverseMaxKm?: number;
  /** The configured countries: warmUp() fails, saying so, when the data holds none of one. */
  countries?: readonly string[];
}

interface StreetParts {
  street?: string;
  house_number?: string;
}

interface ParsedQuery {
  parts: string[];
  postcode?: string;
}

interface Candidate {
  index: number;
  exact: boolean;
}

/** A house number: 68, 68a, 68/2, 12-5, 3k-2. */
const HOUSE_NUMBER = /^\d{1,5}[\p{L}]?(?:[-/]\d{1,5}[\p{L}]?)?(?:k-?\d{1,3})?$/iu;
/** Baltic postcodes (LV-1010, LT-01103, EE 10111 or bare digits) as a whole part or word. */
const POSTCODE_PART = /^(?:(?:lv|lt|ee)[-\s]?)?\d{4,5}$/i;
const POSTCODE_WORD = /(?:^|\s)((?:lv|lt|ee)-\d{4,5})(?=\s|$)/i;

/**
 * What an address may contain: letters, digits, spaces and the punctuation of street names and
 * house numbers. Anything else (markup, code, emoji) finds nothing.
 */
const ADDRESS_TEXT = /^[\p{L}\p{M}\p{N}\s.,'’"„“”«»()/#№–-]+$/u;

/** The configured countries as a set of lower-case codes, or null for 'any'. */
function countrySet(codes: readonly string[] | undefined): Set<string> | null {
  const set = new Set((codes ?? []).map((c) => c.trim().toLowerCase()).filter(Boolean));
  return set.size > 0 ? set : null;
}

export function parseStreet(text: string): StreetParts {
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  if (tokens.length === 0) return {};
  if (tokens.length > 1 && HOUSE_NUMBER.test(tokens[tokens.length - 1])) {
    return { street: tokens.slice(0, -1).join(' '), house_number: tokens[tokens.length - 1] };
  }
  if (tokens.length > 1 && HOUSE_NUMBER.test(tokens[0])) {
    return { street: tokens.slice(1).join(' '), house_number: tokens[0] };
  }
  return { street: tokens.join(' ') };
}

function countryNameKeys(g: Gazetteer): Set<string> {
  const codes = new Set(g.countries);
  const keys = new Set<string>();
  for (const code of codes) {
    for (const language of ['en', ...LOCALES]) {
      keys.add(fold(countryName(code, language)));
    }
  }
  return keys;
}

export function offlineGeocoder(options: OfflineGeocoderOptions = {}): Geocoder {
  const reverseMaxKm = options.reverseMaxKm ?? 100;
  let countryKeys: Set<string> | null = null;
  const load = async (): Promise<Gazetteer> => {
    const g = await loadGazetteer(options.placesFile);
    countryKeys ??= countryNameKeys(g);
    return g;
  };

  /** Comma parts without postcodes and country names. */
  function parseQuery(text: string): ParsedQuery {
    let postcode: string | undefined;
    const parts: string[] = [];
    for (const raw of text.split(',')) {
      let part = raw.trim().replace(/\s+/g, ' ');
      if (!part) continue;
      if (POSTCODE_PART.test(part)) {
        postcode ??= part.toUpperCase();
        continue;
      }
      const embedded = POSTCODE_WORD.exec(part);
      if (embedded) {
        postcode ??= embedded[1].toUpperCase();
        part = part.replace(embedded[1], '').replace(/\s+/g, ' ').trim();
        if (!part) continue;
      }
      if (countryKeys?.has(fold(part))) continue;
      parts.push(part);
    }
    return { parts, postcode };
  }

  function exact(g: Gazetteer, text: string, accept: (i: number) => boolean): Candidate[] {
    const key = fold(text);
    return (g.byName.get(key) ?? []).filter(accept).map((index) => ({ index, exact: true }));
  }

  function prefixed(g: Gazetteer, text: string, accept: (i: number) => boolean): Candidate[] {
    const key = fold(text);
    if (!key) return [];
    const out: Candidate[] = [];
    for (const k of keysWithPrefix(g, key)) {
      if (k === key) continue;
      for (const index of g.byName.get(k) ?? []) {
        if (accept(index)) out.push({ index, exact: false });
      }
    }
    return out;
  }

  /** Which part of the query is the city, and which the street. */
  function locate(
    g: Gazetteer,
    parts: readonly string[],
    accept: (i: number) => boolean,
  ): { cities: Candidate[]; streetText: string } {
    if (parts.length > 1) {
      // The city is usually last ('street, city'), sometimes first ('city, street').
      for (let i = parts.length - 1; i >= 0; i--) {
        const cities = exact(g, parts[i], accept);
        if (cities.length === 0) continue;
        // The last part may still be typed: 'Sala' is a town, and so is the start of 'Salaspils'.
        const longer = i === parts.length - 1 ? prefixed(g, parts[i], accept) : [];
        return { cities: [...cities, ...longer], streetText: i > 0 ? parts[0] : parts[1] };
      }
      // Still typing the city: 'Brīvības iela 68, Rī'.
      return { cities: prefixed(g, parts[parts.length - 1], accept), streetText: parts[0] };
    }
    const only = parts[0];
    const cities = exact(g, only, accept);
    if (cities.length > 0)
      return { cities: [...cities, ...prefixed(g, only, accept)], streetText: '' };
    // 'Brīvības iela 68 Rīga': the last one to three words may be the city.
    const words = only.split(' ');
    for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
      const found = exact(g, words.slice(-n).join(' '), accept);
      if (found.length > 0) return { cities: found, streetText: words.slice(0, -n).join(' ') };
    }
    return { cities: prefixed(g, only, accept), streetText: '' };
  }

  function nearest(
    g: Gazetteer,
    lat: number,
    lng: number,
    accept: (i: number) => boolean,
  ): { index: number; km: number } | null {
    let best = -1;
    let bestKm = Infinity;
    for (let i = 0; i < g.size; i++) {
      // Cheap reject before the haversine: 2 degrees of latitude is ~220 km.
      if (Math.abs(g.lat[i] - lat) > 2 || !accept(i)) continue;
      const km = distanceKm(lat, lng, g.lat[i], g.lng[i]);
      if (km < bestKm) {
        bestKm = km;
        best = i;
      }
    }
    if (best < 0) {
      for (let i = 0; i < g.size; i++) {
        if (!accept(i)) continue;
        const km = distanceKm(lat, lng, g.lat[i], g.lng[i]);
        if (km < bestKm) {
          bestKm = km;
          best = i;
        }
      }
    }
    return best < 0 ? null : { index: best, km: bestKm };
  }

  function toPlace(
    g: Gazetteer,
    index: number,
    street: StreetParts,
    postcode: string | undefined,
    language: string | undefined,
  ): Place {
    const city = g.names[index];
    const code = g.countries[index];
    const line = street.street
      ? `${street.street}${street.house_number ? ` ${street.house_number}` : ''}`
      : undefined;
    return {
      lat: g.lat[index],
      lng: g.lng[index],
      address: joinAddress([line, city, countryName(code, language)]),
      components: {
        ...(street.street ? { street: street.street } : {}),
        ...(street.house_number ? { house_number: street.house_number } : {}),
        locality: city,
        country_code: code,
        ...(postcode ? { postcode } : {}),
      },
      // The street is the user's text; the point is the town's.
      ...(street.street ? { approximate: true as const } : {}),
    };
  }

  return {
    async warmUp() {
      const g = await load();
      const held = new Set(g.countries);
      const missing = [...(countrySet(options.countries) ?? [])].filter((c) => !held.has(c));
      if (missing.length > 0) {
        throw new Error(
          `the offline gazetteer holds no places of ${missing.join(', ')}: run node scripts/gazetteer.mjs ${[...new Set([...held, ...missing])].join(' ')}`,
        );
      }
    },
    async search(q: SearchQuery): Promise<Place[]> {
      const text = q.text.trim();
      // Markup and other symbols are no part of an address.
      if (!text || !ADDRESS_TEXT.test(text)) return [];
      const g = await load();
      const limit = clampLimit(q.limit);
      const countries = countrySet(q.countries);
      const base = hasPoint(q) ? { lat: q.lat, lng: q.lng } : null;
      const area = base ? searchBounds(base.lat, base.lng) : null;
      const accept = (i: number): boolean => !countries || countries.has(g.countries[i]);
      const { parts, postcode } = parseQuery(text);
      if (parts.length === 0) return [];

      // No known town, no suggestion: a street is never placed in a town the user did not name.
      const { cities, streetText } = locate(g, parts, accept);
      if (cities.length === 0) return [];

      const inArea = (i: number): boolean => !!area && inBounds(area, g.lat[i], g.lng[i]);
      const score = (i: number): number =>
        Math.log10(g.population[i] + 1) -
        (base ? distanceKm(base.lat, base.lng, g.lat[i], g.lng[i]) / 25 : 0);
      const seen = new Set<number>();
      const ranked = cities
        .filter((c) => (seen.has(c.index) ? false : (seen.add(c.index), true)))
        .map((c) => ({ ...c, near: inArea(c.index), score: score(c.index) }))
        .sort(
          (a, b) =>
            Number(b.exact) - Number(a.exact) ||
            Number(b.near) - Number(a.near) ||
            b.score - a.score,
        )
        .slice(0, limit);
      // A street needs a letter ('5, Rīga' is the town).
      const street = /\p{L}/u.test(streetText) ? parseStreet(streetText) : {};
      return ranked.map((c) => toPlace(g, c.index, street, postcode, q.language));
    },

    async reverse(q: ReverseQuery): Promise<Place | null> {
      if (!hasPoint(q)) return null;
      const g = await load();
      const near = nearest(g, q.lat, q.lng, () => true);
      if (!near || near.km > reverseMaxKm) return null;
      const city = g.names[near.index];
      return {
        lat: g.lat[near.index],
        lng: g.lng[near.index],
        address: city,
        components: { locality: city, country_code: g.countries[near.index] },
      };
    },
  };
}
