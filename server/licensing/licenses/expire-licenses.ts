import { z } from 'zod';
import type { Db } from '../../db';
import { ALL_KEYS, publishInvalidation } from '../../platform/invalidation/invalidation';
import { defineScheduledSweep } from '../../platform/jobs/job-definition';
import { logger } from '../../platform/logging/logger';
import { LICENSE_STATUS_TOPIC } from '../licensing-topics';
import { recordEvent } from '../../events/record-event';

const expireLicensesData = z.object({});

/** More expirations than this in one run drop every copy's whole license cache instead of one key each. */
const PER_KEY_NOTICES = 50;

/**
 * Licenses past the end of their term (trials: License.termEnd) become `Expired`, by the
 * `expire-licenses` job every minute; authorization also checks the time, so a trial is refused
 * from its end even before the job runs. Subscriptions have no termEnd: their processor moves them.
 */
export async function expireLicenses(ctx: { db: Db }, options: { now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const expired = await ctx.db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string; sellerId: string }[]>`
      UPDATE "License" SET "status" = 'Expired', "updatedAt" = ${now}
      WHERE "status" = 'Active' AND "termEnd" IS NOT NULL AND "termEnd" <= ${now}
      RETURNING "id", "sellerId"`;
    for (const row of rows) await recordEvent(tx, { sellerId: row.sellerId, type: 'license.status_changed', licenseId: row.id, data: { LicenseId: row.id, From: 'Active', To: 'Expired', By: 'term' } });
    return rows;
  });
  if (expired.length === 0) return 0;
  if (expired.length > PER_KEY_NOTICES) await publishInvalidation(ctx, LICENSE_STATUS_TOPIC, ALL_KEYS);
  else for (const { id } of expired) await publishInvalidation(ctx, LICENSE_STATUS_TOPIC, id);
  logger.info({ expired: expired.length }, 'licenses expired at the end of their term');
  return expired.length;
}

/** Trials past their end become Expired (authorization checks the time as well). */
export const expireLicensesJob = defineScheduledSweep({ data: expireLicensesData, cron: '* * * * *', expireInSeconds: 5 * 60, run: (ctx) => expireLicenses(ctx) });
