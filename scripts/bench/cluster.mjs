// The scale-out figure of issue 18: `npm run start:cluster` (scripts/cluster.mjs) with 1 and then 2
// processes on one throwaway PostgreSQL (scripts/pg.mjs), each under the same autocannon load on
// the task and the list as a visitor, and the speed-up of 2 over 1. Skipped without PostgreSQL.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { postgresAvailable, startPostgres, stopPostgres } from '../pg.mjs';
import { root } from '../lib.mjs';
import { cannon } from './api.mjs';
import { Client } from './http.mjs';
import { TASK_SLUG } from './lighthouse.mjs';

const LIFTED = '1000000';

async function startCluster({ port, databaseUrl, workers, seed }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'talka-bench-cluster-'));
  const child = spawn(process.execPath, [path.join(root, 'scripts/cluster.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      CLUSTER_WORKERS: String(workers),
      CLUSTER_SKIP_BUILD: '1',
      SEED: seed ? 'demo' : '',
      MAP_TILE_URL: '',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: LIFTED,
      RATE_LIMIT: LIFTED,
      OFFER_RATE_LIMIT: LIFTED,
      CHAT_RATE_LIMIT: LIFTED,
      REPORT_RATE_LIMIT: LIFTED,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`cluster not ready:\n${output}`)), 120_000);
    const check = () => {
      if (output.includes('Talka cluster:')) {
        clearTimeout(timer);
        resolve();
      } else if (child.exitCode !== null) {
        clearTimeout(timer);
        reject(new Error(`cluster exited:\n${output}`));
      } else setTimeout(check, 200);
    };
    check();
  });
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          fs.rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

export async function runCluster({ port, connections = 50, duration = 10 } = {}) {
  if (!postgresAvailable()) return { skipped: 'no PostgreSQL binaries (scripts/pg.mjs)' };
  const pg = await startPostgres();
  const runs = [];
  try {
    for (const workers of [1, 2]) {
      const server = await startCluster({
        port,
        databaseUrl: pg.url,
        workers,
        seed: workers === 1,
      });
      try {
        const visitor = await new Client(server.base).visit(`/api/tasks/${TASK_SLUG}`);
        const headers = visitor.headers();
        const rows = [];
        for (const url of [`/api/tasks/${TASK_SLUG}`, '/api/tasks?page=1']) {
          const target = { url: server.base + url, headers };
          await cannon({ ...target, connections: 10, duration: 2 });
          const figures = await cannon({ ...target, connections, duration });
          console.log(
            `  ${workers} process(es), GET ${url}: ${figures.reqPerSec.toFixed(0)} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms`,
          );
          rows.push({ url, ...figures });
        }
        runs.push({ workers, rows });
      } finally {
        await server.stop();
      }
    }
  } finally {
    stopPostgres(pg);
  }
  const speedUp = runs[0].rows.map((row, i) => ({
    url: row.url,
    one: row.reqPerSec,
    two: runs[1].rows[i].reqPerSec,
    speedUp: runs[1].rows[i].reqPerSec / row.reqPerSec,
  }));
  for (const s of speedUp)
    console.log(`  speed-up of 2 processes over 1, GET ${s.url}: ${s.speedUp.toFixed(2)}x`);
  return { connections, duration, runs, speedUp };
}
