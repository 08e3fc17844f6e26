// Helpers shared by the npm scripts: build the SPA when it is missing or stale, find Chromium.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const BUILD_INPUTS = [
  'src/web',
  'src/shared',
  'public',
  'translations',
  'webpack.config.ts',
  'package-lock.json',
];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p))
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

export function buildIsStale() {
  const built = path.join(root, 'dist/index.html');
  if (!fs.existsSync(built)) return true;
  const builtAt = fs.statSync(built).mtimeMs;
  return BUILD_INPUTS.some((input) => newestMtime(path.join(root, input)) > builtAt);
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export function buildIfStale() {
  if (!buildIsStale()) return;
  console.log('Building the SPA (webpack, production)...');
  run(process.execPath, [
    path.join(root, 'node_modules/webpack-cli/bin/cli.js'),
    '--mode',
    'production',
  ]);
}

/**
 * Flags that keep Debian's Chromium quiet on a closed network (TOOLING.md). They live in a JSON
 * file so playwright.config.ts (loaded as CommonJS, which cannot require this module) reads them too.
 */
export const CHROMIUM_FLAGS = JSON.parse(
  fs.readFileSync(path.join(root, 'scripts/chromium-flags.json'), 'utf8'),
);

/** Chromium for the end-to-end tests: CHROME_PATH, else Debian's /usr/bin/chromium, else install it. */
export function ensureChromium() {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].filter(Boolean);
  const found = candidates.find((p) => fs.existsSync(p));
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = fs.existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    console.log("Chromium is missing: installing Debian's chromium package (apt-get)...");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    run('apt-get', ['update', '-qq'], { env });
    run('apt-get', ['install', '-y', '-qq', 'chromium'], { env });
    if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  console.error(
    'The end-to-end tests need Chromium. Install it with `sudo apt-get install chromium` (Debian/Ubuntu)\n' +
      'or point CHROME_PATH at a Chromium or Chrome binary, then run `npm test` again.',
  );
  process.exit(1);
}
