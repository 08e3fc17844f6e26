// Starts scripts/bench/server.ts (the production server plus the bench's own routes) on a throwaway
// DATA_DIR with the demo seed, and stops it. Rate limits are lifted as in playwright.config.ts: all
// the bench's traffic comes from 127.0.0.1.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../lib.mjs';

// The highest a limit may be (config/index.ts refuses more).
const LIFTED = '1000000';

export async function startBenchServer({ port, floorFile }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'talka-bench-'));
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    BENCH_BARE_PORT: String(port + 1),
    BENCH_FLOOR_FILE: floorFile,
    DATA_DIR: dataDir,
    // The embedded database by default; BENCH_DATABASE_URL measures against a PostgreSQL server.
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    SEED: 'demo',
    MAP_TILE_URL: '',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: LIFTED,
    RATE_LIMIT: LIFTED,
    OFFER_RATE_LIMIT: LIFTED,
    CHAT_RATE_LIMIT: LIFTED,
    REPORT_RATE_LIMIT: LIFTED,
  };
  const child = spawn(
    process.execPath,
    [
      '--expose-gc',
      // e.g. BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile the server.
      ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
      '--import',
      'tsx',
      path.join(root, 'scripts/bench/server.ts'),
    ],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`bench server not ready after 120 s:\n${output}`)),
      120_000,
    );
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('bench-server-ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bench server exited (${code}):\n${output}`));
    });
  });
  await ready;
  const base = `http://127.0.0.1:${port}`;
  const bare = `http://127.0.0.1:${port + 1}`;
  return {
    base,
    bare,
    pid: child.pid,
    dataDir,
    async memory() {
      const res = await fetch(`${bare}/memory`);
      return res.json();
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
