import { Prisma } from '@/generated/prisma/client';
import { z } from 'zod';
import type { Db, Tx } from '../db';
import { env } from '../env';
import { backoffInterval, type Backoff } from '../platform/backoff';
import { defineScheduledSweep } from '../platform/jobs/job-definition';
import { enqueueJob } from '../platform/jobs/job-queue';
import { logger } from '../platform/logging/logger';
import type { BillingInterval, ProcessorName, SubscriptionDecision } from './port';
import { paymentPortFor } from './select-processor';

// A seller's decision about a license sold through the processor (cancel, suspend, resume, seats,
// a refund) must reach the processor and stand (docs/api/management.md "Seller decisions and the processor"). The decision
// and the call to make are written in one transaction (recordProcessorCall); the call runs after
// the commit, never inside a transaction or under a row lock, from the perform-processor-calls job
// (started at once after the commit, and every minute for whatever a crash left). A call is
// claimed by pushing its next attempt ahead by its backoff in one statement, then made; a crash
// mid-call is retried when that time comes, with the same idempotency key (the call's id), so
// the processor applies it once. Calls of one license run in the order they were decided.

export type ProcessorAction = 'cancel' | 'pause' | 'resume' | 'set-seats' | 'restore-price';
type CallAction = ProcessorAction | 'refund' | 'set-price';

/** Attempts before a call is set aside as needing attention (about 9 hours of backoff in all). */
export const PROCESSOR_CALL_MAX_ATTEMPTS = 10;
/** 30 s after the first failure, doubling, at most 3 hours between tries. */
export const PROCESSOR_CALL_BACKOFF: Backoff = { firstSeconds: 30, maxSeconds: 3 * 60 * 60 };
/** Calls performed per run at most; the next run (or the next request for one) goes on. */
const CALLS_PER_RUN = 200;

/**
 * Records, inside the caller's transaction, what the processor must be told about `licenseId`;
 * answers whether a call was recorded (the caller asks for it after the commit). Nothing for a
 * license without a subscription at a processor (the local processor keeps none: our records are
 * its whole state).
 */
export async function recordProcessorCall(tx: Tx, license: { id: string; processorSubscriptionId: string | null }, action: ProcessorAction): Promise<boolean> {
  if (!license.processorSubscriptionId) return false;
  await tx.processorCall.create({ data: { licenseId: license.id, action } });
  return true;
}

/**
 * Records, inside the refund's transaction, the call that makes refund `refundId` at the processor
 * after the commit. The call's id is the processor's idempotency key: the refund is made once.
 */
export async function recordRefundCall(tx: Tx, refund: { id: string; licenseId: string }): Promise<void> {
  await tx.processorCall.create({ data: { licenseId: refund.licenseId, action: 'refund', refundId: refund.id } });
}

/**
 * Records, inside a plan change's transaction, the call that tells the processor the change's price
 * (payments/port.ts `set-price`: prorated now, or billed from the next invoice); answers whether one
 * was recorded (nothing for a license without a subscription at a processor: the local processor's
 * record of the change is the PlanChange row itself). The call's id is the idempotency key.
 */
export async function recordPlanChangeCall(tx: Tx, license: { id: string; processorSubscriptionId: string | null }, planChangeId: string): Promise<boolean> {
  if (!license.processorSubscriptionId) return false;
  await tx.processorCall.create({ data: { licenseId: license.id, action: 'set-price', planChangeId } });
  return true;
}

/**
 * After the commit of a recorded call: starts the job now rather than at its next minute. Requests
 * coalesce into one waiting run (the queue keeps at most one), and a request made while a run is
 * busy is that waiting run, which starts as soon as the busy one ends: a call committed after a
 * run's last look is never left for the next minute. A failure here loses nothing (the minute's
 * run performs the call).
 */
export async function requestProcessorCalls(): Promise<void> {
  try {
    await enqueueJob('perform-processor-calls', {}, { singletonKey: 'perform-processor-calls' });
  } catch (error) {
    logger.warn({ err: error }, 'processor calls: could not start the job now; its next scheduled run performs them');
  }
}

interface ClaimedCall {
  id: string;
  licenseId: string;
  action: CallAction;
  refundId: string | null;
  planChangeId: string | null;
  attempts: number;
}

/**
 * Claims the oldest due call whose license has no older call pending, in one statement: its next
 * attempt moves ahead by the backoff, so neither another worker nor this one takes it again before
 * then (SKIP LOCKED: workers never wait on each other).
 */
async function claimDueCall(db: Db, now: Date): Promise<ClaimedCall | null> {
  const rows = await db.$queryRaw<ClaimedCall[]>`
    WITH due AS (
      SELECT c."id" FROM "ProcessorCall" c
      WHERE c."status" = 'pending' AND c."nextAttemptAt" <= ${now}
        AND NOT EXISTS (
          SELECT 1 FROM "ProcessorCall" o
          WHERE o."licenseId" = c."licenseId" AND o."status" = 'pending' AND (o."createdAt", o."id") < (c."createdAt", c."id"))
      ORDER BY c."nextAttemptAt", c."id"
      LIMIT 1
      FOR UPDATE SKIP LOCKED)
    UPDATE "ProcessorCall" c
       SET "attempts" = c."attempts" + 1,
           "nextAttemptAt" = ${now}::timestamp + ${backoffInterval(PROCESSOR_CALL_BACKOFF, Prisma.raw('c."attempts"'))}
      FROM due WHERE c."id" = due."id"
    RETURNING c."id", c."licenseId", c."action", c."refundId", c."planChangeId", c."attempts"`;
  return rows[0] ?? null;
}

/** Performs the calls that are due, one at a time; returns how many were done. */
export async function performDueProcessorCalls(ctx: { db: Db; now?: () => Date }): Promise<{ done: number; failed: number }> {
  const now = ctx.now ?? (() => new Date());
  let done = 0;
  let failed = 0;
  for (let i = 0; i < CALLS_PER_RUN; i++) {
    const call = await claimDueCall(ctx.db, now());
    if (!call) break;
    try {
      await perform(ctx.db, call);
      await ctx.db.processorCall.update({ where: { id: call.id }, data: { status: 'done', doneAt: now(), lastError: null } });
      done++;
    } catch (error) {
      failed++;
      const lastError = error instanceof Error ? error.message.slice(0, 1000) : String(error);
      const giveUp = call.attempts >= PROCESSOR_CALL_MAX_ATTEMPTS;
      await ctx.db.processorCall.update({ where: { id: call.id }, data: { lastError, ...(giveUp ? { status: 'attention' } : {}) } });
      logger[giveUp ? 'error' : 'warn'](
        { err: error, processorCallId: call.id, licenseId: call.licenseId, action: call.action, attempt: call.attempts },
        giveUp ? 'processor call: gave up; it needs attention (npm run admin -- retry-processor-calls)' : 'processor call failed; retried with backoff',
      );
    }
  }
  return { done, failed };
}

/**
 * The call at the processor, through the port of the processor that sold the license. Throws when
 * the processor refuses or cannot be reached. A subscription that already ended there takes no more
 * changes: nothing is left to tell it (done).
 */
async function perform(db: Db, call: ClaimedCall): Promise<void> {
  if (call.action === 'refund') return performRefund(db, call);
  const license = await db.license.findUniqueOrThrow({
    where: { id: call.licenseId },
    select: {
      processorSubscriptionId: true,
      unitPriceMinor: true,
      currency: true,
      offering: { select: { interval: true, intervalUnit: true } },
      seller: { select: { stripeAccountId: true } },
      checkout: { select: { processor: true } },
    },
  });
  const subscriptionId = license.processorSubscriptionId;
  if (!subscriptionId) return;
  const port = paymentPortFor(soldThrough(license.checkout?.processor));
  assertConfigured(port.name);
  const subscription = { account: license.seller.stripeAccountId, subscriptionId };
  const idempotencyKey = `processor-call-${call.id}`;
  switch (call.action) {
    case 'set-seats': {
      // The live seats when the call runs: a later change's call sets the same or a newer count.
      const quantity = await db.seat.count({ where: { licenseId: call.licenseId, retiredAt: null } });
      await port.applyDecision(subscription, { kind: 'set-quantity', quantity }, idempotencyKey);
      return;
    }
    case 'set-price': {
      const decision = await planChangePrice(db, call.planChangeId!);
      if (decision) await port.applyDecision(subscription, decision, idempotencyKey);
      return;
    }
    case 'restore-price': {
      // A scheduled change was cancelled: the item takes the license's own price again, from the next
      // invoice (nothing of it was billed yet). A later change's own call comes after this one.
      const interval = billingIntervalOf(license.offering);
      if (license.unitPriceMinor === null || !license.currency || !interval) return;
      await port.applyDecision(
        subscription,
        { kind: 'set-price', unitAmountMinor: license.unitPriceMinor, currency: license.currency, interval, proration: 'period_end', fromUnitAmountMinor: null },
        idempotencyKey,
      );
      return;
    }
    default:
      await port.applyDecision(subscription, { kind: call.action }, idempotencyKey);
  }
}

/** IntervalUnit's values (0 day, 1 week, 2 month, 3 year: docs/api/catalog.md) in the port's words. */
const INTERVAL_UNITS = ['day', 'week', 'month', 'year'] as const;

function billingIntervalOf(offering: { interval: number | null; intervalUnit: number | null }): BillingInterval | null {
  const unit = offering.intervalUnit === null ? undefined : INTERVAL_UNITS[offering.intervalUnit];
  return unit && offering.interval ? { unit, count: offering.interval } : null;
}

/**
 * What a plan change's call tells the processor: its new price, prorated now or billed from the next
 * invoice. Null when there is nothing to tell: the change was cancelled before the call ran (its
 * cancellation's own call puts the price back), or it has no price.
 */
async function planChangePrice(db: Db, planChangeId: string): Promise<SubscriptionDecision | null> {
  const change = await db.planChange.findUniqueOrThrow({ where: { id: planChangeId } });
  if (change.status === 'cancelled' || change.unitPriceMinor === null || !change.currency) return null;
  const offering = await db.offering.findUnique({ where: { id: change.toOfferingId }, select: { interval: true, intervalUnit: true } });
  const interval = offering && billingIntervalOf(offering);
  if (!interval) return null;
  return {
    kind: 'set-price',
    unitAmountMinor: change.unitPriceMinor,
    currency: change.currency,
    interval,
    proration: change.timing === 'now' ? 'now' : 'period_end',
    fromUnitAmountMinor: change.fromUnitPriceMinor,
  };
}

/** The processor that took a sale's money: the checkout's, Stripe unless it was the local one (a license with a subscription elsewhere was sold through Stripe; the local processor keeps none). */
function soldThrough(processor: string | undefined): ProcessorName {
  return processor === 'local' ? 'local' : 'stripe';
}

function assertConfigured(processor: ProcessorName): void {
  if (processor === 'stripe' && !env().STRIPE_SECRET_KEY) throw new Error('Stripe is not configured (STRIPE_SECRET_KEY): the call waits until it is.');
}

/** The refund at the processor that took the payment; the refund is settled with its answer. */
async function performRefund(db: Db, call: ClaimedCall): Promise<void> {
  const refund = await db.refund.findUniqueOrThrow({
    where: { id: call.refundId! },
    select: {
      id: true,
      status: true,
      amountMinor: true,
      reason: true,
      seller: { select: { stripeAccountId: true } },
      checkout: { select: { processor: true, processorPaymentId: true, processorSessionId: true } },
    },
  });
  if (refund.status !== 'pending') return;
  const processor = soldThrough(refund.checkout.processor);
  assertConfigured(processor);
  const made = await paymentPortFor(processor).refund({
    account: refund.seller.stripeAccountId,
    paymentId: refund.checkout.processorPaymentId,
    processorSessionId: refund.checkout.processorSessionId,
    amountMinor: Number(refund.amountMinor),
    refundId: refund.id,
    reason: refund.reason,
    idempotencyKey: `processor-call-${call.id}`,
  });
  await db.refund.updateMany({ where: { id: refund.id, status: 'pending' }, data: { status: 'succeeded', processorRefundId: made.processorRefundId, settledAt: new Date(), error: null } });
}

/** Calls given up on go back to the queue (with a fresh count of attempts); returns how many. */
export async function retryProcessorCalls(ctx: { db: Db }, input: { id?: string } = {}): Promise<number> {
  const { count } = await ctx.db.processorCall.updateMany({
    where: { status: 'attention', ...(input.id ? { id: input.id } : {}) },
    data: { status: 'pending', attempts: 0, nextAttemptAt: new Date() },
  });
  return count;
}

/** Calls pending and needing attention, for /metrics. */
export async function countProcessorCalls(ctx: { db: Db }): Promise<Record<'pending' | 'attention', number>> {
  const groups = await ctx.db.processorCall.groupBy({ by: ['status'], where: { status: { in: ['pending', 'attention'] } }, _count: { _all: true } });
  const counts = { pending: 0, attention: 0 };
  for (const group of groups) counts[group.status as 'pending' | 'attention'] = group._count._all;
  return counts;
}

const performProcessorCallsData = z.object({});

/** Every minute, and at once after a decision is committed: the calls that are due. */
export const performProcessorCallsJob = defineScheduledSweep({
  data: performProcessorCallsData,
  cron: '* * * * *',
  expireInSeconds: 10 * 60,
  requests: 'coalesce',
  run: (ctx) => performDueProcessorCalls(ctx),
});
