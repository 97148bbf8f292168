import { Prisma } from '@/generated/prisma/client';
import type { Db, Tx } from '../db';
import { env } from '../env';
import { backoffInterval, type Backoff } from '../platform/backoff';
import { logger } from '../platform/logging/logger';
import { writeInSlices } from '../platform/database/in-slices';
import { paymentPortFor } from './select-processor';

// Metered usage at the processor (docs/api/runtime.md "Billing of metered usage"). The ledger
// (billing/report-usage.ts) asks which processor bills a license's usage; for Stripe, the charges of
// one ledger page are summed per license and feature into one UsageReport, written in the page's
// transaction: one meter event for the buyer's customer, identified by the report's id (Stripe's
// dedupe key and the idempotency key), sent after the commit. A report Stripe refuses is retried
// with backoff and blocks no other; one not confirmed within 23 hours (Stripe dedupes identifiers
// for 24) is held for review, never resent blindly.

/** A report not confirmed within this long is held: past Stripe's 24-hour dedupe a resend could count twice. */
export const REPORT_HOLD_HOURS = 23;
/** 30 s after the first refusal, doubling, at most an hour between tries. */
export const USAGE_REPORT_BACKOFF: Backoff = { firstSeconds: 30, maxSeconds: 60 * 60 };
/** Reports sent at the same time. */
const PARALLEL_REPORTS = 8;

/**
 * Who bills a license's metered usage: Stripe when it was sold through Stripe Checkout (and Stripe
 * is configured here), else the local ledger; `unbillable` when Stripe sold it without reporting a
 * customer (nothing can be metered for it: an operator must look).
 */
export function usageProcessorOf(checkout: { processor: string; processorCustomerId: string | null } | null): 'stripe' | 'local' | 'unbillable' {
  if (!env().STRIPE_SECRET_KEY || checkout?.processor !== 'stripe') return 'local';
  return checkout.processorCustomerId ? 'stripe' : 'unbillable';
}

/**
 * Inside the ledger page's transaction: one UsageReport per license and feature for the charges
 * Stripe bills, each charge naming its report. Returns how many reports were recorded.
 */
export async function recordUsageReports(tx: Tx, charges: Prisma.UsageChargeCreateManyInput[]): Promise<number> {
  const byKey = new Map<string, { licenseId: string; featureKey: string; units: bigint; charges: Prisma.UsageChargeCreateManyInput[] }>();
  for (const charge of charges) {
    if (charge.processor !== 'stripe') continue;
    const key = `${charge.licenseId}\u0000${charge.featureKey}`;
    const report = byKey.get(key) ?? { licenseId: charge.licenseId, featureKey: charge.featureKey, units: 0n, charges: [] };
    report.units += BigInt(charge.units);
    report.charges.push(charge);
    byKey.set(key, report);
  }
  if (byKey.size === 0) return 0;
  const created = await writeInSlices(
    [...byKey.values()].map((report) => ({ licenseId: report.licenseId, featureKey: report.featureKey, units: report.units })),
    (slice) => tx.usageReport.createManyAndReturn({ data: slice, select: { id: true, licenseId: true, featureKey: true } }),
  );
  for (const row of created) {
    for (const charge of byKey.get(`${row.licenseId}\u0000${row.featureKey}`)!.charges) {
      charge.reportId = row.id;
      charge.processorReference = row.id;
    }
  }
  return created.length;
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
           "nextAttemptAt" = CAST(${now} AS timestamp(3)) + ${backoffInterval(USAGE_REPORT_BACKOFF, Prisma.raw('r."attempts"'))}
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
    await paymentPortFor('stripe').reportUsage({
      account: license.seller.stripeAccountId,
      customerId: license.checkout!.processorCustomerId!,
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

/** Sends every due report, a few at a time. */
export async function sendDueUsageReports(ctx: { db: Db; now: () => Date }): Promise<Record<'sent' | 'failed' | 'held', number>> {
  const outcomes = { sent: 0, failed: 0, held: 0 };
  for (;;) {
    const claimed = await claimDueReports(ctx.db, ctx.now(), PARALLEL_REPORTS);
    if (claimed.length === 0) break;
    for (const outcome of await Promise.all(claimed.map((report) => sendReport(ctx.db, report, ctx.now())))) outcomes[outcome]++;
  }
  return outcomes;
}

/** Reports waiting and held for review, for /metrics. */
export async function countUsageReports(ctx: { db: Db }): Promise<Record<'pending' | 'held', number>> {
  const groups = await ctx.db.usageReport.groupBy({ by: ['status'], where: { status: { in: ['pending', 'held'] } }, _count: { _all: true } });
  const counts = { pending: 0, held: 0 };
  for (const group of groups) counts[group.status as 'pending' | 'held'] = group._count._all;
  return counts;
}
