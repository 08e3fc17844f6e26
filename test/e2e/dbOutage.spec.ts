/**
 * Issue 9, Faults: the database goes away under a user. This spec runs its own Talka on a real
 * PostgreSQL (scripts/pg.mjs; not the suite's PGlite webServer), stops PostgreSQL while the page is
 * open, sees the friendly retry state, starts PostgreSQL again and sees the page recover by itself,
 * in the same document (no reload).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  freePort,
  startCluster,
  startPostgres,
  stopCluster,
  stopPostgres,
  type Postgres,
} from '../../scripts/pg.mjs';
import { expectNoA11yViolations } from './support';

test.use({ locale: 'en-US' });
test.describe.configure({ timeout: 120_000 });

let pg: Postgres | undefined;
let server: ChildProcess | undefined;
let base = '';
let dataDir = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'talka-e2e-outage-'));
  pg = await startPostgres();
  const port = Number(process.env.E2E_OUTAGE_PORT) || (await freePort());
  base = `http://localhost:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: pg.url,
      DATA_DIR: dataDir,
      SEED: 'demo',
      MAP_TILE_URL: '',
      LOG_LEVEL: 'fatal',
      RATE_LIMIT: '100000',
      LOGIN_RATE_LIMIT: '1000',
    },
    stdio: 'ignore',
  });
  await expect
    .poll(
      () =>
        fetch(`${base}/api/health`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 60_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  stopPostgres(pg);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('PostgreSQL stops: a retry state; it starts again: the page recovers without a reload', async ({
  page,
}) => {
  await page.goto(`${base}/en/`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A marker in this document: a reload would lose it.
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });

  stopCluster(pg!, 'fast');
  expect((await fetch(`${base}/api/tasks`)).status).toBe(503);

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Browse tasks' })
    .click();
  const banner = page.getByRole('alert').filter({ hasText: 'We can’t reach Talka right now.' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Retrying automatically…');
  await expect(banner.getByRole('button', { name: 'Retry now' })).toBeEnabled();
  await expectNoA11yViolations(page, 'database outage: retry state');

  startCluster(pg!);
  // The banner's next automatic check (2 s, 4 s, 8 s... after the outage began) finds Talka back.
  await expect(banner).toBeHidden({ timeout: 45_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
  await expect(page.locator('main a[href*="/en/tasks/"]').first()).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
  ).toBe(true);
  expect(server?.exitCode).toBeNull();
});
