import { defineConfig, devices } from '@playwright/test';
// Flags that keep Debian's Chromium quiet on a closed network: the CHROMIUM_FLAGS of scripts/lib.mjs.
import CHROMIUM_FLAGS from './scripts/chromium-flags.json';

const port = Number(process.env.E2E_PORT || 3100);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: './test/e2e',
  // One folder per port: Playwright empties it at start, and runs on other ports may be going on.
  outputDir: `test-results/port-${port}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    locale: 'lv-LV',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: [...CHROMIUM_FLAGS],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `node --import tsx src/server/main.ts`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.TALKA_E2E_DATA_DIR || 'data/e2e',
      SEED: 'demo',
      MAP_TILE_URL: '',
      LOG_LEVEL: 'warn',
      // Every test comes from 127.0.0.1: the suite alone would pass the per-address limits.
      LOGIN_RATE_LIMIT: '1000',
      RATE_LIMIT: '100000',
      OFFER_RATE_LIMIT: '1000',
      CHAT_RATE_LIMIT: '1000',
      REPORT_RATE_LIMIT: '1000',
      QUESTION_RATE_LIMIT: '1000',
      TASK_RATE_LIMIT: '1000',
      LOGIN_ACCOUNT_RATE_LIMIT: '1000',
      PUSH_STREAMS_PER_ADDRESS: '1000',
      PUSH_STREAMS_PER_USER: '1000',
    },
  },
});
