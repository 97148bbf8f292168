import { z } from 'zod';
import type { Db } from '../db';
import { env } from '../env';
import { defineScheduledSweep } from '../platform/jobs/job-definition';
import { logger } from '../platform/logging/logger';
import { recordProcessorCall, requestProcessorCalls } from './processor-calls';
import type { PaymentPort, SubscriptionSnapshot } from './port';
import { paymentPortFor } from './select-processor';

// Reconciliation (docs/api/management.md "Seller decisions and the processor"): every license the processor bills
// is compared with its subscription, hourly (the reconcile-subscriptions job) and on demand
// (`npm run admin -- reconcile`). What our records prove is fixed by a processor call: the seller's
// cancellation or suspension that the subscription does not show, and the quantity of live seats.
// What the processor owns (a payment failure, a pause from the buyer's portal, an end we never
// heard of) is not overwritten from here: it is reported on the license (processorMismatch), counted
// in /metrics and listed by the command, for the events or an operator to settle. A license with a
// call still pending is left for the next run: its state is on its way.

const PAGE = 100;
const FINAL = ['Cancelled', 'Expired'];

export interface ReconcileReport {
  checked: number;
  /** Processor calls recorded to bring the subscription in step with our records. */
  fixed: { licenseId: string; what: string }[];
  /** Differences our records cannot settle, as written on the license. */
  mismatched: { licenseId: string; what: string }[];
}

interface LicenseToCheck {
  id: string;
  status: string;
  suspendedBySeller: boolean;
  processorSubscriptionId: string | null;
  seller: { stripeAccountId: string | null };
}

/** What to fix and what to report for one license, from its subscription. */
function compare(license: LicenseToCheck, subscription: SubscriptionSnapshot, liveSeats: number): { calls: ('cancel' | 'pause' | 'set-seats')[]; mismatch: string | null } {
  const calls: ('cancel' | 'pause' | 'set-seats')[] = [];
  const ended = subscription.status === 'ended';
  const paused = subscription.status === 'paused' || subscription.collectionPaused;
  if (license.status === 'Cancelled' && !ended) return { calls: ['cancel'], mismatch: null };
  if (FINAL.includes(license.status)) return { calls, mismatch: null };
  if (ended) return { calls, mismatch: `The subscription ended at Stripe; the license is still ${license.status}.` };
  if (license.suspendedBySeller && !paused) calls.push('pause');
  if (subscription.quantity !== null && subscription.quantity !== liveSeats) calls.push('set-seats');
  let mismatch: string | null = null;
  if (!license.suspendedBySeller) {
    if (license.status === 'Active' && paused) mismatch = 'Collection is paused at Stripe; the license is Active.';
    else if (license.status === 'Active' && subscription.status === 'past_due') mismatch = 'The subscription is past_due at Stripe; the license is Active.';
    else if (license.status !== 'Active' && !paused && subscription.status === 'active') mismatch = `The subscription is active at Stripe; the license is ${license.status}.`;
  }
  return { calls, mismatch };
}

export async function reconcileSubscriptions(ctx: { db: Db; now?: Date }): Promise<ReconcileReport> {
  const report: ReconcileReport = { checked: 0, fixed: [], mismatched: [] };
  if (!env().STRIPE_SECRET_KEY) return report;
  const port = paymentPortFor('stripe');
  const now = ctx.now ?? new Date();
  for (let after: string | undefined; ; ) {
    const licenses: LicenseToCheck[] = await ctx.db.license.findMany({
      where: { processorSubscriptionId: { not: null }, ...(after ? { id: { gt: after } } : {}) },
      select: { id: true, status: true, suspendedBySeller: true, processorSubscriptionId: true, seller: { select: { stripeAccountId: true } } },
      orderBy: { id: 'asc' },
      take: PAGE,
    });
    for (const license of licenses) await reconcileOne(ctx.db, port, license, now, report);
    if (licenses.length < PAGE) break;
    after = licenses.at(-1)!.id;
  }
  if (report.fixed.length > 0) await requestProcessorCalls();
  logger.info({ checked: report.checked, fixed: report.fixed.length, mismatched: report.mismatched.length }, 'reconciliation with the processor done');
  return report;
}

async function reconcileOne(db: Db, port: PaymentPort, license: LicenseToCheck, now: Date, report: ReconcileReport): Promise<void> {
  if (await db.processorCall.count({ where: { licenseId: license.id, status: 'pending' } })) return;
  let subscription: SubscriptionSnapshot | null;
  try {
    subscription = await port.readSubscription({ account: license.seller.stripeAccountId, subscriptionId: license.processorSubscriptionId! });
  } catch (error) {
    // Unreachable now: nothing is concluded; the next run tries again.
    logger.warn({ err: error, licenseId: license.id }, 'reconciliation: the subscription could not be read; tried again next run');
    return;
  }
  report.checked++;
  const liveSeats = await db.seat.count({ where: { licenseId: license.id, retiredAt: null } });
  const { calls, mismatch } = subscription
    ? compare(license, subscription, liveSeats)
    : { calls: [], mismatch: FINAL.includes(license.status) ? null : 'Stripe does not know the subscription.' };
  // The calls and the finding are written together under the license's row lock (the lock a
  // seller's decision takes), only if no decision came meanwhile; else the next run looks again.
  const written = await db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ status: string; suspendedBySeller: boolean; processorSubscriptionId: string | null }[]>`
      SELECT "status"::text AS "status", "suspendedBySeller", "processorSubscriptionId" FROM "License" WHERE "id" = ${license.id} FOR UPDATE`;
    if (!locked || locked.status !== license.status || locked.suspendedBySeller !== license.suspendedBySeller) return false;
    if (await tx.processorCall.count({ where: { licenseId: license.id, status: 'pending' } })) return false;
    for (const action of calls) await recordProcessorCall(tx, { id: license.id, processorSubscriptionId: locked.processorSubscriptionId }, action);
    await tx.license.update({ where: { id: license.id }, data: { processorMismatch: mismatch, processorCheckedAt: now } });
    return true;
  });
  if (!written) return;
  for (const action of calls) report.fixed.push({ licenseId: license.id, what: action });
  if (mismatch) report.mismatched.push({ licenseId: license.id, what: mismatch });
}

/** Licenses whose last reconciliation found a difference it could not settle, for /metrics. */
export async function countProcessorMismatches(ctx: { db: Db }): Promise<Record<'mismatched', number>> {
  return { mismatched: await ctx.db.license.count({ where: { processorMismatch: { not: null } } }) };
}

const reconcileSubscriptionsData = z.object({});

/** Hourly: every license the processor bills against its subscription. */
export const reconcileSubscriptionsJob = defineScheduledSweep({
  data: reconcileSubscriptionsData,
  cron: '17 * * * *',
  expireInSeconds: 30 * 60,
  run: (ctx) => reconcileSubscriptions(ctx),
});
