/** Geocoding: offline gazetteer by default, a Photon-compatible service when GEOCODER_URL is set. */
import type { ServerConfig } from '../../../config';
import { offlineGeocoder } from './offline';
import { photonGeocoder } from './photon';
import type { Geocoder } from './types';

export { offlineGeocoder, type OfflineGeocoderOptions } from './offline';
export { photonGeocoder, photonFeatureToPlace, type PhotonOptions } from './photon';
export { default as geoRoutes, type GeoRoutesOptions } from './routes';
export * from './types';

export function createGeocoder(
  config: Pick<ServerConfig, 'geocoderUrl' | 'geocoderKey' | 'geoCountries'>,
): Geocoder {
  const url = config.geocoderUrl.trim();
  return url
    ? photonGeocoder(url, config.geocoderKey || undefined)
    : offlineGeocoder({ countries: config.geoCountries });
}
