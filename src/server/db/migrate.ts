/**
 * Versioned SQL migrations from ./migrations, applied in file-name order, each in its own transaction.
 * Safe when several API processes start at once on one database: each step holds a transaction-level
 * advisory lock and re-checks whether another process applied the version meanwhile.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './db';

export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');

/** pg_advisory_xact_lock key shared by every Talka process (any constant bigint works). */
const MIGRATION_LOCK = 7_301_985_521;

export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
  });
  const done = new Set(
    (await db.query<{ version: string }>('SELECT version FROM schema_migrations')).map(
      (r) => r.version,
    ),
  );
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    const version = file.replace(/\.sql$/, '');
    if (done.has(version)) continue;
    const sql = fs.readFileSync(path.join(dir, file), 'utf8');
    const ran = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const already = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [
        version,
      ]);
      if (already.length > 0) return false;
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
      return true;
    });
    if (ran) applied.push(version);
  }
  return applied;
}
