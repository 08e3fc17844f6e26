// A throwaway PostgreSQL server (Debian's postgresql package) in a temporary folder, for tests and
// for trying Talka on a real server. As a module: startPostgres() / stopPostgres() / restart. As a
// command:
//   node scripts/pg.mjs start [--port 55432] [--dir /tmp/x]   prints DATABASE_URL=... and PGDATA=...
//   node scripts/pg.mjs stop --dir /tmp/x [--keep]
// When run as root the cluster belongs to the `postgres` user (PostgreSQL refuses to run as root).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const CANDIDATE_BIN_DIRS = [
  '/usr/lib/postgresql/17/bin',
  '/usr/lib/postgresql/16/bin',
  '/usr/lib/postgresql/15/bin',
];

/** The folder holding initdb and pg_ctl: PG_BIN, else the newest Debian postgresql installed. */
export function findPgBin() {
  const dirs = [process.env.PG_BIN, ...CANDIDATE_BIN_DIRS].filter(Boolean);
  return dirs.find((dir) => fs.existsSync(path.join(dir, 'initdb'))) ?? null;
}

export const postgresAvailable = () => findPgBin() !== null;

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a PostgreSQL tool, as the postgres user when we are root. Throws with its output on failure. */
function runTool(bin, args) {
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(
      `${path.basename(bin)} ${args.join(' ')} failed (${result.status}):\n${result.stdout}${result.stderr}`,
    );
  }
  return result.stdout;
}

/** A TCP port nobody listens on right now (the OS picks one). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Creates a cluster in a fresh temp folder (or `dir`) and starts it on `port` (default: a free one).
 * Resolves to { url, port, dir, bin } — url is a DATABASE_URL for the `postgres` database.
 */
export async function startPostgres(options = {}) {
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)');
  const port = options.port ?? (await freePort());
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'talka-pg-'));
  fs.mkdirSync(dir, { recursive: true });
  const data = path.join(dir, 'data');
  if (isRoot()) {
    // The postgres user must be able to reach and own its folders.
    fs.chmodSync(dir, 0o755);
    spawnSync('chown', ['postgres:postgres', dir]);
  }
  if (!fs.existsSync(path.join(data, 'PG_VERSION'))) {
    runTool(path.join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
  }
  const pg = { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, dir, bin };
  startCluster(pg);
  return pg;
}

function serverOptions(pg) {
  // fsync off: a throwaway cluster trades durability for speed.
  return `-c listen_addresses=127.0.0.1 -p ${pg.port} -k ${pg.dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
}

/** Starts a stopped cluster again (same port and folder). */
export function startCluster(pg) {
  runTool(path.join(pg.bin, 'pg_ctl'), [
    '-D',
    path.join(pg.dir, 'data'),
    '-o',
    serverOptions(pg),
    '-l',
    path.join(pg.dir, 'server.log'),
    '-w',
    'start',
  ]);
}

/** Stops the server, keeping the cluster ('fast': ends open connections, like an outage). */
export function stopCluster(pg, mode = 'fast') {
  runTool(path.join(pg.bin, 'pg_ctl'), ['-D', path.join(pg.dir, 'data'), '-m', mode, '-w', 'stop']);
}

/** Stops the server and deletes its folder (unless keep). Safe to call twice. */
export function stopPostgres(pg, { keep = false } = {}) {
  if (!pg) return;
  const data = path.join(pg.dir, 'data');
  if (fs.existsSync(path.join(data, 'postmaster.pid'))) {
    try {
      stopCluster(pg, 'immediate');
    } catch {
      // Already stopped.
    }
  }
  if (!keep) fs.rmSync(pg.dir, { recursive: true, force: true });
}

async function cli(argv) {
  const [command, ...rest] = argv;
  const option = (name) => {
    const index = rest.indexOf(`--${name}`);
    return index >= 0 ? rest[index + 1] : undefined;
  };
  if (command === 'start') {
    const port = option('port') ? Number(option('port')) : undefined;
    const pg = await startPostgres({ port, dir: option('dir') });
    console.log(`DATABASE_URL=${pg.url}`);
    console.log(`PGDATA_DIR=${pg.dir}`);
    console.log(`# stop with: node scripts/pg.mjs stop --dir ${pg.dir}`);
  } else if (command === 'stop' && option('dir')) {
    const bin = findPgBin();
    stopPostgres({ dir: option('dir'), bin, port: 0 }, { keep: rest.includes('--keep') });
  } else {
    console.error(
      'usage: node scripts/pg.mjs start [--port N] [--dir DIR] | stop --dir DIR [--keep]',
    );
    process.exitCode = 2;
  }
}

// No import.meta: jest loads this file as CommonJS (test/server/postgres).
if (/[\\/]scripts[\\/]pg\.mjs$/.test(process.argv[1] ?? '')) {
  cli(process.argv.slice(2)).catch((err) => {
    console.error(err.message ?? err);
    process.exit(1);
  });
}
