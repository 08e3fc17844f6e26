// `npm run start:cluster`: N API processes on one PostgreSQL behind one port (node:cluster; the
// primary hands each new connection to the next worker). Each worker is src/server/main.ts as
// `npm start` runs it; the read model, push, sessions and rate limits are shared through the
// database (docs/ARCHITECTURE.md "Read model and caches"). Needs DATABASE_URL: the embedded
// database belongs to one process.
//
//   DATABASE_URL=postgres://... CLUSTER_WORKERS=2 npm run start:cluster
//
// The first worker migrates (and seeds with SEED=demo) before the others start, so two never
// migrate at once. A worker that dies is started again; SIGINT/SIGTERM stop every worker cleanly
// (each flushes its buffered view counts).
import cluster from 'node:cluster';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale, root } from './lib.mjs';

const count = Math.max(1, Number(process.env.CLUSTER_WORKERS || os.availableParallelism()));

if (!process.env.DATABASE_URL) {
  console.error('start:cluster needs DATABASE_URL (a PostgreSQL server all the processes share).');
  process.exit(2);
}
if (process.env.CLUSTER_SKIP_BUILD !== '1') buildIfStale();

cluster.setupPrimary({
  exec: path.join(root, 'src/server/main.ts'),
  execArgv: ['--import', 'tsx'],
});

let stopping = false;
const fork = (env) =>
  new Promise((resolve, reject) => {
    const worker = cluster.fork(env);
    worker.once('listening', () => resolve(worker));
    worker.once('exit', (code) => {
      if (!stopping) reject(new Error(`worker exited (${code}) before listening`));
    });
  });

await fork({});
// The rest on the migrated (and seeded) database.
await Promise.all(Array.from({ length: count - 1 }, () => fork({ SEED: '' })));
console.log(`Talka cluster: ${count} process${count === 1 ? '' : 'es'} on one port`);

cluster.on('exit', (worker, code, signal) => {
  if (stopping) return;
  console.warn(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
  cluster.fork({ SEED: '' });
});

const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  const workers = Object.values(cluster.workers ?? {});
  let left = workers.length;
  if (left === 0) process.exit(0);
  for (const worker of workers) {
    worker.once('exit', () => {
      left -= 1;
      if (left === 0) process.exit(0);
    });
    worker.process.kill(signal);
  }
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
