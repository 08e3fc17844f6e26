/**
 * `tsx src/server/db/cli.ts <command>`: the database chores without starting the server.
 *   migrate              apply pending migrations
 *   seed                 migrate, then add the demo data
 *   backup [file]        embedded database -> file (default DATA_DIR/backups/talka-<time>.tar.gz)
 *   restore <file>       file -> embedded database (the current one is kept beside it)
 *   checksums            rows and an md5 per table, as JSON (to compare two databases)
 * backup and restore need the server stopped; on DATABASE_URL use pg_dump (docs/OPERATIONS.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../../config';
import { backupDb, backupName, restoreDb, tableChecksums } from './backup';
import { openDb } from './db';
import { migrate } from './migrate';

const USAGE = 'usage: cli.ts migrate | seed | backup [file] | restore <file> | checksums';

/** npm runs scripts in the project folder; a relative file means the caller's folder. */
const fromCaller = (file: string): string =>
  path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

async function run(command: string | undefined, arg: string | undefined): Promise<void> {
  const config = loadConfig();
  const dbDir = path.join(config.dataDir, 'db');

  if (command === 'backup' || command === 'restore') {
    if (config.databaseUrl) {
      console.error(
        `${command} is for the embedded database; on DATABASE_URL use pg_dump -Fc / pg_restore`,
      );
      process.exitCode = 2;
      return;
    }
    if (command === 'backup') {
      const file = arg ? fromCaller(arg) : path.join(config.dataDir, 'backups', backupName());
      const { bytes } = await backupDb(dbDir, file);
      console.log(`backup written: ${file} (${Math.round(bytes / 1024)} KiB)`);
    } else {
      if (!arg) {
        console.error('usage: npm run db:restore -- <file>');
        process.exitCode = 2;
        return;
      }
      const { previous } = await restoreDb(fromCaller(arg), dbDir);
      console.log(`restored ${fromCaller(arg)} into ${dbDir}`);
      if (previous) console.log(`the database it replaced is kept in ${previous}`);
    }
    return;
  }

  if (command !== 'migrate' && command !== 'seed' && command !== 'checksums') {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const db = await openDb(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: dbDir },
  );
  try {
    if (command === 'checksums') {
      console.log(JSON.stringify(await tableChecksums(db), null, 2));
      return;
    }
    const applied = await migrate(db);
    console.log(applied.length ? `applied ${applied.join(', ')}` : 'schema is up to date');
    if (command === 'seed') {
      const uploadsDir = config.uploadsDir;
      fs.mkdirSync(uploadsDir, { recursive: true });
      const { seed } = await import('./seed');
      await seed(db, { uploadsDir });
      console.log('seeded demo data');
    }
  } finally {
    await db.close();
  }
}

run(process.argv[2], process.argv[3]).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
