import { useCallback } from 'react';
import type { Place } from '../../../shared/places';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectLocale } from '../../i18n/i18nSlice';
import { taskFormApi } from './taskFormApi';

/** Where the user's last picked place is kept: the next search starts around it. */
export const LAST_PLACE_KEY = 'talka:geo:lastPlace';

const storage = (): Storage | undefined => {
  try {
    return typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    // Storage may be disabled (privacy mode): the server's base point serves then.
    return undefined;
  }
};

/** The point of the place the user picked last (in any form, any visit), or null. */
export function lastPlace(): { lat: number; lng: number } | null {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(LAST_PLACE_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { lat, lng } = value as { lat?: unknown; lng?: unknown };
    return typeof lat === 'number' &&
      typeof lng === 'number' &&
      Math.abs(lat) <= 90 &&
      Math.abs(lng) <= 180
      ? { lat, lng }
      : null;
  } catch {
    return null;
  }
}

export function rememberPlace(point: { lat: number; lng: number }): void {
  try {
    storage()?.setItem(LAST_PLACE_KEY, JSON.stringify({ lat: point.lat, lng: point.lng }));
  } catch {
    // Quota exceeded or disabled: nothing to do.
  }
}

export interface Geocoder {
  /**
   * Suggestions for a text, around `near`, else the user's last place, else the server's base
   * point for the UI language (Tallinn for et, Vilnius for lt, Rīga otherwise).
   */
  search: (text: string, near?: { lat: number; lng: number } | null) => Promise<Place[]>;
  /** The place at a point (fills a missing address), or null. */
  reverse: (lat: number, lng: number) => Promise<Place | null>;
}

/** The address input's `search` (and reverse geocoding) through /api/geo. */
export function useGeocoder(): Geocoder {
  const dispatch = useAppDispatch();
  const locale = useAppSelector(selectLocale);

  const search = useCallback(
    async (text: string, near?: { lat: number; lng: number } | null): Promise<Place[]> => {
      const point = near ?? lastPlace();
      const request = dispatch(
        taskFormApi.endpoints.searchPlaces.initiate(
          { q: text, lat: point?.lat, lng: point?.lng, locale },
          { subscribe: false },
        ),
      );
      return request.unwrap();
    },
    [dispatch, locale],
  );

  const reverse = useCallback(
    async (lat: number, lng: number): Promise<Place | null> => {
      const request = dispatch(
        taskFormApi.endpoints.reversePlace.initiate({ lat, lng, locale }, { subscribe: false }),
      );
      try {
        return await request.unwrap();
      } catch {
        return null;
      }
    },
    [dispatch, locale],
  );

  return { search, reverse };
}
