/**
 * Backup and restore of the embedded database (PGlite in DATA_DIR/db). A backup is PGlite's own
 * dumpDataDir(): a gzipped tar of the whole PostgreSQL data folder, so it holds every table, index,
 * sequence and the migration history exactly as they were — and loads back in about a second.
 * Both need the server stopped: PGlite is one process's database, a second opener would corrupt it.
 * On a real PostgreSQL (DATABASE_URL) use pg_dump / pg_restore instead (docs/OPERATIONS.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pgliteDb, type Db } from './db';

export const backupName = (now = new Date()): string =>
  `talka-${now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-')}.tar.gz`;

async function openPglite(options: { dataDir: string; loadDataDir?: Blob }) {
  const { PGlite } = await import('@electric-sql/pglite');
  return PGlite.create(options);
}

/** Writes a backup of the database in dbDir to file (made atomically: no half-written file). */
export async function backupDb(
  dbDir: string,
  file: string,
): Promise<{ file: string; bytes: number }> {
  if (!fs.existsSync(path.join(dbDir, 'PG_VERSION'))) {
    throw new Error(`no embedded database in ${dbDir}`);
  }
  const pg = await openPglite({ dataDir: dbDir });
  try {
    // A checkpoint first, so the files hold every committed row.
    await pg.exec('CHECKPOINT');
    const dump = await pg.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, bytes);
    fs.renameSync(tmp, file);
    return { file, bytes: bytes.length };
  } finally {
    await pg.close();
  }
}

/**
 * Replaces the database in dbDir with the backup. The backup is loaded and checked in a new folder
 * first; only then the current database (if any) moves aside to `<dbDir>.before-restore-<time>`
 * and the restored one takes its place. Resolves to that folder, or null when there was none.
 */
export async function restoreDb(file: string, dbDir: string): Promise<{ previous: string | null }> {
  const buffer = fs.readFileSync(file);
  const stamp = backupName().replace(/^talka-|\.tar\.gz$/g, '');
  const staging = `${dbDir}.restoring-${stamp}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(dbDir), { recursive: true });
  let pg: Awaited<ReturnType<typeof openPglite>> | undefined;
  try {
    pg = await openPglite({
      dataDir: staging,
      loadDataDir: new Blob([new Uint8Array(buffer)], { type: 'application/x-gzip' }),
    });
    // A backup that does not open as a Talka database must not replace anything.
    await pg.query('SELECT count(*) FROM schema_migrations');
  } catch (err) {
    await pg?.close().catch(() => undefined);
    fs.rmSync(staging, { recursive: true, force: true });
    throw new Error(`${file} is not a Talka database backup (${(err as Error).message})`);
  }
  await pg.close();
  let previous: string | null = null;
  if (fs.existsSync(dbDir)) {
    previous = `${dbDir}.before-restore-${stamp}`;
    fs.renameSync(dbDir, previous);
  }
  fs.renameSync(staging, dbDir);
  return { previous };
}

/**
 * Per table: rows and an md5 over every row (in a stable order). Two databases with equal
 * checksums hold the same data: `cli.ts checksums` prints them to verify a restore.
 */
export async function tableChecksums(
  db: Db,
): Promise<Record<string, { rows: number; md5: string }>> {
  const tables = await db.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  const out: Record<string, { rows: number; md5: string }> = {};
  for (const { name } of tables) {
    const [row] = await db.query<{ rows: number; md5: string }>(
      `SELECT count(*)::int AS rows,
              md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS md5
         FROM public."${name.replace(/"/g, '""')}" t`,
    );
    out[name] = row;
  }
  return out;
}

export async function openEmbedded(dbDir: string): Promise<Db> {
  return pgliteDb(await openPglite({ dataDir: dbDir }));
}
