// The API under autocannon: GET /api/tasks/{slug} and GET /api/tasks?page=1, beside a bare Fastify
// route in the same process (the framework's floor) and a no-op route behind all of the app's global
// hooks, each at the same connections for the same time, one after the other.
import autocannon from 'autocannon';
import { Client } from './http.mjs';
import { TASK_SLUG } from './lighthouse.mjs';

/** One autocannon run; the figures every part reports. */
export async function cannon(options) {
  const result = await autocannon({
    // No answer within this many seconds counts as an error (autocannon's default, 10).
    timeout: Number(process.env.BENCH_TIMEOUT_SECONDS || 10),
    ...options,
  });
  return {
    requests: result.requests.total,
    reqPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: result.statusCodeStats,
  };
}

export async function runApi(server, { connections = 50, duration = 10 } = {}) {
  // A visitor with cookies, as a browser would send them (so no request starts a new view).
  const visitor = await new Client(server.base).visit(`/api/tasks/${TASK_SLUG}`);
  const headers = visitor.headers();
  const targets = [
    { name: 'bare Fastify route', url: `${server.bare}/bare`, headers: {} },
    { name: 'app hooks only (no-op route)', url: `${server.base}/bench/hooks`, headers },
    { name: `GET /api/tasks/${TASK_SLUG}`, url: `${server.base}/api/tasks/${TASK_SLUG}`, headers },
    { name: 'GET /api/tasks?page=1', url: `${server.base}/api/tasks?page=1`, headers },
  ];
  const rows = [];
  for (const target of targets) {
    // A short warm-up so the JIT and the database caches are not part of the figure.
    await cannon({ url: target.url, headers: target.headers, connections: 10, duration: 2 });
    const figures = await cannon({
      url: target.url,
      headers: target.headers,
      connections,
      duration,
    });
    console.log(
      `  ${target.name}: ${figures.reqPerSec.toFixed(0)} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms`,
    );
    rows.push({ name: target.name, ...figures });
  }
  const bare = rows[0];
  for (const row of rows) {
    row.throughputVsBare = row.reqPerSec / bare.reqPerSec;
  }
  return { connections, duration, rows };
}
