// Load (issue 9): autocannon with 100 connections for 30 s of mixed reads (the server-rendered task
// page, the task API, lists) and writes (a freelancer edits their offer, the customer and the
// freelancer chat), with logged-in sessions and CSRF tokens; then a soak of the same mix with the
// server's memory (RSS and V8 heap, after a GC) sampled at its start and end.
import os from 'node:os';
import { cannon } from './api.mjs';
import { Client, DEMO_PASSWORD } from './http.mjs';
import { TASK_SLUG } from './lighthouse.mjs';

/** Two sessions, the freelancer's offer on the task and a conversation about it. */
async function prepare(base) {
  const visitor = await new Client(base).visit(`/en/tasks/${TASK_SLUG}`);
  const customer = new Client(base);
  const freelancer = new Client(base);
  await customer.login('customer@talka.test', DEMO_PASSWORD);
  const freelancerMe = await freelancer.login('freelancer@talka.test', DEMO_PASSWORD);
  const { data: task } = await freelancer.request('GET', `/api/tasks/${TASK_SLUG}`);
  const offer = task.offers.find((o) => o.freelancer?.uuid === freelancerMe.uuid);
  if (!offer) throw new Error(`${TASK_SLUG} has no offer by freelancer@talka.test in the seed`);
  const { data: conversation } = await customer.request(
    'POST',
    `/api/chat/conversations/task/${task.uuid}/${freelancerMe.uuid}`,
  );
  return { visitor, customer, freelancer, task, offer, conversation };
}

/** The request cycle every connection runs: six reads, three writes. */
function mix({ visitor, customer, freelancer, task, offer, conversation }) {
  const get = (client, path) => ({ method: 'GET', path, headers: client.headers() });
  const write = (client, method, path, body) => ({
    method,
    path,
    headers: client.headers(true),
    body: JSON.stringify(body),
  });
  const messages = `/api/chat/conversations/${conversation.uuid}/messages`;
  return [
    {
      ...get(visitor, `/en/tasks/${TASK_SLUG}`),
      headers: { ...visitor.headers(), accept: 'text/html' },
    },
    get(visitor, '/api/tasks?page=1'),
    get(customer, `/api/tasks/${task.uuid}`),
    write(freelancer, 'PUT', `/api/tasks/${task.uuid}/offers/${offer.uuid}`, {
      description: 'Load test: I can come tomorrow after 17:00 with my own tools.',
      price: 45,
    }),
    get(visitor, '/api/tasks?page=2'),
    write(customer, 'POST', messages, { body: 'Load test: when could you come?' }),
    get(freelancer, `/api/tasks/${TASK_SLUG}`),
    get(visitor, '/api/categories'),
    write(freelancer, 'POST', messages, { body: 'Load test: tomorrow at 17:00.' }),
  ];
}

const loadAverage = () => os.loadavg().map((n) => Number(n.toFixed(2)));

// autocannon counts a timeout (no answer within 10 s) among its errors too.
const errorsOf = (f) => f.errors + f.non2xx;

export async function runLoad(
  server,
  {
    connections = Number(process.env.BENCH_LOAD_CONNECTIONS || 100),
    duration = Number(process.env.BENCH_LOAD_SECONDS || 30),
    soakSeconds = Number(process.env.BENCH_SOAK_SECONDS ?? 300),
    soakConnections = Number(process.env.BENCH_SOAK_CONNECTIONS || 20),
  } = {},
) {
  const prepared = await prepare(server.base);
  const requests = mix(prepared);
  const memoryBefore = await server.memory();
  // The machine may be shared: the load average before and after every run goes with its figures.
  const loadAverageBefore = loadAverage();
  const load = await cannon({ url: server.base, requests, connections, duration });
  load.loadAverage = { before: loadAverageBefore, after: loadAverage() };
  console.log(
    `  load: ${load.reqPerSec.toFixed(0)} req/s, p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms, ` +
      `max ${load.maxMs} ms, errors ${errorsOf(load)} (timeouts ${load.timeouts}, non-2xx ` +
      `${load.non2xx}); load average ${load.loadAverage.before[0]} -> ${load.loadAverage.after[0]}`,
  );

  let soak = null;
  if (soakSeconds > 0) {
    // After the load above, so the JIT, caches and pools are warm.
    const atLoadEnd = await server.memory();
    const samples = [{ t: 0, ...atLoadEnd }];
    const started = Date.now();
    const timer = setInterval(() => {
      server
        .memory()
        .then((m) => samples.push({ t: Math.round((Date.now() - started) / 1000), ...m }))
        .catch(() => undefined);
    }, 15_000);
    let traffic;
    const soakLoadBefore = loadAverage();
    try {
      traffic = await cannon({
        url: server.base,
        requests,
        connections: soakConnections,
        duration: soakSeconds,
      });
    } finally {
      clearInterval(timer);
    }
    traffic.loadAverage = { before: soakLoadBefore, after: loadAverage() };
    const end = await server.memory();
    samples.push({ t: soakSeconds, ...end });
    // The start is the soak's first sample (15 s in), not the moment the load ended: the buffers
    // of the load's 100 connections are still being freed then (PostgreSQL: RSS 355 MB at 0 s, 319
    // MB at 15 s, 308-317 MB for the rest of the soak), which would read as a 10 % change that is
    // no leak. A soak shorter than the sampling interval falls back to the load's end.
    const start = samples.find((s) => s.t >= 15 && s !== samples.at(-1)) ?? atLoadEnd;
    const rssChange = end.rss / start.rss - 1;
    const heapChange = end.heapUsed / start.heapUsed - 1;
    soak = {
      seconds: soakSeconds,
      connections: soakConnections,
      traffic,
      errors: errorsOf(traffic),
      atLoadEnd,
      start,
      end,
      rssChange,
      heapChange,
      withinTenPercent: Math.abs(rssChange) <= 0.1 && Math.abs(heapChange) <= 0.1,
      samples,
    };
    console.log(
      `  soak ${soakSeconds} s: RSS ${(start.rss / 2 ** 20).toFixed(0)} -> ${(end.rss / 2 ** 20).toFixed(0)} MB, ` +
        `heap ${(start.heapUsed / 2 ** 20).toFixed(0)} -> ${(end.heapUsed / 2 ** 20).toFixed(0)} MB, ` +
        `errors ${soak.errors}; ${traffic.reqPerSec.toFixed(0)} req/s, p50 ${traffic.p50Ms} ms, ` +
        `p99 ${traffic.p99Ms} ms; load average ${traffic.loadAverage.before[0]} -> ` +
        `${traffic.loadAverage.after[0]}`,
    );
  }
  return {
    connections,
    duration,
    requestCycle: requests.map((r) => `${r.method} ${r.path}`),
    load: { ...load, totalErrors: errorsOf(load) },
    memoryBeforeLoad: memoryBefore,
    soak,
  };
}
