import { z } from 'zod';
import type { Db } from '../db';
import { env } from '../env';
import { defineScheduledSweep } from '../platform/jobs/job-definition';
import { logger } from '../platform/logging/logger';
import { sqlStateOf } from '../platform/database/sql-error';

// The raw usage batches are partitioned by the month they were received in (migration
// 20261204021500_usage_by_month, docs/operations.md "Usage data over the years"). This job, daily,
// makes the partitions of the current month and the next three (rows of a month without one land in
// the default partition and move into it when it is made), and drops a month's partition once the
// whole month is older than USAGE_RETENTION_DAYS and every batch in it is billed (reported) or
// dropped: never before billing. The daily rollups and the ledger stay; the once-only keys of the
// batches dropped go with them.

/** Months made ahead of the current one. */
const MONTHS_AHEAD = 3;
/** Once-only keys deleted per statement, so no statement holds many rows. */
const KEYS_PER_DELETE = 10_000;
/**
 * How long a drop waits for the usage table's other users (a billing transaction) before it leaves
 * the month to the next run: ingestion queues behind the waiting drop, so the wait is short.
 */
const DROP_LOCK_TIMEOUT_MS = 1_000;
/** lock_not_available: the lock was not had within lock_timeout. */
const LOCK_NOT_AVAILABLE = '55P03';

const PARTITION_NAME = /^UsageBatch_(\d{4})_(\d{2})$/;

export interface UsagePartitionRun {
  /** Months (YYYY-MM) whose partitions this run made. */
  created: string[];
  /** Months whose partitions this run dropped. */
  dropped: string[];
  /** Months past the retention kept because some of their batches are not billed yet. */
  keptUnbilled: string[];
  /** Months past the retention left to the next run: the usage table stayed in use past DROP_LOCK_TIMEOUT_MS. */
  keptBusy: string[];
}

const monthStart = (year: number, monthIndex: number) => new Date(Date.UTC(year, monthIndex, 1));
const monthName = (start: Date) => start.toISOString().slice(0, 7);

export async function maintainUsagePartitions(ctx: { db: Db; now?: Date; retentionDays?: number }): Promise<UsagePartitionRun> {
  const now = ctx.now ?? new Date();
  const retentionDays = ctx.retentionDays ?? env().USAGE_RETENTION_DAYS;
  const run: UsagePartitionRun = { created: [], dropped: [], keptUnbilled: [], keptBusy: [] };

  for (let ahead = 0; ahead <= MONTHS_AHEAD; ahead++) {
    const start = monthStart(now.getUTCFullYear(), now.getUTCMonth() + ahead);
    const [made] = await ctx.db.$queryRaw<{ made: boolean }[]>`SELECT usage_batch_month_partition(${start}::date) AS "made"`;
    if (made!.made) run.created.push(monthName(start));
  }

  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  const partitions = await ctx.db.$queryRaw<{ name: string }[]>`
    SELECT c.relname AS "name" FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = '"UsageBatch"'::regclass ORDER BY 1`;
  for (const { name } of partitions) {
    const match = PARTITION_NAME.exec(name);
    if (!match) continue;
    const start = monthStart(Number(match[1]), Number(match[2]) - 1);
    const end = monthStart(start.getUTCFullYear(), start.getUTCMonth() + 1);
    if (end > cutoff) continue;
    const outcome = await dropMonthIfBilled(ctx.db, name);
    ({ dropped: run.dropped, unbilled: run.keptUnbilled, busy: run.keptBusy })[outcome].push(monthName(start));
    if (outcome === 'dropped') await deleteKeysOfMonth(ctx.db, start, end);
  }
  // Rows of a month that had no partition and are past the retention, billed or dropped.
  await ctx.db.$executeRaw`DELETE FROM "UsageBatch_default" WHERE "receivedAt" < ${cutoff} AND ("reportedAt" IS NOT NULL OR "dropped")`;
  if (run.keptUnbilled.length > 0) {
    logger.warn({ months: run.keptUnbilled }, 'usage: months past the retention are kept because some of their batches are not billed yet');
  }
  if (run.keptBusy.length > 0) logger.warn({ months: run.keptBusy }, 'usage: months past the retention are left to the next run: the usage table stayed in use');
  return run;
}

/**
 * Drops the partition in one transaction that first locks it (a writer of that month waits) and
 * checks that nothing in it is left to bill. The parent is locked before the month, the order every
 * statement on "UsageBatch" takes them in: dropping a partition needs the parent's ACCESS EXCLUSIVE
 * lock anyway, and holding the month's while waiting for the parent's deadlocks with a transaction
 * that holds the parent and then reads every month (the billing job's).
 */
async function dropMonthIfBilled(db: Db, partition: string): Promise<'dropped' | 'unbilled' | 'busy'> {
  const table = `"${partition}"`;
  try {
    return await db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = ${DROP_LOCK_TIMEOUT_MS}`);
      await tx.$executeRawUnsafe(`LOCK TABLE ONLY "UsageBatch", ${table} IN ACCESS EXCLUSIVE MODE`);
      const unbilled = await tx.$queryRawUnsafe<unknown[]>(`SELECT 1 FROM ${table} WHERE "reportedAt" IS NULL AND NOT "dropped" LIMIT 1`);
      if (unbilled.length > 0) return 'unbilled';
      await tx.$executeRawUnsafe(`DROP TABLE ${table}`);
      return 'dropped';
    });
  } catch (error) {
    if (sqlStateOf(error) === LOCK_NOT_AVAILABLE) return 'busy';
    throw error;
  }
}

async function deleteKeysOfMonth(db: Db, start: Date, end: Date): Promise<void> {
  for (;;) {
    const deleted = await db.$executeRaw`
      DELETE FROM "UsageBatchKey" WHERE ctid IN (
        SELECT ctid FROM "UsageBatchKey" WHERE "receivedAt" >= ${start} AND "receivedAt" < ${end} LIMIT ${KEYS_PER_DELETE})`;
    if (deleted < KEYS_PER_DELETE) return;
  }
}

/** Daily, at a quiet hour. */
export const maintainUsagePartitionsJob = defineScheduledSweep({
  data: z.object({}),
  cron: '41 2 * * *',
  expireInSeconds: 60 * 60,
  run: (ctx) => maintainUsagePartitions(ctx),
});
