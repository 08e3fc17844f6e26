/**
 * Typed runtime configuration with documented defaults. Every value can be overridden by the
 * environment variable named beside it; README.md lists them all.
 */
import path from 'node:path';

export interface PublicConfig {
  /** Base path of the API, as the SPA calls it. API_BASE, default /api */
  apiBase: string;
  /** Days before due_end when a deadline counts as expiring soon. EXPIRING_SOON_DAYS, default 3 */
  expiringSoonDays: number;
  /** Raster tile URL template for OpenLayers; empty = no tiles (markers still show). MAP_TILE_URL */
  mapTileUrl: string;
  /** Attribution shown under the map tiles. MAP_TILE_ATTRIBUTION */
  mapTileAttribution: string;
  /**
   * Base latitude and longitude for address search and the map. GEO_BASE_LAT / GEO_BASE_LNG (Riga).
   * The address search uses GEO_LANGUAGE_BASES instead for the languages listed there.
   */
  geoBaseLat: number;
  geoBaseLng: number;
  /** Public origin used in share links and social meta tags. PUBLIC_URL, default http://localhost:PORT */
  publicUrl: string;
}

export interface ServerConfig {
  /** PORT, default 3000 */
  port: number;
  /** HOST, default 0.0.0.0 */
  host: string;
  /** DATA_DIR: embedded database, uploads. Default ./data */
  dataDir: string;
  /**
   * UPLOADS_DIR: where uploaded images are stored and served from. Default DATA_DIR/uploads. Several
   * API processes behind one load balancer must share it (a network or shared volume).
   */
  uploadsDir: string;
  /** DATABASE_URL: a real PostgreSQL server; empty = embedded PGlite in DATA_DIR/db */
  databaseUrl: string;
  /** PGLITE_THREAD: the embedded database in its own thread (default true; 'false': the HTTP thread's) */
  pgliteThread: boolean;
  /** SEED: 'demo' seeds demo data; default 'demo' on the embedded database, '' on DATABASE_URL */
  seed: string;
  /** Session idle lifetime in minutes. SESSION_IDLE_MINUTES, default 120 */
  sessionIdleMinutes: number;
  /** Session absolute lifetime in hours. SESSION_ABSOLUTE_HOURS, default 720 (30 days) */
  sessionAbsoluteHours: number;
  /** Secure cookies with the __Host- prefix. COOKIE_SECURE, default true when PUBLIC_URL is https */
  cookieSecure: boolean;
  /** Login and registration attempts per minute per address. LOGIN_RATE_LIMIT, default 10 */
  loginRateLimit: number;
  /** Offers a freelancer may send per minute. OFFER_RATE_LIMIT, default 20 */
  offerRateLimit: number;
  /** Chat messages per minute per user. CHAT_RATE_LIMIT, default 30 */
  chatRateLimit: number;
  /** Task reports per minute per address. REPORT_RATE_LIMIT, default 10 */
  reportRateLimit: number;
  /**
   * Questions and answers on tasks (issue 20) per minute per user; question reports per minute per
   * address. QUESTION_RATE_LIMIT, default 10
   */
  questionRateLimit: number;
  /**
   * Behind a reverse proxy: take the client address from X-Forwarded-For (rate limits per address)
   * and the scheme from X-Forwarded-Proto. TRUST_PROXY: 'true' or the proxies' addresses/CIDRs
   * (comma-separated); default off (a client could otherwise forge its address).
   */
  trustProxy: boolean | string;
  /**
   * Failed logins per account (email) within 5 minutes, from any address, before that account's
   * logins answer 429 for the rest of the 5 minutes. LOGIN_ACCOUNT_RATE_LIMIT, default 10
   */
  loginAccountRateLimit: number;
  /** Tasks a user may post per hour. TASK_RATE_LIMIT, default 10 */
  taskRateLimit: number;
  /** Open push (SSE) streams per logged-in user. PUSH_STREAMS_PER_USER, default 10 */
  pushStreamsPerUser: number;
  /** Open push (SSE) streams per client address. PUSH_STREAMS_PER_ADDRESS, default 30 */
  pushStreamsPerAddress: number;
  /** Requests per minute per address for everything else. RATE_LIMIT, default 600 */
  rateLimit: number;
  /** Folder holding the built SPA. STATIC_DIR, default ./dist */
  staticDir: string;
  /** Log level for pino. LOG_LEVEL, default info ('silent' in tests) */
  logLevel: string;
  /** GEOCODER_URL: a Photon-compatible geocoder; empty = offline gazetteer */
  geocoderUrl: string;
  /** GEOCODER_KEY: sent as apiKey query parameter when set */
  geocoderKey: string;
  /**
   * Countries (ISO 3166-1 alpha-2, lower case) the address search is limited to. GEO_COUNTRIES,
   * comma separated, default lv,ee,lt (GEO_REGION, one code, is read when GEO_COUNTRIES is unset).
   * The offline gazetteer holds lv, ee and lt; `node scripts/gazetteer.mjs <codes>` adds others.
   */
  geoCountries: string[];
  /**
   * The address search's base point per UI language when the user has no place yet.
   * GEO_LANGUAGE_BASES, 'language:lat,lng' separated by ';', default
   * et:59.437,24.7536;lt:54.6872,25.2797 (Tallinn, Vilnius); other languages: GEO_BASE_LAT/LNG.
   */
  geoLanguageBases: Record<string, { lat: number; lng: number }>;
  public: PublicConfig;
}

type Env = Record<string, string | undefined>;

const int = (value: string | undefined, fallback: number): number => {
  const n = value === undefined || value === '' ? NaN : Number(value);
  return Number.isFinite(n) ? n : fallback;
};

/** A setting that would make the server misbehave: the message names the variable and the rule. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * A whole number from `min` to `max`, or the default when the variable is unset or empty. Anything
 * else (a fraction, a negative, a word) refuses to start rather than run with a surprise.
 */
const wholeNumber = (
  env: Env,
  name: string,
  fallback: number,
  { min = 1, max = 1_000_000 }: { min?: number; max?: number } = {},
): number => {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw.trim());
  if (!/^[+]?\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new ConfigError(
      `${name}=${JSON.stringify(raw)}: expected a whole number from ${min} to ${max}`,
    );
  }
  return value;
};

/** GEO_COUNTRIES (or the older GEO_REGION): two-letter country codes. */
function geoCountriesOf(env: Env): string[] {
  const name = env.GEO_COUNTRIES !== undefined ? 'GEO_COUNTRIES' : 'GEO_REGION';
  const raw = env[name] ?? '';
  if (raw.trim() === '') return ['lv', 'ee', 'lt'];
  const codes = raw.split(',').map((c) => c.trim().toLowerCase());
  if (codes.some((c) => !/^[a-z]{2}$/.test(c))) {
    throw new ConfigError(
      `${name}=${JSON.stringify(raw)}: expected ISO 3166-1 alpha-2 codes separated by commas`,
    );
  }
  return [...new Set(codes)];
}

const DEFAULT_LANGUAGE_BASES = 'et:59.437,24.7536;lt:54.6872,25.2797';

/** GEO_LANGUAGE_BASES: 'et:59.437,24.7536;lt:54.6872,25.2797'. */
function geoLanguageBasesOf(env: Env): Record<string, { lat: number; lng: number }> {
  const raw = env.GEO_LANGUAGE_BASES ?? DEFAULT_LANGUAGE_BASES;
  const bases: Record<string, { lat: number; lng: number }> = {};
  for (const item of raw.split(';')) {
    if (item.trim() === '') continue;
    const match = /^\s*([a-z]{2,3})\s*:\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/i.exec(
      item,
    );
    const lat = Number(match?.[2]);
    const lng = Number(match?.[3]);
    if (!match || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
      throw new ConfigError(
        `GEO_LANGUAGE_BASES=${JSON.stringify(raw)}: expected language:lat,lng items separated by ';'`,
      );
    }
    bases[match[1].toLowerCase()] = { lat, lng };
  }
  return bases;
}

/** Limits and lifetimes that only make sense together. */
function checkSessionLifetimes(idleMinutes: number, absoluteHours: number): void {
  if (idleMinutes > absoluteHours * 60) {
    throw new ConfigError(
      `SESSION_IDLE_MINUTES=${idleMinutes} is longer than SESSION_ABSOLUTE_HOURS=${absoluteHours} (${absoluteHours * 60} minutes): a session would end at the absolute limit first`,
    );
  }
}

/** 'true'/'false', or the proxies' addresses/CIDRs separated by commas (Fastify's trustProxy). */
const trustProxyOf = (value: string | undefined): boolean | string => {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false') return false;
  return v === 'true' ? true : v;
};

export function loadConfig(env: Env = process.env, cwd = process.cwd()): ServerConfig {
  const port = int(env.PORT, 3000);
  const databaseUrl = env.DATABASE_URL ?? '';
  const dataDir = path.resolve(cwd, env.DATA_DIR || 'data');
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, '');
  // Sessions: whole minutes and hours (the database counts in them), idle within absolute.
  const sessionIdleMinutes = wholeNumber(env, 'SESSION_IDLE_MINUTES', 120, { max: 525_600 });
  const sessionAbsoluteHours = wholeNumber(env, 'SESSION_ABSOLUTE_HOURS', 720, { max: 87_600 });
  checkSessionLifetimes(sessionIdleMinutes, sessionAbsoluteHours);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    uploadsDir: env.UPLOADS_DIR
      ? path.resolve(cwd, env.UPLOADS_DIR)
      : path.join(dataDir, 'uploads'),
    databaseUrl,
    pgliteThread: env.PGLITE_THREAD !== 'false',
    seed: env.SEED ?? (databaseUrl ? '' : 'demo'),
    sessionIdleMinutes,
    sessionAbsoluteHours,
    cookieSecure: env.COOKIE_SECURE ? env.COOKIE_SECURE === 'true' : publicUrl.startsWith('https:'),
    loginRateLimit: wholeNumber(env, 'LOGIN_RATE_LIMIT', 10),
    offerRateLimit: wholeNumber(env, 'OFFER_RATE_LIMIT', 20),
    chatRateLimit: wholeNumber(env, 'CHAT_RATE_LIMIT', 30),
    reportRateLimit: wholeNumber(env, 'REPORT_RATE_LIMIT', 10),
    questionRateLimit: wholeNumber(env, 'QUESTION_RATE_LIMIT', 10),
    loginAccountRateLimit: wholeNumber(env, 'LOGIN_ACCOUNT_RATE_LIMIT', 10),
    taskRateLimit: wholeNumber(env, 'TASK_RATE_LIMIT', 10),
    pushStreamsPerUser: wholeNumber(env, 'PUSH_STREAMS_PER_USER', 10),
    pushStreamsPerAddress: wholeNumber(env, 'PUSH_STREAMS_PER_ADDRESS', 30),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    rateLimit: wholeNumber(env, 'RATE_LIMIT', 600),
    staticDir: path.resolve(cwd, env.STATIC_DIR || 'dist'),
    logLevel: env.LOG_LEVEL || 'info',
    geocoderUrl: env.GEOCODER_URL ?? '',
    geocoderKey: env.GEOCODER_KEY ?? '',
    geoCountries: geoCountriesOf(env),
    geoLanguageBases: geoLanguageBasesOf(env),
    public: {
      apiBase: env.API_BASE || '/api',
      expiringSoonDays: int(env.EXPIRING_SOON_DAYS, 3),
      mapTileUrl: env.MAP_TILE_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      mapTileAttribution: env.MAP_TILE_ATTRIBUTION ?? '© OpenStreetMap contributors',
      geoBaseLat: int(env.GEO_BASE_LAT, 56.9496),
      geoBaseLng: int(env.GEO_BASE_LNG, 24.1052),
      publicUrl,
    },
  };
}
