import { z } from 'zod';
import type { Db } from '../../db';
import { defineScheduledSweep } from '../../platform/jobs/job-definition';
import { logger } from '../../platform/logging/logger';
import { requestDataExportBuild, STALE_RUNNING_MS } from './build-data-export';

// The two timers of the data exports (docs/operations.md "Background jobs"): one starts what a lost
// request left Queued and fails what died Running past its every retry; the daily one deletes the
// files of expired exports (the row stays, so the page still lists it as expired).

/** A Queued export this old was not started by its request (the queue was unreachable at its commit). */
const LOST_REQUEST_MS = 2 * 60_000;

type Ctx = { db: Db; now?: () => Date };

/** Starts lost requests and fails exports whose builds died; returns how many of each. */
export async function resumeDataExports(ctx: Ctx): Promise<{ started: number; failed: number }> {
  const now = (ctx.now ?? (() => new Date()))();
  const lost = await ctx.db.dataExport.findMany({ where: { status: 'Queued', createdAt: { lt: new Date(now.getTime() - LOST_REQUEST_MS) } }, select: { id: true }, take: 100 });
  for (const { id } of lost) await requestDataExportBuild(id);
  const { count: failed } = await ctx.db.dataExport.updateMany({
    where: { status: 'Running', createdAt: { lt: new Date(now.getTime() - STALE_RUNNING_MS) } },
    data: { status: 'Failed', finishedAt: now, failure: 'The export did not finish. Request a new one.' },
  });
  if (failed > 0) logger.warn({ failed }, 'data export: builds that never finished were marked Failed');
  return { started: lost.length, failed };
}

/** Deletes the files of exports past their expiry; returns how many. */
export async function cleanExpiredDataExports(ctx: Ctx): Promise<{ deleted: number }> {
  const now = (ctx.now ?? (() => new Date()))();
  const { count: deleted } = await ctx.db.dataExport.updateMany({ where: { expiresAt: { lte: now }, file: { not: null } }, data: { file: null } });
  if (deleted > 0) logger.info({ deleted }, 'data export: expired files deleted');
  return { deleted };
}

export const resumeDataExportsJob = defineScheduledSweep({ data: z.object({}), cron: '*/5 * * * *', expireInSeconds: 5 * 60, run: (ctx) => resumeDataExports(ctx) });

export const cleanExpiredDataExportsJob = defineScheduledSweep({ data: z.object({}), cron: '41 3 * * *', expireInSeconds: 15 * 60, run: (ctx) => cleanExpiredDataExports(ctx) });
