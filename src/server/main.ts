/** Entry point: config, database, migrations, demo seed, HTTP server, graceful shutdown. */
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../config';
import { buildServer } from './app';
import { openDb } from './db/db';
import { migrate } from './db/migrate';
import { seed } from './db/seed';

export const DEMO_ACCOUNTS = [
  'customer@talka.test',
  'freelancer@talka.test',
  'freelancer2@talka.test',
  'business@talka.test',
  'moderator@talka.test',
];
export const DEMO_PASSWORD = 'talka-demo';

async function main(): Promise<void> {
  const config = loadConfig();
  const uploadsDir = config.uploadsDir;
  fs.mkdirSync(uploadsDir, { recursive: true });
  const db = await openDb(
    config.databaseUrl
      ? {
          databaseUrl: config.databaseUrl,
          // Never fatal: requests answer 503 until the database is back, then everything resumes.
          onConnectionError: (err) =>
            console.warn(`database connection lost: ${(err as Error | undefined)?.message ?? err}`),
          onListenRestored: () => console.warn('database is back: push LISTEN re-established'),
        }
      : { dataDir: path.join(config.dataDir, 'db'), thread: config.pgliteThread },
  );
  await migrate(db);
  const seeded = config.seed === 'demo';
  if (seeded) await seed(db, { uploadsDir });

  const app = await buildServer(config, { db });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
    } finally {
      await db.close();
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const lines = [`Talka is running at http://localhost:${config.port}`];
  if (seeded) {
    lines.push(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const email of DEMO_ACCOUNTS) lines.push(`  ${email}`);
  }
  console.log(lines.join('\n'));
}

main().catch((err: unknown) => {
  // A bad setting: one clear line naming it, not a stack trace.
  if (err instanceof ConfigError) console.error(`Talka cannot start: ${err.message}`);
  else console.error(err);
  process.exit(1);
});
