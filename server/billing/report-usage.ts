import { Prisma } from '@/generated/prisma/client';
import { z } from 'zod';
import type { Db } from '../db';
import { env } from '../env';
import { sendStripeMeterEvent } from '../payments/stripe-verbs';
import { defineScheduledSweep } from '../platform/jobs/job-definition';
import { logger } from '../platform/logging/logger';

export const reportUsageData = z.object({});

/** Batches reported per run; the next run (a minute later) takes the rest. */
const BATCHES_PER_RUN = 500;

interface Records {
  FeatureKey: string;
  Units: number;
}

/**
 * Billing of metered usage (the `report-usage` job, every minute): each batch not yet reported and
 * not dropped becomes one charge per paid metered feature (LicenseFeature.rate > 0): units × rate,
 * in the offering's currency. On Stripe (a license sold through a Stripe checkout) each charge is a
 * meter event on the seller's account for the buyer's customer, with `<batch id>:<feature>` as both
 * the event's identifier and the idempotency key, so a retried run bills nothing twice; on the
 * local processor the charge rows are the usage ledger the portal shows. The batch is marked
 * reported with its charges, in one transaction.
 */
export async function reportUsage(ctx: { db: Db }): Promise<number> {
  const batches = await ctx.db.usageBatch.findMany({
    where: { reportedAt: null, dropped: false },
    orderBy: { receivedAt: 'asc' },
    take: BATCHES_PER_RUN,
    select: { id: true, licenseId: true, seatId: true, records: true },
  });
  let reported = 0;
  for (const batch of batches) {
    try {
      await reportBatch(ctx, batch);
      reported++;
    } catch (error) {
      // Left unreported: the next run tries again (Stripe dedupes by identifier).
      logger.error({ err: error, usageBatchId: batch.id }, 'usage: a batch could not be reported; retried next run');
    }
  }
  return reported;
}

async function reportBatch(ctx: { db: Db }, batch: { id: string; licenseId: string; seatId: string; records: unknown }): Promise<void> {
  const license = await ctx.db.license.findUniqueOrThrow({
    where: { id: batch.licenseId },
    select: {
      features: { select: { key: true, rate: true } },
      offering: { select: { currency: true } },
      seller: { select: { stripeAccountId: true } },
      checkout: { select: { processor: true, processorCustomerId: true } },
    },
  });
  const rates = new Map(license.features.map((feature) => [feature.key, feature.rate]));
  const units = new Map<string, bigint>();
  for (const record of batch.records as Records[]) units.set(record.FeatureKey, (units.get(record.FeatureKey) ?? 0n) + BigInt(record.Units));

  const onStripe = license.checkout?.processor === 'stripe' && Boolean(env().STRIPE_SECRET_KEY);
  const charges = [...units].flatMap(([featureKey, count]) => {
    const rate = rates.get(featureKey);
    if (!rate || rate.lte(0)) return [];
    return [{ featureKey, units: count, rate, amount: rate.mul(new Prisma.Decimal(count.toString())), identifier: `${batch.id}:${featureKey}` }];
  });

  if (onStripe) {
    const customer = license.checkout?.processorCustomerId;
    if (!customer) throw new Error(`License ${batch.licenseId} was sold through Stripe without a customer id: its usage cannot be metered.`);
    for (const charge of charges) {
      await sendStripeMeterEvent({ stripeAccountId: license.seller.stripeAccountId, customer, featureKey: charge.featureKey, units: charge.units, identifier: charge.identifier });
    }
  }

  await ctx.db.$transaction(async (tx) => {
    for (const charge of charges) {
      await tx.usageCharge.upsert({
        where: { usageBatchId_featureKey: { usageBatchId: batch.id, featureKey: charge.featureKey } },
        create: {
          usageBatchId: batch.id,
          licenseId: batch.licenseId,
          seatId: batch.seatId,
          featureKey: charge.featureKey,
          units: charge.units,
          rate: charge.rate,
          amount: charge.amount,
          currency: license.offering.currency,
          processor: onStripe ? 'stripe' : 'local',
          processorReference: onStripe ? charge.identifier : null,
        },
        update: {},
      });
    }
    await tx.usageBatch.update({ where: { id: batch.id }, data: { reportedAt: new Date() } });
  });
}

/** Metered usage to the processor: Stripe meter events, or the local usage ledger. */
export const reportUsageJob = defineScheduledSweep({ data: reportUsageData, cron: '* * * * *', expireInSeconds: 10 * 60, run: (ctx) => reportUsage(ctx) });
