/** Types of scripts/pg.mjs (a throwaway PostgreSQL server for tests). */
export interface Postgres {
  /** DATABASE_URL of the `postgres` database. */
  url: string;
  port: number;
  /** Temp folder holding the cluster (data/), its socket and server.log. */
  dir: string;
  /** Folder of initdb and pg_ctl. */
  bin: string;
}
export function findPgBin(): string | null;
export function postgresAvailable(): boolean;
export function freePort(): Promise<number>;
export function startPostgres(options?: { port?: number; dir?: string }): Promise<Postgres>;
export function startCluster(pg: Postgres): void;
export function stopCluster(pg: Postgres, mode?: 'smart' | 'fast' | 'immediate'): void;
export function stopPostgres(pg: Postgres | null | undefined, options?: { keep?: boolean }): void;
