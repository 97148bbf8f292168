import { Prisma } from '@/generated/prisma/client';
import { z } from 'zod';
import type { Db } from '../db';
import { rollUpDailyUsage } from '../consumption/usage-days';
import { recordUsageReports, sendDueUsageReports, usageProcessorOf } from '../payments/usage-reports';
import { defineScheduledSweep } from '../platform/jobs/job-definition';
import { logger } from '../platform/logging/logger';
import { writeInSlices } from '../platform/database/in-slices';
import { addToRunningSums, type RunningSumsTable } from '../sql/running-sums';

// Billing of metered usage (the `report-usage` job, every minute; docs/api/runtime.md "Billing of metered usage").
// Every batch not yet reported and not dropped becomes one charge per paid metered feature
// (LicenseFeature.rate > 0): units × rate, in the license's currency of sale. Batches are taken a page at
// a time, each page in one transaction (SKIP LOCKED: runs on several instances share the backlog),
// with what the processor is to be told of them (payments/usage-reports.ts); then the processor is
// told, after the commit. On the local processor the charges are the bill the portal shows. The same
// transaction adds the batches to the daily rollups (consumption/usage-days.ts), so each batch is
// rolled up exactly once and the raw batches may go after the retention.

const reportUsageData = z.object({});

/** Batches one transaction takes into the ledger. */
const BATCHES_PER_PAGE = 1000;
/** Pages one run takes at most (100,000 batches); the next run goes on. */
const PAGES_PER_RUN = 100;

export interface UsageReportRun {
  /** Batches taken into the ledger. */
  batches: number;
  /** Reports to the processor recorded, sent, failed (retried later) and held. */
  reports: number;
  sent: number;
  failed: number;
  held: number;
}

export async function reportUsage(ctx: { db: Db; now?: () => Date }): Promise<UsageReportRun> {
  const now = ctx.now ?? (() => new Date());
  const run: UsageReportRun = { batches: 0, reports: 0, sent: 0, failed: 0, held: 0 };
  for (let pages = 0; pages < PAGES_PER_RUN; pages++) {
    const page = await recordPage(ctx.db);
    run.batches += page.recorded;
    run.reports += page.reports;
    // A short page is the end of the backlog; a page of which nothing could be recorded would come back the same.
    if (page.taken < BATCHES_PER_PAGE || page.recorded === 0) break;
  }
  Object.assign(run, await sendDueUsageReports({ db: ctx.db, now }));
  return run;
}

/** One page of the backlog into the ledger (with what the processor is to be told), in one transaction. */
async function recordPage(db: Db): Promise<{ taken: number; recorded: number; reports: number }> {
  return db.$transaction(
    async (tx) => {
      // The page's batches, each with its units per feature summed here: the items themselves never
      // leave the database (a page of 1,000 batches of 100 items would be 100,000 objects).
      const rows = await tx.$queryRaw<{ id: string; licenseId: string; seatId: string; receivedAt: Date; featureKey: string | null; units: string | null }[]>`
        WITH taken AS (
          SELECT "id", "licenseId", "seatId", "receivedAt", "records" FROM "UsageBatch" WHERE "reportedAt" IS NULL AND NOT "dropped"
          ORDER BY "receivedAt", "id" LIMIT ${BATCHES_PER_PAGE} FOR UPDATE SKIP LOCKED
        )
        SELECT t."id", t."licenseId", t."seatId", t."receivedAt", f."featureKey", f."units"
        FROM taken t LEFT JOIN LATERAL (
          SELECT item->>'FeatureKey' AS "featureKey", sum((item->>'Units')::numeric)::text AS "units"
          FROM jsonb_array_elements(t."records") AS item GROUP BY 1
        ) f ON true`;
      if (rows.length === 0) return { taken: 0, recorded: 0, reports: 0 };
      const byId = new Map<string, { id: string; licenseId: string; seatId: string; receivedAt: Date; units: Map<string, bigint> }>();
      for (const row of rows) {
        const batch = byId.get(row.id) ?? { id: row.id, licenseId: row.licenseId, seatId: row.seatId, receivedAt: row.receivedAt, units: new Map<string, bigint>() };
        if (row.featureKey !== null) batch.units.set(row.featureKey, BigInt(row.units!));
        byId.set(row.id, batch);
      }
      const batches = [...byId.values()];
      const licenses = new Map(
        (
          await tx.license.findMany({
            where: { id: { in: [...new Set(batches.map((batch) => batch.licenseId))] } },
            select: {
              id: true,
              sellerId: true,
              features: { select: { key: true, rate: true } },
              currency: true,
              offering: { select: { currency: true } },
              checkout: { select: { processor: true, processorCustomerId: true } },
            },
          })
        ).map((license) => [license.id, license]),
      );
      const charges: Prisma.UsageChargeCreateManyInput[] = [];
      const done: string[] = [];
      const days: Parameters<typeof rollUpDailyUsage>[1] = [];
      for (const batch of batches) {
        const license = licenses.get(batch.licenseId)!;
        const processor = usageProcessorOf(license.checkout);
        if (processor === 'unbillable') {
          // Left unreported (and said), not billed wrongly: an operator must look at the license.
          logger.error({ licenseId: license.id, usageBatchId: batch.id }, 'usage: a license sold through Stripe has no customer id; its usage cannot be metered');
          continue;
        }
        const rates = new Map(license.features.map((feature) => [feature.key, feature.rate]));
        for (const [featureKey, count] of batch.units) {
          days.push({ licenseId: batch.licenseId, seatId: batch.seatId, receivedAt: batch.receivedAt, featureKey, units: count });
          const rate = rates.get(featureKey);
          if (!rate || rate.lte(0)) continue;
          charges.push({
            usageBatchId: batch.id,
            sellerId: license.sellerId,
            licenseId: batch.licenseId,
            seatId: batch.seatId,
            featureKey,
            units: count,
            rate,
            amount: rate.mul(new Prisma.Decimal(count.toString())),
            // The currency of sale (its rates were converted into it at sale); a license sold at no price: the offering's.
            currency: license.currency ?? license.offering.currency,
            processor,
          });
        }
        done.push(batch.id);
      }
      const reports = await recordUsageReports(tx, charges);
      if (charges.length > 0) {
        const written = await writeInSlices(charges, (slice) =>
          tx.usageCharge.createManyAndReturn({ data: slice, skipDuplicates: true, select: { sellerId: true, currency: true, units: true, amount: true } }),
        );
        await addToRunningSums(tx, sellerUsageTotals, written);
      }
      await rollUpDailyUsage(tx, days);
      if (done.length > 0) await tx.usageBatch.updateMany({ where: { id: { in: done } }, data: { reportedAt: new Date() } });
      return { taken: batches.length, recorded: done.length, reports };
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
}

/** The sellers' totals per currency, by what was written (a charge already in the ledger adds nothing). */
const sellerUsageTotals: RunningSumsTable<'sellerId' | 'currency', 'units' | 'amount'> = {
  table: 'SellerUsageTotal',
  keys: { sellerId: 'text', currency: 'text' },
  sums: { units: 'bigint', amount: 'numeric' },
};

/** Metered usage to the processor: the ledger, and what the processor is told of it. */
export const reportUsageJob = defineScheduledSweep({ data: reportUsageData, cron: '* * * * *', expireInSeconds: 10 * 60, run: (ctx) => reportUsage(ctx) });
