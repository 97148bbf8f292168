import type { Tx } from '../../db';
import { requestEmailDelivery } from '../../mail/deliver-email';
import type { ProcessorEvent } from '../../payments/port';
import { requestProcessorCalls } from '../../payments/processor-calls';
import { effect, fromSellersAccount, lockedOrderOfPayment, type EventEffect } from '../../payments/event-effect';
import { recordRefundWithin } from './record-refund';

/**
 * A refund the processor reports (Stripe: charge.refunded, with the payment's whole refunded amount
 * so far). What our records already hold (the seller's refunds, pending or made) is not counted
 * again; the rest was made at the processor itself (its dashboard) and is recorded as such, with the
 * same effect as the seller's: a refund of everything left revokes the license, a partial one keeps it.
 */
export async function applyProcessorRefund(tx: Tx, event: ProcessorEvent & { type: 'Refunded' }): Promise<EventEffect> {
  const order = await lockedOrderOfPayment(tx, event.processor, event.paymentId);
  if (!order) return effect('ignored');
  if (!(await fromSellersAccount(tx, order.sellerId, event))) return effect('wrong-account');
  const reported = BigInt(Math.min(event.refundedMinor, Number(order.amountMinor)));
  if (reported <= order.refundedMinor) return effect('no-change');
  const amountMinor = reported - order.refundedMinor;
  const recorded = await recordRefundWithin(tx, order, {
    amountMinor,
    reason: null,
    source: 'processor',
    licenseAction: reported === order.amountMinor ? 'revoke' : 'keep',
    now: new Date(),
  });
  const afterCommit: EventEffect['afterCommit'] = [];
  if (recorded.processorCalls) afterCommit.push(() => requestProcessorCalls());
  if (recorded.emailQueued) afterCommit.push(() => requestEmailDelivery());
  return effect('refunded', afterCommit);
}
