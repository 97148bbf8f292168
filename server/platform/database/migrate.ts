import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export const MIGRATIONS_DIR = path.resolve(process.cwd(), 'prisma/migrations');

// Any fixed number; every instance applying migrations takes the same lock.
const MIGRATION_LOCK_KEY = 72_707_369;

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir: string = MIGRATIONS_DIR): MigrationFile[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: crypto.createHash('sha256').update(sql).digest('hex') };
    });
}

/**
 * Applies pending migrations, each in its own transaction, recorded in `_prisma_migrations` with
 * Prisma's own columns and checksum so that Prisma's migrate status agrees wherever an engine
 * exists. One advisory lock serialises instances starting together.
 */
export async function applyMigrations(databaseUrl: string, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = readMigrations(dir);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(`
      create table if not exists "_prisma_migrations" (
        "id" varchar(36) primary key not null,
        "checksum" varchar(64) not null,
        "finished_at" timestamptz,
        "migration_name" varchar(255) not null,
        "logs" text,
        "rolled_back_at" timestamptz,
        "started_at" timestamptz not null default now(),
        "applied_steps_count" integer not null default 0
      )`);
    const done = await client.query<{ migration_name: string; checksum: string }>(
      'select migration_name, checksum from "_prisma_migrations" where finished_at is not null and rolled_back_at is null',
    );
    const doneByName = new Map(done.rows.map((row) => [row.migration_name, row.checksum]));

    for (const migration of migrations) {
      const recorded = doneByName.get(migration.name);
      if (recorded !== undefined) {
        if (recorded !== migration.checksum) {
          throw new Error(`Migration ${migration.name} was changed after it was applied (checksum differs).`);
        }
        continue;
      }
      await client.query('begin');
      try {
        await client.query(migration.sql);
        await client.query(
          `insert into "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
           values ($1, $2, now(), $3, now(), 1)`,
          [crypto.randomUUID(), migration.checksum, migration.name],
        );
        await client.query('commit');
        applied.push(migration.name);
      } catch (error) {
        await client.query('rollback');
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
    }
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
  return applied;
}
