// `npm run bench`: sizes, Lighthouse, the API under autocannon, rendering, and load with a soak, in
// that order, against a production build and a server this script starts on a throwaway DATA_DIR.
// Prints a table at the end and writes bench/results/latest.json. Not part of `npm test`: it prints
// figures, it does not pass or fail on timing. docs/PERFORMANCE.md tells how to read them.
//
//   npm run bench                          every part
//   npm run bench -- --only=lighthouse     one part (or several: --only=api,load)
//   BENCH_SOAK_SECONDS=60 npm run bench    a shorter soak (default 300)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale, root } from '../lib.mjs';

const PARTS = ['sizes', 'lighthouse', 'api', 'render', 'alerts', 'load', 'cluster'];
const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const only = onlyArg ? onlyArg.slice('--only='.length).split(',').filter(Boolean) : PARTS;
const unknown = only.filter((p) => !PARTS.includes(p));
if (unknown.length) {
  console.error(`Unknown part(s): ${unknown.join(', ')}. Parts: ${PARTS.join(', ')}`);
  process.exit(2);
}
const wanted = (part) => only.includes(part);

const resultsDir = path.join(root, 'bench/results');
fs.mkdirSync(resultsDir, { recursive: true });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'talka-bench-run-'));
const port = Number(process.env.BENCH_PORT || 3430);

const results = {
  startedAt: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? '',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    loadAverage: os.loadavg().map((n) => Number(n.toFixed(2))),
  },
  parts: only,
};
const table = [];
const row = (part, measure, value, goal = '') => table.push({ part, measure, value, goal });
const ms = (n) => (n === null || n === undefined ? 'n/a' : `${Math.round(n)} ms`);
const fixed = (n, d = 2) => (n === null || n === undefined ? 'n/a' : n.toFixed(d));

const section = (name) => console.log(`\n== ${name} ${'='.repeat(Math.max(0, 60 - name.length))}`);

// 1. Sizes: the existing budget script, as a subprocess that also writes its rows as JSON.
if (wanted('sizes')) {
  section('sizes (gzip, production build)');
  const out = path.join(tmp, 'sizes.json');
  const run = spawnSync(
    process.execPath,
    [path.join(root, 'scripts/size.mjs'), '--report', `--json=${out}`],
    { cwd: root, stdio: 'inherit' },
  );
  if (run.status === 0 && fs.existsSync(out)) {
    results.sizes = JSON.parse(fs.readFileSync(out, 'utf8'));
    for (const r of results.sizes) {
      row('sizes', r.budget, `${r['gzip KB']} KB gzip`, `<= ${r['max gzip KB']} KB (${r.result})`);
    }
  } else {
    results.sizes = { error: `size.mjs exited ${run.status}` };
  }
  // The share of each package, from the source maps (minified bytes, before compression).
  const { packageReport } = await import('./packages.mjs');
  results.packageShares = packageReport();
  for (const [group, shares] of Object.entries(results.packageShares)) {
    const top = shares.slice(0, 6).map((p) => `${p.package} ${(p.share * 100).toFixed(0)}%`);
    console.log(`  ${group}: ${top.join(', ')}`);
  }
  const task = results.packageShares['task detail (first load)'];
  row(
    'sizes',
    'task detail first load: largest packages (minified)',
    task
      .slice(0, 4)
      .map((p) => `${p.package} ${(p.share * 100).toFixed(0)}%`)
      .join(', '),
  );
}

const needsServer = ['lighthouse', 'api', 'load'].some(wanted);
let server = null;
if (needsServer) {
  if (process.env.BENCH_SKIP_BUILD !== '1') buildIfStale();
  const { startBenchServer } = await import('./serverProcess.mjs');
  section(`starting the production server on 127.0.0.1:${port} (demo seed)`);
  server = await startBenchServer({ port, floorFile: path.join(tmp, 'floor.html') });
}

try {
  // 2. Lighthouse on three pages and the static floor.
  if (wanted('lighthouse')) {
    section('Lighthouse 12.8.2 (mobile, simulated throttling)');
    const { runLighthouse, writeFloorPage } = await import('./lighthouse.mjs');
    results.floorPage = await writeFloorPage(server.base, path.join(tmp, 'floor.html'));
    results.lighthouse = await runLighthouse(server.base);
    for (const p of results.lighthouse.pages) {
      row(
        'lighthouse',
        `${p.page}: perf / a11y / best / SEO`,
        `${p.performance} / ${p.accessibility} / ${p.bestPractices} / ${p.seo}`,
        p.page.startsWith('floor') ? '' : 'a11y 100',
      );
      row(
        'lighthouse',
        `${p.page}: LCP, TBT, CLS`,
        `${ms(p.lcpMs)}, ${ms(p.tbtMs)}, ${fixed(p.cls, 3)}`,
      );
      if (p.runs > 1) {
        row(
          'lighthouse',
          `${p.page}: perf, TBT of every run`,
          `${p.performanceRuns.join(' ')}; ${p.tbtRunsMs.join(' ')} ms`,
        );
      }
    }
    row('lighthouse', 'task LCP / floor LCP', fixed(results.lighthouse.lcpRatioToFloor), '<= 1.3');
  }

  // 3. The API under autocannon beside a bare Fastify route.
  if (wanted('api')) {
    section('API under autocannon (50 connections, 10 s each)');
    const { runApi } = await import('./api.mjs');
    results.api = await runApi(server, {
      duration: Number(process.env.BENCH_API_SECONDS || 10),
    });
    for (const r of results.api.rows) {
      row(
        'api',
        r.name,
        `${r.reqPerSec.toFixed(0)} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms`,
        `${fixed(r.throughputVsBare, 3)} x bare${r.goal ? ` (goal >= ${r.goal})` : ''}` +
          `${r.p99Goal ? `; p99 goal <= ${r.p99Goal} ms` : ''}; errors ${r.errors + r.non2xx}`,
      );
    }
  }
} catch (err) {
  console.error(err);
  results.error = String(err?.stack ?? err);
}

// 4. Rendering in jsdom: a dedicated jest config (jest.bench.config.ts).
if (wanted('render')) {
  section('rendering (React Profiler in jsdom)');
  const out = path.join(tmp, 'render.json');
  const run = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/jest/bin/jest.js'), '-c', 'jest.bench.config.ts'],
    { cwd: root, stdio: 'inherit', env: { ...process.env, BENCH_RENDER_OUT: out } },
  );
  if (fs.existsSync(out)) {
    results.render = JSON.parse(fs.readFileSync(out, 'utf8'));
    const r = results.render;
    row('render', `task page with ${r.offers} offers: first render`, ms(r.mountMs), '');
    row('render', 'its React commit (Profiler actualDuration)', ms(r.mountCommitMs), '');
    row(
      'render',
      'offer card renders during the first render',
      String(r.mountRenders),
      `${r.offers} at best`,
    );
    row(
      'render',
      'refetch, identical data: offer cards re-rendered',
      String(r.identicalRerenders),
      '0',
    );
    row(
      'render',
      'refetch, one offer changed: offer cards re-rendered',
      String(r.oneChangedRerenders),
      '1',
    );
  } else {
    results.render = { error: `jest exited ${run.status}` };
  }
}

// 4b. Task alerts (issue 20): matching one new task against 25,000 to 100,000 saved alerts.
if (wanted('alerts')) {
  section('task alerts: matching one task');
  const out = path.join(tmp, 'alerts.json');
  spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/bench/alerts.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BENCH_ALERTS_OUT: out },
  });
  if (fs.existsSync(out)) {
    results.alerts = JSON.parse(fs.readFileSync(out, 'utf8'));
    for (const f of results.alerts.figures) {
      row(
        'alerts',
        `one task against ${f.alerts} alerts: median (p95), CPU median`,
        `${ms(f.medianMs)} (${ms(f.p95Ms)}), CPU ${ms(f.cpuMedianMs)}`,
        f.alerts === 100000 ? '<= 50 ms' : '',
      );
    }
  } else {
    results.alerts = { error: 'scripts/bench/alerts.ts wrote no figures' };
  }
}

try {
  // 5. Load and soak (issue 9).
  if (wanted('load')) {
    const soakSeconds = Number(process.env.BENCH_SOAK_SECONDS ?? 300);
    section(`load (100 connections, 30 s, mixed reads and writes), then a ${soakSeconds} s soak`);
    const { runLoad } = await import('./load.mjs');
    results.load = await runLoad(server);
    const l = results.load.load;
    row(
      'load',
      `mixed, ${results.load.connections} connections, ${results.load.duration} s`,
      `${l.reqPerSec.toFixed(0)} req/s, p50 ${l.p50Ms} ms, p99 ${l.p99Ms} ms`,
      `errors ${l.totalErrors} (goal 0)`,
    );
    const s = results.load.soak;
    if (s) {
      const mb = (n) => `${(n / 2 ** 20).toFixed(0)} MB`;
      row(
        'load',
        `soak ${s.seconds} s (${s.connections} connections): RSS start -> end`,
        `${mb(s.start.rss)} -> ${mb(s.end.rss)} (${(s.rssChange * 100).toFixed(1)}%)`,
        'within 10%',
      );
      row(
        'load',
        'soak: V8 heap used start -> end',
        `${mb(s.start.heapUsed)} -> ${mb(s.end.heapUsed)} (${(s.heapChange * 100).toFixed(1)}%)`,
        `within 10%: ${s.withinTenPercent ? 'yes' : 'NO'}; errors ${s.errors}`,
      );
    }
  }
} catch (err) {
  console.error(err);
  results.error = `${results.error ?? ''}\n${String(err?.stack ?? err)}`;
} finally {
  if (server) await server.stop();
}

// 6. Scale-out (issue 18): `npm run start:cluster` with 1 and 2 processes on one PostgreSQL.
if (wanted('cluster')) {
  section('cluster: 1 and 2 processes on PostgreSQL (50 connections, 10 s each)');
  try {
    const { runCluster } = await import('./cluster.mjs');
    results.cluster = await runCluster({
      port: port + 5,
      duration: Number(process.env.BENCH_API_SECONDS || 10),
    });
    if (results.cluster.skipped) row('cluster', 'skipped', results.cluster.skipped);
    for (const run of results.cluster.runs ?? []) {
      for (const r of run.rows) {
        row(
          'cluster',
          `${run.workers} process(es): GET ${r.url}`,
          `${r.reqPerSec.toFixed(0)} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms`,
          `errors ${r.errors + r.non2xx}`,
        );
      }
    }
    for (const s of results.cluster.speedUp ?? []) {
      row('cluster', `speed-up 2 over 1: GET ${s.url}`, `${s.speedUp.toFixed(2)}x`, '');
    }
  } catch (err) {
    console.error(err);
    results.error = `${results.error ?? ''}\n${String(err?.stack ?? err)}`;
  }
}

results.finishedAt = new Date().toISOString();
const json = JSON.stringify(results, null, 2);
fs.writeFileSync(path.join(resultsDir, 'latest.json'), json);
fs.writeFileSync(path.join(resultsDir, `${results.startedAt.replace(/[:.]/g, '-')}.json`), json);
fs.rmSync(tmp, { recursive: true, force: true });

section('results');
console.table(table);
console.log(`Written to ${path.relative(root, path.join(resultsDir, 'latest.json'))}`);
if (results.error) process.exitCode = 1;
