import type { Db, Tx } from '../db';
import type { ProcessorEvent } from './port';

// What applying one ProcessorEvent did, as the rooms that consume events report it to the
// dispatcher (orders/processor-events/apply-processor-event.ts): the outcome, and work that must wait
// for the commit. It lives beside the port: the port's events go out, these come back.

export type ProcessorEventOutcome =
  | 'settled'
  | 'failed'
  | 'license-updated'
  | 'seller-updated'
  | 'refunded'
  | 'dispute-opened'
  | 'dispute-closed'
  | 'renewed'
  | 'no-change'
  | 'ignored';

export interface EventEffect {
  outcome: ProcessorEventOutcome | 'wrong-account';
  /** Work that must wait for the commit: e-mails, cache invalidations, processor calls. */
  afterCommit: Array<(ctx: { db: Db }) => Promise<void>>;
}

export const effect = (outcome: EventEffect['outcome'], afterCommit: EventEffect['afterCommit'] = []): EventEffect => ({ outcome, afterCommit });

/** Raised when an event arrived before the state it applies to; the processor is asked to deliver it again. */
export class ProcessorEventTooEarlyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProcessorEventTooEarlyError';
  }
}

/**
 * Whether the event came from the processor account the seller's payments run on (its connected
 * account, else the platform's). The local processor's events are our own: always.
 */
export async function fromSellersAccount(tx: Tx, sellerId: string, event: Pick<ProcessorEvent, 'processor' | 'account'>): Promise<boolean> {
  if (event.processor === 'local') return true;
  const seller = await tx.seller.findUnique({ where: { id: sellerId }, select: { stripeAccountId: true } });
  return (seller?.stripeAccountId ?? null) === event.account;
}

/** The order (a paid checkout) a processor's payment belongs to, locked for the change. */
export async function lockedOrderOfPayment(tx: Tx, processor: ProcessorEvent['processor'], paymentId: string) {
  const [row] = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Checkout" WHERE "processorPaymentId" = ${paymentId} AND "processor" = ${processor}::"PaymentProcessor" AND "status" = 'completed'
    ORDER BY "createdAt" LIMIT 1 FOR UPDATE`;
  if (!row) return null;
  return tx.checkout.findUniqueOrThrow({ where: { id: row.id }, include: { license: { select: { id: true, status: true, processorSubscriptionId: true } } } });
}
