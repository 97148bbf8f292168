import type { Db, Tx } from '../../db';
import type { ProcessorEvent } from '../../payments/port';
import { logger } from '../../platform/logging/logger';
import { failFromPayment, settleFromPayment } from '../../checkout/apply-payment-events';
import { applyInvoicePaid, applySubscriptionEvent, applyTrialWillEnd } from '../../licensing/subscriptions/apply-subscription-events';
import { applyAccountUpdate } from '../../sellers/payment-setup';
import { applyDisputeClosed, applyDisputeOpened } from '../disputes/apply-dispute-events';
import { applyProcessorRefund } from '../refunds/apply-processor-refund';
import type { EventEffect, ProcessorEventOutcome } from '../../payments/event-effect';

// What a processor's events do to our checkouts, licenses, orders and sellers (docs/payments.md:
// the port"). The adapters translate their notifications into ProcessorEvents; this applies them.
// Processors deliver at least once, in no guaranteed order, so:
// - every event id is applied once: its record is inserted in the transaction of its effect, and a
//   redelivery (or a concurrent second delivery, which waits on that row's unique index) changes nothing;
// - an event applies only from the seller's own account at the processor (fromSellersAccount);
//   anything else is acknowledged, logged, and changes nothing (not even the event record);
// - a license's status moves only forward in the processor's time, and never out of a final state.

/** Longer than the slowest effect (a settlement mints a license and signs its code). */
const EVENT_TRANSACTION_MS = 30_000;

/** Thrown inside the transaction to roll back the event's record: a refused event leaves the database as it was. */
class Refused extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

async function dispatch(tx: Tx, event: ProcessorEvent): Promise<EventEffect> {
  switch (event.type) {
    case 'PaymentSucceeded':
      return settleFromPayment(tx, event);
    case 'PaymentFailed':
      return event.subscriptionId ? applySubscriptionEvent(tx, event) : failFromPayment(tx, event);
    case 'SubscriptionChanged':
    case 'SubscriptionEnded':
      return applySubscriptionEvent(tx, event);
    case 'InvoicePaid':
      return applyInvoicePaid(tx, event);
    case 'TrialWillEnd':
      return applyTrialWillEnd(tx, event);
    case 'Refunded':
      return applyProcessorRefund(tx, event);
    case 'DisputeOpened':
      return applyDisputeOpened(tx, event);
    case 'DisputeClosed':
      return applyDisputeClosed(tx, event);
    case 'AccountUpdated':
      return applyAccountUpdate(tx, event);
  }
}

/** Applies one event, once; the work it leaves for after the commit runs before this returns. */
export async function applyProcessorEvent(ctx: { db: Db }, event: ProcessorEvent): Promise<ProcessorEventOutcome> {
  let applied: EventEffect;
  try {
    applied = await ctx.db.$transaction(
      async (tx) => {
        if (event.id) {
          // ON CONFLICT DO NOTHING: a concurrent delivery of the same id waits here until the first
          // commits (then finds it, 0 rows) or rolls back (then applies it itself).
          const recorded = await tx.processorEventRecord.createMany({
            data: [{ id: event.id, type: event.source?.type ?? event.type, account: event.account, livemode: event.source?.livemode ?? false, createdAt: event.occurredAt }],
            skipDuplicates: true,
          });
          if (recorded.count === 0) return { outcome: 'no-change', afterCommit: [] } satisfies EventEffect;
        }
        const result = await dispatch(tx, event);
        if (result.outcome === 'wrong-account') throw new Refused('the event did not come from the processor account of the seller it names');
        return result;
      },
      { timeout: EVENT_TRANSACTION_MS, maxWait: EVENT_TRANSACTION_MS },
    );
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    logger.warn({ eventId: event.id, eventType: event.type, eventAccount: event.account }, `processor: event ignored: ${error.reason}`);
    return 'ignored';
  }
  for (const step of applied.afterCommit) await step(ctx);
  return applied.outcome as ProcessorEventOutcome;
}
