import type { Db } from '../../db';
import { readMigrations } from '../database/migrate';
import { sqlStateOf } from '../database/sql-error';
import { logger } from '../logging/logger';

export interface Readiness {
  ready: boolean;
  checks: { database: 'ok' | 'error'; migrations: 'ok' | 'pending' | 'error' };
}

let stopping = false;

/** The process was told to stop (SIGTERM): from now on it is not ready, whatever the checks say. */
export function markStopping(): void {
  stopping = true;
}

export function isStopping(): boolean {
  return stopping;
}

// A load balancer's probe must get an answer even when the database hangs rather than refuses.
const CHECK_TIMEOUT_MS = 2_000;

/**
 * Ready to take traffic: the database answers, and every migration shipped with this build is
 * recorded as finished (an instance started before its migrations ran must not serve).
 */
export async function checkReadiness(ctx: { db: Db }): Promise<Readiness> {
  const deadline = Date.now() + CHECK_TIMEOUT_MS;
  try {
    await withDeadline(ctx.db.$queryRaw`select 1`, deadline);
  } catch (err) {
    logger.warn({ err }, 'readiness: the database did not answer');
    return { ready: false, checks: { database: 'error', migrations: 'error' } };
  }
  const migrations = await checkMigrations(ctx.db, deadline);
  return { ready: migrations === 'ok', checks: { database: 'ok', migrations } };
}

async function checkMigrations(db: Db, deadline: number): Promise<'ok' | 'pending' | 'error'> {
  try {
    const rows = await withDeadline(
      db.$queryRaw<{ migration_name: string }[]>`
        select migration_name from "_prisma_migrations" where finished_at is not null and rolled_back_at is null`,
      deadline,
    );
    const finished = new Set(rows.map((row) => row.migration_name));
    return shippedMigrationNames().every((name) => finished.has(name)) ? 'ok' : 'pending';
  } catch (err) {
    // No table yet: nothing was ever applied.
    if (sqlStateOf(err) === '42P01') return 'pending';
    logger.warn({ err }, 'readiness: the applied migrations could not be read');
    return 'error';
  }
}

// The migrations of this build never change while it runs; read the directory once.
let shipped: string[] | undefined;
function shippedMigrationNames(): string[] {
  shipped ??= readMigrations().map((migration) => migration.name);
  return shipped;
}

function withDeadline<T>(promise: Promise<T>, deadline: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
