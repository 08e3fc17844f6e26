import type { PublicConfig } from '../../../config';

/** Defaults match config/index.ts; used when the server did not inject #talka-config (tests, dev). */
export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  apiBase: '/api',
  expiringSoonDays: 3,
  mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  mapTileAttribution: '© OpenStreetMap contributors',
  geoBaseLat: 56.9496,
  geoBaseLng: 24.1052,
  publicUrl: typeof window !== 'undefined' ? window.location.origin : 'http://localhost:3000',
};

function readJsonScript(id: string): unknown {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // A broken injection must not take the app down; defaults still work.
    console.error(`[config] #${id} is not valid JSON`);
    return undefined;
  }
}

let cached: PublicConfig | undefined;

/** The public runtime configuration the server injected as <script id="talka-config">. */
export function getConfig(): PublicConfig {
  if (!cached) {
    const injected = readJsonScript('talka-config');
    cached = {
      ...DEFAULT_PUBLIC_CONFIG,
      ...(injected && typeof injected === 'object' ? (injected as Partial<PublicConfig>) : {}),
    };
  }
  return cached;
}

/**
 * The configuration a server render uses (there is no #talka-config in node): the same public
 * config the page embeds, so links and share URLs render as the browser will render them.
 */
export function provideConfig(config: PublicConfig): void {
  cached = { ...DEFAULT_PUBLIC_CONFIG, ...config };
}

/** Test hook: forget the cached configuration. */
export function resetConfigCache(): void {
  cached = undefined;
}

/** Optional data the server rendered into <script id="talka-data"> (e.g. the current user). */
export function getBootData<T = unknown>(): T | undefined {
  return readJsonScript('talka-data') as T | undefined;
}
