// The API under autocannon: GET /api/tasks/{slug} as a visitor and as its signed-in owner,
// GET /api/tasks?page=1 plain and filtered, and the server-rendered task page, beside a bare Fastify
// route in the same process (the framework's floor) and a no-op route behind all of the app's global
// hooks, each at the same connections for the same time, one after the other. Issue 18's goals
// (ratio to the bare route, p99) ride along with each row.
import autocannon from 'autocannon';
import { Client, DEMO_PASSWORD } from './http.mjs';
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
  // The task's owner (the demo customer owns TKOPEN01): the cached task plus the per-viewer parts.
  const owner = new Client(server.base);
  await owner.visit(`/api/tasks/${TASK_SLUG}`);
  await owner.login('customer@talka.test', DEMO_PASSWORD);
  const task = `${server.base}/api/tasks/${TASK_SLUG}`;
  const filtered = `${server.base}/api/tasks?page=1&status=open&sort=deadline&categories=house-cleaning`;
  // [name, url, headers, goal as a ratio to the bare route (issue 18), p99 goal in ms]
  const targets = [
    { name: 'bare Fastify route', url: `${server.bare}/bare`, headers: {} },
    { name: 'app hooks only (no-op route)', url: `${server.base}/bench/hooks`, headers },
    { name: `GET /api/tasks/${TASK_SLUG}`, url: task, headers, goal: 0.3, p99Goal: 50 },
    {
      name: `GET /api/tasks/${TASK_SLUG} (signed-in owner)`,
      url: task,
      headers: owner.headers(),
      goal: 0.3,
      p99Goal: 50,
    },
    {
      name: 'GET /api/tasks?page=1',
      url: `${server.base}/api/tasks?page=1`,
      headers,
      goal: 0.25,
      p99Goal: 60,
    },
    { name: 'GET /api/tasks?page=1 (filtered)', url: filtered, headers, goal: 0.25, p99Goal: 60 },
    {
      name: `GET /en/tasks/${TASK_SLUG} (server-rendered HTML)`,
      url: `${server.base}/en/tasks/${TASK_SLUG}`,
      headers: { ...headers, accept: 'text/html' },
      goal: 0.15,
    },
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
    rows.push({ name: target.name, goal: target.goal, p99Goal: target.p99Goal, ...figures });
  }
  const bare = rows[0];
  for (const row of rows) {
    row.throughputVsBare = row.reqPerSec / bare.reqPerSec;
  }
  return { connections, duration, rows };
}
