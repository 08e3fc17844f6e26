// `npm run test:e2e`: Playwright in Debian's Chromium against the real server on a throwaway database.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale, ensureChromium, root } from './lib.mjs';

const chrome = ensureChromium();
// E2E_SKIP_BUILD=1: use the dist/ already built (several e2e runs at once must not rebuild it).
if (!process.env.E2E_SKIP_BUILD) buildIfStale();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'talka-e2e-'));
const result = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CHROME_PATH: chrome, TALKA_E2E_DATA_DIR: dataDir },
  },
);
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
