/**
 * The server `npm run bench` measures: what src/server/main.ts starts (database, migrations, demo
 * seed, buildServer), plus, in the same process, what only the bench needs:
 * - a second, bare Fastify instance on BENCH_BARE_PORT with one JSON route (the framework's floor on
 *   this machine) and GET /memory (this process's RSS and heap, after a GC when --expose-gc is on);
 * - GET /bench/hooks on the app itself: a route that does no work but runs every global hook of the
 *   app (session, CSRF cookie, helmet headers, rate limit);
 * - GET /bench/floor.html on the app: the static page of BENCH_FLOOR_FILE (the Lighthouse floor).
 * Prints `bench-server-ready` on stdout once both listen. Never part of the product.
 */
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Fastify from 'fastify';
import { loadConfig } from '../../config';
import { buildServer } from '../../src/server/app';
import { openDb, type Db, type Queryable } from '../../src/server/db/db';
import { migrate } from '../../src/server/db/migrate';
import { seed } from '../../src/server/db/seed';

async function main(): Promise<void> {
  const config = loadConfig();
  const uploadsDir = path.join(config.dataDir, 'uploads');
  fs.mkdirSync(uploadsDir, { recursive: true });
  const db = await openDb(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl }
      : { dataDir: path.join(config.dataDir, 'db'), thread: config.pgliteThread },
  );
  await migrate(db);
  if (config.seed === 'demo') await seed(db, { uploadsDir });

  const queryProfile = profileQueries(db, process.env.BENCH_SQL_PROFILE ?? '');
  const app = await buildServer(config, { db });
  app.get('/bench/hooks', async () => ({ data: { ok: true } }));
  const floorFile = process.env.BENCH_FLOOR_FILE ?? '';
  app.get('/bench/floor.html', async (_request, reply) => {
    if (!floorFile || !fs.existsSync(floorFile)) return reply.code(404).send({ message: 'none' });
    return reply.type('text/html; charset=utf-8').send(fs.readFileSync(floorFile));
  });

  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ data: { ok: true } }));
  bare.get('/memory', async () => {
    const gc = (globalThis as { gc?: () => void }).gc;
    if (gc) gc();
    const m = process.memoryUsage();
    return {
      rss: m.rss,
      heapUsed: m.heapUsed,
      heapTotal: m.heapTotal,
      external: m.external,
      arrayBuffers: m.arrayBuffers,
      gc: Boolean(gc),
    };
  });

  const trace = startTrace(app.server, process.env.BENCH_TRACE_FILE ?? '');

  const shutdown = async () => {
    trace();
    queryProfile();
    try {
      await bare.close();
      await app.close();
    } finally {
      await db.close();
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());

  await app.listen({ port: config.port, host: '127.0.0.1' });
  await bare.listen({
    port: Number(process.env.BENCH_BARE_PORT || config.port + 1),
    host: '127.0.0.1',
  });
  console.log('bench-server-ready');
}

/**
 * BENCH_SQL_PROFILE=path: the time spent in each SQL statement (from the call to its answer,
 * so with PGlite it includes waiting for the one connection), written as JSON when the server stops.
 */
function profileQueries(db: Db, file: string): () => void {
  if (!file) return () => undefined;
  const stats = new Map<string, { calls: number; ms: number }>();
  const record = (sql: string, ms: number) => {
    const key = sql.replace(/\s+/g, ' ').trim().slice(0, 160);
    const s = stats.get(key) ?? { calls: 0, ms: 0 };
    s.calls += 1;
    s.ms += ms;
    stats.set(key, s);
  };
  const wrap = (q: Queryable): Queryable => ({
    query: async (sql, params) => {
      const start = performance.now();
      try {
        return await q.query(sql, params);
      } finally {
        record(sql, performance.now() - start);
      }
    },
    exec: q.exec,
  });
  const plain = wrap({ query: db.query.bind(db), exec: db.exec.bind(db) });
  const mutable = db as { -readonly [K in keyof Db]: Db[K] };
  const transaction = db.transaction.bind(db);
  mutable.query = plain.query;
  mutable.transaction = (fn) => transaction((tx) => fn(wrap(tx)));
  return () => {
    const rows = [...stats].map(([sql, s]) => ({ sql, ...s, msPerCall: s.ms / s.calls }));
    rows.sort((a, b) => b.ms - a.ms);
    fs.writeFileSync(file, JSON.stringify(rows, null, 1));
  };
}

/**
 * BENCH_TRACE_FILE=path: every request's timing (from the raw HTTP server, so before any hook) and
 * the event loop's delay each second, written as JSON lines when the server stops.
 */
function startTrace(server: import('node:http').Server, file: string): () => void {
  if (!file) return () => undefined;
  const lines: string[] = [];
  const inFlight = new Map<number, { method: string; url: string; start: number }>();
  let nextId = 0;
  server.on('connection', (socket: import('node:net').Socket) => {
    lines.push(JSON.stringify({ kind: 'conn', port: socket.remotePort, at: Date.now() }));
  });
  server.on('request', (req: import('node:http').IncomingMessage, res) => {
    const id = nextId++;
    const start = performance.now();
    inFlight.set(id, { method: req.method ?? '', url: req.url ?? '', start });
    let done = false;
    const end = (how: string) => {
      if (done) return;
      done = true;
      inFlight.delete(id);
      lines.push(
        JSON.stringify({
          kind: 'req',
          how,
          method: req.method,
          url: req.url,
          port: req.socket.remotePort,
          status: res.statusCode,
          at: Math.round(performance.timeOrigin + start),
          ms: Math.round(performance.now() - start),
        }),
      );
    };
    res.on('finish', () => end('finish'));
    res.on('close', () => end('close'));
  });
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const timer = setInterval(() => {
    const now = performance.now();
    let oldest = 0;
    for (const r of inFlight.values()) oldest = Math.max(oldest, now - r.start);
    lines.push(
      JSON.stringify({
        kind: 'loop',
        at: Math.round(performance.timeOrigin + now),
        maxMs: Math.round(delay.max / 1e6),
        p99Ms: Math.round(delay.percentile(99) / 1e6),
        meanMs: Math.round(delay.mean / 1e6),
        inFlight: inFlight.size,
        oldestMs: Math.round(oldest),
        rssMb: Math.round(process.memoryUsage().rss / 2 ** 20),
      }),
    );
    delay.reset();
  }, 1000);
  timer.unref();
  return () => {
    clearInterval(timer);
    for (const r of inFlight.values()) {
      lines.push(
        JSON.stringify({
          kind: 'unanswered',
          ...r,
          ageMs: Math.round(performance.now() - r.start),
        }),
      );
    }
    fs.writeFileSync(file, lines.join('\n') + '\n');
  };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
