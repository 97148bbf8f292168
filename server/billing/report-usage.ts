import { Prisma } from '@/generated/prisma/client';
import { z } from 'zod';
import type { Db } from '../db';
import { env } from '../env';
import { usageMeteredAtStripe } from '../payments/billing-management';
import { sendStripeMeterEvent } from '../payments/stripe-verbs';
import { defineScheduledSweep } from '../platform/jobs/job-definition';
import { logger } from '../platform/logging/logger';

// Billing of metered usage (the `report-usage` job, every minute; README "Runtime paths").
// 1. The ledger: every batch not yet reported and not dropped becomes one charge per paid metered
//    feature (LicenseFeature.rate > 0): units × rate, in the offering's currency. Batches are taken
//    a page at a time, each page in one transaction (SKIP LOCKED: runs on several instances share
//    the backlog); on the local processor the charges are the bill the portal shows.
// 2. On Stripe (a license sold through a Stripe checkout), the page's charges are summed per
//    license and feature into one UsageReport: one meter event for the buyer's customer, identified
//    by the report's id (Stripe's dedupe key and the idempotency key), made after the commit.
//    A report Stripe refuses is retried with backoff and blocks no other; one not confirmed within
//    23 hours (Stripe dedupes identifiers for 24) is held for review, never resent blindly.

export const reportUsageData = z.object({});

/** Batches one transaction takes into the ledger. */
const BATCHES_PER_PAGE = 1000;
/** Pages one run takes at most (100,000 batches); the next run goes on. */
const PAGES_PER_RUN = 100;
/** Reports sent at the same time. */
const PARALLEL_REPORTS = 8;
/** A report not confirmed within this long is held: past Stripe's 24-hour dedupe a resend could count twice. */
export const REPORT_HOLD_HOURS = 23;
const FIRST_RETRY_SECONDS = 30;
const MAX_RETRY_SECONDS = 60 * 60;

export function usageReportBackoffSeconds(attempt: number): number {
  return Math.min(FIRST_RETRY_SECONDS * 2 ** (attempt - 1), MAX_RETRY_SECONDS);
}

interface Records {
  FeatureKey: string;
  Units: number;
}

export interface UsageReportRun {
  /** Batches taken into the ledger. */
  batches: number;
  /** Reports to Stripe recorded, sent, failed (retried later) and held. */
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
  for (;;) {
    const claimed = await claimDueReports(ctx.db, now(), PARALLEL_REPORTS);
    if (claimed.length === 0) break;
    for (const outcome of await Promise.all(claimed.map((report) => sendReport(ctx.db, report, now())))) run[outcome]++;
  }
  return run;
}

/** One page of the backlog into the ledger (and its Stripe reports), in one transaction. */
async function recordPage(db: Db): Promise<{ taken: number; recorded: number; reports: number }> {
  return db.$transaction(
    async (transaction) => {
      const tx = transaction as unknown as Db;
      const taken = await tx.$queryRaw<{ id: string }[]>`
        SELECT "id" FROM "UsageBatch" WHERE "reportedAt" IS NULL AND NOT "dropped"
        ORDER BY "receivedAt", "id" LIMIT ${BATCHES_PER_PAGE} FOR UPDATE SKIP LOCKED`;
      if (taken.length === 0) return { taken: 0, recorded: 0, reports: 0 };
      const batches = await tx.usageBatch.findMany({ where: { id: { in: taken.map((row) => row.id) } }, select: { id: true, licenseId: true, seatId: true, records: true } });
      const licenses = new Map(
        (
          await tx.license.findMany({
            where: { id: { in: [...new Set(batches.map((batch) => batch.licenseId))] } },
            select: {
              id: true,
              features: { select: { key: true, rate: true } },
              offering: { select: { currency: true } },
              checkout: { select: { processor: true, processorCustomerId: true } },
            },
          })
        ).map((license) => [license.id, license]),
      );
      const stripeConfigured = Boolean(env().STRIPE_SECRET_KEY);
      const charges: Prisma.UsageChargeCreateManyInput[] = [];
      const toReport = new Map<string, { licenseId: string; featureKey: string; units: bigint; charges: Prisma.UsageChargeCreateManyInput[] }>();
      const done: string[] = [];
      for (const batch of batches) {
        const license = licenses.get(batch.licenseId)!;
        const onStripe = usageMeteredAtStripe(license.checkout, stripeConfigured);
        if (onStripe && !license.checkout?.processorCustomerId) {
          // Left unreported (and said), not billed wrongly: an operator must look at the license.
          logger.error({ licenseId: license.id, usageBatchId: batch.id }, 'usage: a license sold through Stripe has no customer id; its usage cannot be metered');
          continue;
        }
        const rates = new Map(license.features.map((feature) => [feature.key, feature.rate]));
        const units = new Map<string, bigint>();
        for (const record of batch.records as unknown as Records[]) units.set(record.FeatureKey, (units.get(record.FeatureKey) ?? 0n) + BigInt(record.Units));
        for (const [featureKey, count] of units) {
          const rate = rates.get(featureKey);
          if (!rate || rate.lte(0)) continue;
          const charge: Prisma.UsageChargeCreateManyInput = {
            usageBatchId: batch.id,
            licenseId: batch.licenseId,
            seatId: batch.seatId,
            featureKey,
            units: count,
            rate,
            amount: rate.mul(new Prisma.Decimal(count.toString())),
            currency: license.offering.currency,
            processor: onStripe ? 'stripe' : 'local',
          };
          charges.push(charge);
          if (onStripe) {
            const key = `${batch.licenseId}\u0000${featureKey}`;
            const report = toReport.get(key) ?? { licenseId: batch.licenseId, featureKey, units: 0n, charges: [] };
            report.units += count;
            report.charges.push(charge);
            toReport.set(key, report);
          }
        }
        done.push(batch.id);
      }
      if (toReport.size > 0) {
        const reports = [...toReport.values()];
        const created = await tx.usageReport.createManyAndReturn({
          data: reports.map((report) => ({ licenseId: report.licenseId, featureKey: report.featureKey, units: report.units })),
          select: { id: true, licenseId: true, featureKey: true },
        });
        for (const row of created) {
          for (const charge of toReport.get(`${row.licenseId}\u0000${row.featureKey}`)!.charges) {
            charge.reportId = row.id;
            charge.processorReference = row.id;
          }
        }
      }
      if (charges.length > 0) await tx.usageCharge.createMany({ data: charges, skipDuplicates: true });
      if (done.length > 0) await tx.usageBatch.updateMany({ where: { id: { in: done } }, data: { reportedAt: new Date() } });
      return { taken: taken.length, recorded: done.length, reports: toReport.size };
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
}

interface ClaimedReport {
  id: string;
  licenseId: string;
  featureKey: string;
  units: bigint;
  attempts: number;
  createdAt: Date;
}

/** Claims due reports in one statement: their next attempt moves ahead by the backoff (SKIP LOCKED). */
function claimDueReports(db: Db, now: Date, limit: number): Promise<ClaimedReport[]> {
  return db.$queryRaw<ClaimedReport[]>`
    WITH due AS (
      SELECT "id" FROM "UsageReport" WHERE "status" = 'pending' AND "nextAttemptAt" <= ${now}
      ORDER BY "nextAttemptAt", "id" LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    UPDATE "UsageReport" r
       SET "attempts" = r."attempts" + 1,
           "nextAttemptAt" = CAST(${now} AS timestamp(3)) + make_interval(secs => LEAST(${FIRST_RETRY_SECONDS} * power(2, r."attempts"), ${MAX_RETRY_SECONDS}))
      FROM due WHERE r."id" = due."id"
    RETURNING r."id", r."licenseId", r."featureKey", r."units", r."attempts", r."createdAt"`;
}

async function sendReport(db: Db, report: ClaimedReport, now: Date): Promise<'sent' | 'failed' | 'held'> {
  if (now.getTime() - report.createdAt.getTime() >= REPORT_HOLD_HOURS * 3_600_000) {
    const reason = `Not confirmed by Stripe within ${REPORT_HOLD_HOURS} hours; held for review (a resend past Stripe's 24-hour dedupe could bill twice).`;
    await db.usageReport.update({ where: { id: report.id }, data: { status: 'held', lastError: reason } });
    logger.error({ usageReportId: report.id, licenseId: report.licenseId }, 'usage: a report was held for review');
    return 'held';
  }
  try {
    const license = await db.license.findUniqueOrThrow({
      where: { id: report.licenseId },
      select: { seller: { select: { stripeAccountId: true } }, checkout: { select: { processorCustomerId: true } } },
    });
    await sendStripeMeterEvent({
      stripeAccountId: license.seller.stripeAccountId,
      customer: license.checkout!.processorCustomerId!,
      featureKey: report.featureKey,
      units: report.units,
      identifier: report.id,
    });
  } catch (error) {
    await db.usageReport.update({ where: { id: report.id }, data: { lastError: error instanceof Error ? error.message.slice(0, 1000) : String(error) } });
    logger.warn({ err: error, usageReportId: report.id, attempt: report.attempts }, 'usage: a report was refused; retried with backoff');
    return 'failed';
  }
  await db.usageReport.update({ where: { id: report.id }, data: { status: 'reported', reportedAt: now, lastError: null } });
  return 'sent';
}

/** Reports waiting and held for review, for /metrics. */
export async function countUsageReports(ctx: { db: Db }): Promise<Record<'pending' | 'held', number>> {
  const groups = await ctx.db.usageReport.groupBy({ by: ['status'], where: { status: { in: ['pending', 'held'] } }, _count: { _all: true } });
  const counts = { pending: 0, held: 0 };
  for (const group of groups) counts[group.status as 'pending' | 'held'] = group._count._all;
  return counts;
}

/** Metered usage to the processor: the ledger, and Stripe meter events per license, feature and window. */
export const reportUsageJob = defineScheduledSweep({ data: reportUsageData, cron: '* * * * *', expireInSeconds: 10 * 60, run: (ctx) => reportUsage(ctx) });
