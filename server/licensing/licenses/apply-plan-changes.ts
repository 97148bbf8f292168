import { z } from 'zod';
import type { PlanChange } from '@/generated/prisma/client';
import type { Db, Tx } from '../../db';
import { recordEvent } from '../../events/record-event';
import { publishInvalidation } from '../../platform/invalidation/invalidation';
import { defineScheduledSweep } from '../../platform/jobs/job-definition';
import { logger } from '../../platform/logging/logger';
import { LICENSE_STATUS_TOPIC } from '../licensing-topics';
import { deviceRuleColumns, deviceRulesOf } from './license-device-rules';
import { snapshotOfferingFeatures } from './license-features';
import { isFinalLicenseStatus } from './license-status';

/**
 * Moves the license onto the change's offering, inside the caller's transaction (the license's row
 * locked): its offering and price of sale, its device rules and its features replaced by the new offering's (what the
 * next authorization of every seat shows, on every instance: the license's cached entitlements are
 * dropped with its status topic). Seats, their license codes and the usage already counted stay.
 * The `license.plan_changed` event is recorded in the same transaction.
 */
export async function applyPlanChange(tx: Tx, license: { id: string; sellerId: string; currency: string | null }, change: PlanChange): Promise<void> {
  // The new offering's device rules as they are when the change applies, like its features.
  const target = await tx.offering.findUniqueOrThrow({ where: { id: change.toOfferingId }, select: deviceRuleColumns });
  await tx.license.update({
    where: { id: license.id },
    data: { offeringId: change.toOfferingId, unitPriceMinor: change.unitPriceMinor, currency: change.currency ?? license.currency, ...deviceRulesOf(target) },
  });
  await snapshotOfferingFeatures(tx, { licenseId: license.id, offeringId: change.toOfferingId, replace: true, currency: change.currency ?? license.currency });
  await publishInvalidation({ db: tx }, LICENSE_STATUS_TOPIC, license.id);
  await recordEvent(tx, {
    sellerId: license.sellerId,
    type: 'license.plan_changed',
    licenseId: license.id,
    data: {
      LicenseId: license.id,
      FromOfferingId: change.fromOfferingId,
      ToOfferingId: change.toOfferingId,
      When: change.timing === 'now' ? 'now' : 'period_end',
      EffectiveUtc: change.effectiveAt.toISOString(),
      ProrationMinor: Number(change.prorationMinor),
      Currency: change.currency,
      By: change.requestedBy === 'buyer' ? 'buyer' : 'seller',
    },
  });
}

/** Changes applied per run at most; the next run goes on. */
const CHANGES_PER_RUN = 500;

/**
 * The scheduled changes that are due (their period has ended), each applied in a transaction of its
 * own under the license's row lock. A change whose license has ended meanwhile (cancelled, expired)
 * or moved to another offering is cancelled instead: there is nothing left to move. The processor
 * was told when the change was scheduled (it bills the new price from its next invoice), so nothing
 * is sent from here.
 */
export async function applyDuePlanChanges(ctx: { db: Db; now?: () => Date }): Promise<{ applied: number; cancelled: number }> {
  const now = ctx.now?.() ?? new Date();
  const due = await ctx.db.planChange.findMany({
    where: { status: 'scheduled', effectiveAt: { lte: now } },
    orderBy: { effectiveAt: 'asc' },
    select: { id: true, licenseId: true },
    take: CHANGES_PER_RUN,
  });
  let applied = 0;
  let cancelled = 0;
  for (const { id, licenseId } of due) {
    const outcome = await ctx.db.$transaction(async (tx) => {
      const [license] = await tx.$queryRaw<{ id: string; sellerId: string; offeringId: string; status: string; currency: string | null }[]>`
        SELECT "id", "sellerId", "offeringId", "status"::text AS "status", "currency" FROM "License" WHERE "id" = ${licenseId} FOR UPDATE`;
      const change = await tx.planChange.findUnique({ where: { id } });
      // Cancelled or replaced since it was read: nothing to do.
      if (!license || change?.status !== 'scheduled') return 'gone';
      if (isFinalLicenseStatus(license.status) || license.offeringId !== change.fromOfferingId) {
        await tx.planChange.update({ where: { id }, data: { status: 'cancelled' } });
        return 'cancelled';
      }
      const done = await tx.planChange.update({ where: { id }, data: { status: 'applied', appliedAt: now } });
      await applyPlanChange(tx, license, done);
      return 'applied';
    });
    if (outcome === 'applied') applied++;
    if (outcome === 'cancelled') cancelled++;
  }
  if (applied + cancelled > 0) logger.info({ applied, cancelled }, 'plan changes: scheduled changes that were due');
  return { applied, cancelled };
}

const applyPlanChangesData = z.object({});

/** Every minute: the plan changes scheduled for a period's end that has come. */
export const applyPlanChangesJob = defineScheduledSweep({ data: applyPlanChangesData, cron: '* * * * *', expireInSeconds: 5 * 60, run: (ctx) => applyDuePlanChanges(ctx) });
