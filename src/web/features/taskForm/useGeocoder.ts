import { useCallback } from 'react';
import type { Place } from '../../../shared/places';
import { getConfig } from '../../app/config';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectLocale } from '../../i18n/i18nSlice';
import { taskFormApi } from './taskFormApi';

export interface Geocoder {
  /** Suggestions for a text, around `near` or else the configured base point. */
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
      const { geoBaseLat, geoBaseLng } = getConfig();
      const request = dispatch(
        taskFormApi.endpoints.searchPlaces.initiate(
          { q: text, lat: near?.lat ?? geoBaseLat, lng: near?.lng ?? geoBaseLng, locale },
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
