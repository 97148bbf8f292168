import path from 'node:path';

const DEFAULT_EMBEDDED_PORT = 54329;
const DATABASE_NAME = 'licensing';

export interface ResolvedDatabase {
  databaseUrl: string;
  embedded: boolean;
  stop: () => Promise<void>;
}

/**
 * `DATABASE_URL` when set; otherwise the embedded PostgreSQL under `DATA_DIR` (default `.data/`)
 * on `EMBEDDED_PG_PORT` (default 54329, never 5432, where a machine may already run PostgreSQL).
 */
export async function resolveDatabase(log: (line: string) => void = () => {}): Promise<ResolvedDatabase> {
  if (process.env.DATABASE_URL) {
    return { databaseUrl: process.env.DATABASE_URL, embedded: false, stop: async () => {} };
  }
  // Loaded only here: a deployment on its own PostgreSQL never carries the embedded one.
  const { databaseUrl, ensureDatabaseExists, startEmbeddedPostgres } = await import('./embedded-postgres');
  const dataDir = path.resolve(process.env.DATA_DIR ?? '.data', 'pg');
  const port = Number(process.env.EMBEDDED_PG_PORT ?? DEFAULT_EMBEDDED_PORT);
  const server = await startEmbeddedPostgres({ dataDir, port, log });
  await ensureDatabaseExists(server.adminUrl, DATABASE_NAME);
  return { databaseUrl: databaseUrl(server.adminUrl, DATABASE_NAME), embedded: true, stop: server.stop };
}
