import type { Checkout } from '@/generated/prisma/client';
import type { Tx } from '../db';
import type { ProcessorEvent } from '../payments/port';
import { logger } from '../platform/logging/logger';
import { effect, fromSellersAccount, type EventEffect } from '../payments/event-effect';
import { recordCheckoutFailed } from './checkout-events';
import { deliverSettlement, settleCheckoutWithin } from './settle-checkout';

// A checkout's payment as its processor reports it: paid (settle: mint the license, complete the
// checkout, e-mail the buyer) or not to be paid (failed, with the reason).

/**
 * The checkout a processor session was opened for. The event names it, but it is trusted only when
 * the checkout's own processor session is this one: a connected account can put any metadata on a
 * session of its own.
 */
async function checkoutOfSession(tx: Tx, event: { processor: ProcessorEvent['processor']; checkoutId: string | null; processorSessionId: string | null }): Promise<Checkout | null> {
  if (!event.processorSessionId) return null;
  if (event.checkoutId) {
    const checkout = await tx.checkout.findUnique({ where: { id: event.checkoutId } });
    if (checkout && checkout.processor === event.processor && checkout.processorSessionId === event.processorSessionId) return checkout;
  }
  const checkout = await tx.checkout.findUnique({ where: { processorSessionId: event.processorSessionId } });
  if (checkout?.processor === event.processor) return checkout;
  // A session this service did not open (an account shared with other software): acknowledged, nothing to do.
  logger.warn({ sessionId: event.processorSessionId }, 'processor: no checkout for this session; event ignored');
  return null;
}

export async function settleFromPayment(tx: Tx, event: ProcessorEvent & { type: 'PaymentSucceeded' }): Promise<EventEffect> {
  const checkout = await checkoutOfSession(tx, event);
  if (!checkout) return effect('ignored');
  if (!(await fromSellersAccount(tx, checkout.sellerId, event))) return effect('wrong-account');
  const settlement = await settleCheckoutWithin(tx, {
    checkoutId: checkout.id,
    processorCustomerId: event.customerId,
    processorSubscriptionId: event.subscriptionId,
    processorPaymentId: event.paymentId,
    customerEmail: event.customerEmail,
    processorStateAt: event.occurredAt,
    charged: event.charged ?? null,
    billing: event.billing ?? null,
  });
  if (!settlement) return effect('no-change');
  return effect('settled', [() => deliverSettlement(settlement)]);
}

export async function failFromPayment(tx: Tx, event: ProcessorEvent & { type: 'PaymentFailed' }): Promise<EventEffect> {
  const checkout = await checkoutOfSession(tx, event);
  if (!checkout) return effect('ignored');
  if (!(await fromSellersAccount(tx, checkout.sellerId, event))) return effect('wrong-account');
  const failed = await tx.checkout.updateMany({ where: { id: checkout.id, status: 'pending' }, data: { status: 'failed', error: event.reason } });
  if (failed.count > 0) await recordCheckoutFailed(tx, checkout, event.reason);
  return effect(failed.count > 0 ? 'failed' : 'no-change');
}
