/** `tsx src/server/db/cli.ts migrate|seed`: the database chores without starting the server. */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../../config';
import { openDb } from './db';
import { migrate } from './migrate';

async function run(command: string | undefined): Promise<void> {
  if (command !== 'migrate' && command !== 'seed') {
    console.error('usage: cli.ts migrate|seed');
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const db = await openDb(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl }
      : { dataDir: path.join(config.dataDir, 'db') },
  );
  try {
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

run(process.argv[2]).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
