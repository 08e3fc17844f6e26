/**
 * Geocoding: the offline gazetteer (src/server/geo/places.json), the Photon client against a
 * fake Photon server, the /geo routes, and the address-input helpers of SPEC section 5.
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
import { fold, loadGazetteer } from '../../src/server/geo/gazetteer';
import { approximateAddress, cityOf, searchBounds, toLocation } from '../../src/shared/places';

const RIGA = { lat: 56.9496, lng: 24.1052 };
const TALLINN = { lat: 59.437, lng: 24.7536 };
const BALTIC = ['lv', 'ee', 'lt'];
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

  it('limits results to the requested countries', async () => {
    expect(await offline.search({ text: 'Vilnius', countries: ['lv'] })).toEqual([]);
    expect(
      (await offline.search({ text: 'Vilnius', countries: ['LV', 'lt'] }))[0].components.locality,
    ).toBe('Vilnius');
    const prefixed = await offline.search({ text: 'Sa', countries: ['ee'], limit: 10 });
    expect(prefixed.length).toBeGreaterThan(0);
    expect(prefixed.every((p) => p.components.country_code === 'ee')).toBe(true);
  });

  it('finds the towns of the Baltic states by name, with and without diacritics', async () => {
    const cases: Array<[string, string, string, number, number]> = [
      ['Sigulda', 'Sigulda', 'lv', 57.154, 24.86],
      ['Ogre', 'Ogre', 'lv', 56.816, 24.614],
      ['Daugavpils', 'Daugavpils', 'lv', 55.883, 26.533],
      ['Cēsis', 'Cēsis', 'lv', 57.312, 25.275],
      ['Cesis', 'Cēsis', 'lv', 57.312, 25.275],
      ['Tartu', 'Tartu', 'ee', 58.381, 26.725],
      ['Tallinn', 'Tallinn', 'ee', 59.437, 24.754],
      ['parnu', 'Pärnu', 'ee', 58.386, 24.497],
      ['Kaunas', 'Kaunas', 'lt', 54.903, 23.91],
      ['Šiauliai', 'Šiauliai', 'lt', 55.933, 23.317],
      ['Siauliai', 'Šiauliai', 'lt', 55.933, 23.317],
      ['KLAIPEDA', 'Klaipėda', 'lt', 55.707, 21.139],
    ];
    for (const [text, locality, country, lat, lng] of cases) {
      // From Rīga, as a Latvian-language user searches: the towns are found wherever they are.
      const [place] = await offline.search({ text, ...RIGA, countries: BALTIC });
      expect(place?.components).toEqual({ locality, country_code: country });
      expect(place.lat).toBeCloseTo(lat, 2);
      expect(place.lng).toBeCloseTo(lng, 2);
      expect(place.approximate).toBeUndefined();
    }
  });

  it('suggests nothing that is not in the data: gibberish, a street alone, markup', async () => {
    for (const text of [
      'zzzzqqq',
      'Dzirnavu iela 5',
      '<script>alert(1)</script>',
      '<b>Rīga</b>',
      '<img src=x onerror=alert(1)>, Rīga',
      'Rīga; DROP TABLE tasks',
      '{{constructor}}',
    ]) {
      expect(await offline.search({ text, ...RIGA, countries: BALTIC })).toEqual([]);
    }
  });

  it('keeps a street typed before a real town as typed, pinned at the town and marked approximate', async () => {
    const [place] = await offline.search({
      text: 'Brīvības iela 5, Sigulda',
      ...RIGA,
      countries: BALTIC,
      language: 'lv',
    });
    expect(place).toEqual({
      lat: expect.closeTo(57.154, 2),
      lng: expect.closeTo(24.86, 2),
      address: 'Brīvības iela 5, Sigulda, Latvija',
      components: {
        street: 'Brīvības iela',
        house_number: '5',
        locality: 'Sigulda',
        country_code: 'lv',
      },
      approximate: true,
    });
    // The town alone is exact: its point is the town's.
    const [town] = await offline.search({ text: 'Sigulda', countries: BALTIC });
    expect(town.approximate).toBeUndefined();
    // An unknown town gives no place at all, not the street in some other town.
    expect(await offline.search({ text: 'Brīvības iela 5, Zzzville', ...RIGA })).toEqual([]);
  });

  it('ranks towns within about 0.5 degrees of the base point first', async () => {
    const near = await offline.search({ text: 'J', ...RIGA, countries: BALTIC, limit: 20 });
    expect(near[0].components.locality).toBe('Jūrmala');
    const inArea = (p: Place) =>
      Math.abs(p.lat - RIGA.lat) <= 0.5 && Math.abs(p.lng - RIGA.lng) <= 0.5;
    const firstOutside = near.findIndex((p) => !inArea(p));
    expect(firstOutside).toBeGreaterThan(0);
    expect(near.slice(firstOutside).every((p) => !inArea(p))).toBe(true);
    // The same letters from Tallinn: Estonian towns first.
    const fromTallinn = await offline.search({ text: 'Ke', ...TALLINN, countries: BALTIC });
    expect(fromTallinn[0].components.country_code).toBe('ee');
  });

  it('prefers the bigger, nearer city and suggests cities by prefix', async () => {
    const [first] = await offline.search({ text: 'Rī', ...RIGA, countries: ['lv'] });
    expect(first.components.locality).toBe('Rīga');
    // A whole name first, then the names it begins: 'Sala' (a town) and Salaspils, Salacgrīva.
    const sala = await offline.search({ text: 'Sala', ...RIGA, countries: BALTIC });
    expect(sala.map((p) => p.components.locality)).toEqual(
      expect.arrayContaining(['Sala', 'Salaspils', 'Salacgrīva']),
    );
    expect(sala[0].components.locality).toBe('Sala');
    const [sig] = await offline.search({ text: 'Brīvības iela 5, Sigu', ...RIGA });
    expect(sig).toMatchObject({
      components: { street: 'Brīvības iela', locality: 'Sigulda' },
      approximate: true,
    });
  });

  it('warms up, and says which configured countries the data does not hold', async () => {
    await expect(offlineGeocoder({ countries: BALTIC }).warmUp?.()).resolves.toBeUndefined();
    await expect(offlineGeocoder({ countries: ['lv', 'FI'] }).warmUp?.()).rejects.toThrow(
      /no places of fi: run node scripts\/gazetteer.mjs .*fi/,
    );
  });

  it('ships a few hundred towns of the three Baltic states with coordinates inside them', async () => {
    const g = await loadGazetteer();
    expect(g.size).toBeGreaterThan(300);
    const box: Record<string, [number, number, number, number]> = {
      lv: [55.6, 20.9, 58.1, 28.3],
      ee: [57.5, 21.7, 59.8, 28.3],
      lt: [53.8, 20.9, 56.5, 26.9],
    };
    for (let i = 0; i < g.size; i++) {
      const [minLat, minLng, maxLat, maxLng] = box[g.countries[i]];
      expect([g.names[i], g.lat[i] >= minLat && g.lat[i] <= maxLat]).toEqual([g.names[i], true]);
      expect([g.names[i], g.lng[i] >= minLng && g.lng[i] <= maxLng]).toEqual([g.names[i], true]);
    }
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

  it('searches in the configured countries around the base point of the UI language', async () => {
    const bases = [
      ['lv', config.public.geoBaseLat, config.public.geoBaseLng],
      ['en', config.public.geoBaseLat, config.public.geoBaseLng],
      ['et', 59.437, 24.7536],
      ['lt', 54.6872, 25.2797],
    ] as const;
    for (const [language, lat, lng] of bases) {
      recorder.searches.length = 0;
      const res = await app.inject({
        url: '/api/geo/search?q=Brivibas',
        headers: { 'accept-language': language },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: [] });
      expect(recorder.searches[0]).toEqual({
        text: 'Brivibas',
        lat,
        lng,
        countries: ['lv', 'ee', 'lt'],
        language,
      });
    }
  });

  it("searches around a given point (the user's last place)", async () => {
    await app.inject({
      url: '/api/geo/search?q=Riga&lat=56.5&lng=21.0',
      headers: { 'accept-language': 'et' },
    });
    expect(recorder.searches[0]).toMatchObject({ lat: 56.5, lng: 21 });
  });

  it('takes the countries and the language bases from configuration', async () => {
    const custom = await geoApp(
      recorder,
      loadConfig({ GEO_COUNTRIES: 'EE, fi', GEO_LANGUAGE_BASES: 'et:58.38,26.72' }),
    );
    await custom.inject({ url: '/api/geo/search?q=x', headers: { 'accept-language': 'et' } });
    expect(recorder.searches[0]).toMatchObject({ lat: 58.38, lng: 26.72, countries: ['ee', 'fi'] });
    await custom.close();
    expect(loadConfig({ GEO_REGION: 'lt' }).geoCountries).toEqual(['lt']);
    expect(() => loadConfig({ GEO_COUNTRIES: 'latvia' })).toThrow(/GEO_COUNTRIES/);
    expect(() => loadConfig({ GEO_LANGUAGE_BASES: 'et:959,1' })).toThrow(/GEO_LANGUAGE_BASES/);
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
    const search = async (q: string, language = 'lv') => {
      const res = await real.inject({
        url: `/api/geo/search?q=${encodeURIComponent(q)}`,
        headers: { 'accept-language': language },
      });
      expect(res.statusCode).toBe(200);
      return res.json().data as Place[];
    };
    expect((await search('Brīvības iela 68, Rīga'))[0].components.locality).toBe('Rīga');
    expect(await search('zzzzqqq')).toEqual([]);
    expect(await search('<script>alert(1)</script>')).toEqual([]);
    for (const [q, locality] of [
      ['Sigulda', 'Sigulda'],
      ['Cesis', 'Cēsis'],
      ['Tartu', 'Tartu'],
      ['Kaunas', 'Kaunas'],
      ['Siauliai', 'Šiauliai'],
      ['Vilnius', 'Vilnius'],
      ['Tallinn', 'Tallinn'],
    ]) {
      expect((await search(q))[0]?.components.locality).toBe(locality);
    }
    const [street] = await search('Brīvības iela 5, Sigulda');
    expect(street).toMatchObject({
      address: 'Brīvības iela 5, Sigulda, Latvija',
      components: { street: 'Brīvības iela', house_number: '5', locality: 'Sigulda' },
      approximate: true,
    });
    // An Estonian user typing 'Ke' is offered Keila (near Tallinn) before Kėdainiai or Ķekava.
    expect((await search('Ke', 'et'))[0].components.country_code).toBe('ee');
    await real.close();
  });

  it('answers a too long query with a translated field error, not a failure', async () => {
    const real = await geoApp(offline, config);
    const res = await real.inject({
      url: `/api/geo/search?q=${encodeURIComponent('Brīvības iela '.repeat(20))}`,
      headers: { 'accept-language': 'lv' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: expect.any(String),
      errors: { q: [expect.stringContaining('200')] },
    });
    expect(res.json().errors.q[0]).not.toBe('Use at most 200 characters.');
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
      return { type: 'FeatureCollection', features: [lithuanian, outside, house, villageInCounty] };
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

  it('asks /api with q, lat, lon (a location bias, no bbox), lang, limit and the key', async () => {
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
    expect(q.bbox).toBeUndefined();
    expect(Number(q.limit)).toBeGreaterThanOrEqual(3);
  });

  it('does not send languages Photon does not know (names stay local)', async () => {
    await photonGeocoder(url).search({ text: 'Rīga', language: 'lv' });
    expect(seen[0].query.lang).toBeUndefined();
    expect(seen[0].query.apiKey).toBeUndefined();
  });

  it('maps GeoJSON features to places, filters by country, the search area first', async () => {
    const places = await photonGeocoder(url).search({ text: 'x', ...RIGA, countries: ['lv'] });
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
      // Outside the search area, yet in the country: after the places within it.
      {
        lat: 55.9,
        lng: 26.5,
        address: 'Daugavpils, Latvija',
        components: { locality: 'Daugavpils', country_code: 'lv' },
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
