import { z } from 'zod';
import type { Db } from '../db';
import { defineScheduledSweep } from '../platform/jobs/job-definition';

/**
 * Entries are kept 400 days (docs/operations.md "Audit log retention"): a year of look-back for an
 * annual review, with a month's margin. The database refuses every other deletion (the AuditEntry
 * triggers); this transaction says it is the retention's.
 */
const AUDIT_KEPT_DAYS = 400;

/** Deletes the entries older than 400 days; answers how many went. */
export async function pruneAuditLog(ctx: { db: Db }): Promise<number> {
  return ctx.db.$transaction(async (tx) => {
    await tx.$executeRaw`select set_config('licensing.audit_retention', 'on', true)`;
    // The trigger checks the age again; the margin keeps this side from asking for a row it would refuse.
    const { count } = await tx.auditEntry.deleteMany({ where: { at: { lt: new Date(Date.now() - AUDIT_KEPT_DAYS * 86_400_000 - 60_000) } } });
    return count;
  });
}

/** Daily: entries older than 400 days go. */
export const pruneAuditLogJob = defineScheduledSweep({
  data: z.object({}),
  cron: '29 3 * * *',
  expireInSeconds: 30 * 60,
  run: (ctx) => pruneAuditLog(ctx),
});
