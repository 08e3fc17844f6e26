/** Where the migrated-schema dump lives: named by a hash of the migrations, shared by all runs. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR, migrate } from '../../src/server/db/migrate';

export function schemaDumpPath(): string {
  const hash = crypto.createHash('sha256');
  for (const file of fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  return path.join(os.tmpdir(), `talka-schema-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

/** Builds the dump once (initdb takes seconds); concurrent builders race harmlessly via rename. */
export async function ensureSchemaDump(): Promise<string> {
  const target = schemaDumpPath();
  if (fs.existsSync(target)) return target;
  const { PGlite } = await import('@electric-sql/pglite');
  const { pgliteDb } = await import('../../src/server/db/db');
  const pg = await PGlite.create();
  await migrate(pgliteDb(pg));
  const dump = await pg.dumpDataDir('gzip');
  await pg.close();
  const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, target);
  return target;
}
