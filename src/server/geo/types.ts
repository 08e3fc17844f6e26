/** The geocoder contract: address search and reverse geocoding, offline or through Photon. */
import type { Place, PlaceComponents } from '../../shared/places';

export type { Place, PlaceComponents };

export interface SearchQuery {
  text: string;
  /**
   * Base point: results within about 0.5 degrees around it (the search area) come first, and
   * the nearer the better.
   */
  lat?: number;
  lng?: number;
  /** ISO 3166-1 alpha-2 codes (any case): results are limited to these countries when given. */
  countries?: readonly string[];
  /** UI language for names that have one (country names, Photon's lang). */
  language?: string;
  /** Maximum number of results, default 5, at most 20. */
  limit?: number;
}

export interface ReverseQuery {
  lat: number;
  lng: number;
  language?: string;
}

export interface Geocoder {
  search(q: SearchQuery): Promise<Place[]>;
  reverse(q: ReverseQuery): Promise<Place | null>;
  /** Loads what the first search would otherwise wait for (the offline gazetteer). */
  warmUp?(): Promise<void>;
}

/** The upstream geocoder failed (network, timeout, bad answer). */
export class GeocoderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GeocoderError';
  }
}

export const DEFAULT_LIMIT = 5;
export const MAX_LIMIT = 20;

export const clampLimit = (limit: number | undefined): number =>
  limit === undefined || !Number.isFinite(limit)
    ? DEFAULT_LIMIT
    : Math.min(MAX_LIMIT, Math.max(1, Math.floor(limit)));

export const hasPoint = (q: { lat?: number; lng?: number }): q is { lat: number; lng: number } =>
  typeof q.lat === 'number' &&
  typeof q.lng === 'number' &&
  Number.isFinite(q.lat) &&
  Number.isFinite(q.lng);

const regionNames = new Map<string, Intl.DisplayNames | null>();

/** The country's name in the language ('lv' -> 'Latvija' in lv, 'Latvia' in en). */
export function countryName(code: string, language = 'en'): string {
  let names = regionNames.get(language);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([language, 'en'], { type: 'region', fallback: 'none' });
    } catch {
      names = null;
    }
    regionNames.set(language, names);
  }
  const upper = code.toUpperCase();
  try {
    return names?.of(upper) ?? upper;
  } catch {
    return upper;
  }
}

/** Joins address parts, skipping empty ones and repeats ('Rīga, Rīga' -> 'Rīga'). */
export function joinAddress(parts: readonly (string | undefined | null)[]): string {
  const out: string[] = [];
  for (const part of parts) {
    const value = part?.trim();
    if (value && !out.some((p) => p.toLowerCase() === value.toLowerCase())) out.push(value);
  }
  return out.join(', ');
}
