/**
 * `npm run db:backup` / `npm run db:restore` round trip on the embedded database, through the real
 * commands in child processes (PGlite on disk, as a user runs them): seed, backup, wipe, restore,
 * and every table has the same rows (count and md5 of all rows) as before.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

jest.setTimeout(180_000);

const ROOT = path.resolve(__dirname, '../../..');
let dataDir: string;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'talka-backup-'));
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function run(command: string, args: string[], cwd = ROOT): string {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(
      `${args.join(' ')} failed (${result.status}):\n${result.stdout}${result.stderr}`,
    );
  }
  return result.stdout;
}
const cli = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'src/server/db/cli.ts', ...args]);
const npmRun = (script: string, ...args: string[]) =>
  // From the data folder, like a user in another folder: npm sets INIT_CWD to it.
  run(
    'npm',
    ['--prefix', ROOT, 'run', '--silent', script, ...(args.length ? ['--', ...args] : [])],
    dataDir,
  );

type Checksums = Record<string, { rows: number; md5: string }>;
const checksums = (): Checksums => JSON.parse(cli('checksums')) as Checksums;

test('backup, wipe, restore keeps every row of every table', () => {
  cli('seed');
  const before = checksums();
  // The demo data fills the main tables; the comparison covers every table there is.
  for (const table of [
    'users',
    'categories',
    'tasks',
    'offers',
    'task_images',
    'schema_migrations',
  ])
    expect(before[table].rows).toBeGreaterThan(0);

  // A relative file name means the caller's folder (INIT_CWD), as with any npm script.
  expect(npmRun('db:backup', 'nightly.tar.gz')).toMatch(/backup written/);
  const file = path.join(dataDir, 'nightly.tar.gz');
  expect(fs.statSync(file).size).toBeGreaterThan(1000);

  fs.rmSync(path.join(dataDir, 'db'), { recursive: true, force: true });
  expect(npmRun('db:restore', file)).toMatch(/restored/);
  expect(checksums()).toEqual(before);

  // Restoring over an existing database keeps that one beside it, untouched.
  const out = npmRun('db:restore', file);
  const kept = /kept in (\S+)/.exec(out)?.[1];
  expect(kept && fs.existsSync(path.join(kept, 'PG_VERSION'))).toBe(true);
  expect(fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
});

test('a file that is not a backup is refused and the database stays', () => {
  const junk = path.join(dataDir, 'junk.tar.gz');
  fs.writeFileSync(junk, 'not a backup');
  const before = fs.readdirSync(dataDir).sort();
  expect(() => npmRun('db:restore', junk)).toThrow(/failed/);
  expect(fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
  expect(fs.readdirSync(dataDir).sort()).toEqual(before);
});
