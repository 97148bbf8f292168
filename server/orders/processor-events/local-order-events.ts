import crypto from 'node:crypto';
import { minorUnitDigits } from '../../catalog/money';
import type { Db } from '../../db';
import { DomainError } from '../../errors';
import { localProcessorEvent } from '../../payments/local/local-adapter';
import { applyProcessorEvent } from './apply-processor-event';
import type { ProcessorEventOutcome } from '../../payments/event-effect';
import type { LocalOrderEvent } from './local-order-event-kinds';


/**
 * What the local processor reports about an order it sold, as Stripe's webhook reports Stripe's
 * (`npm run admin -- local-processor-event`): a dispute opened or decided, or a refund made at the
 * processor (`amount` in major units, default what is left). The rules are the same as for Stripe's.
 */
export async function reportLocalOrderEvent(ctx: { db: Db }, input: { orderId: string; what: LocalOrderEvent; amount?: number }): Promise<ProcessorEventOutcome> {
  const order = await ctx.db.checkout.findFirst({ where: { id: input.orderId, processor: 'local', status: 'completed' } });
  if (!order) throw new DomainError('NotFound', 'No paid order of the local processor with that id.');
  const paymentId = order.processorPaymentId ?? `local_pay_${order.id}`;
  const disputeId = `local_dp_${order.id}`;
  const amountMinor = input.amount === undefined ? Number(order.amountMinor - order.refundedMinor) : Math.round(input.amount * 10 ** minorUnitDigits(order.currency));
  switch (input.what) {
    case 'dispute-opened':
      return applyProcessorEvent(ctx, localProcessorEvent({ type: 'DisputeOpened', disputeId, paymentId, amountMinor, currency: order.currency, reason: 'general' }));
    case 'dispute-won':
    case 'dispute-lost':
      return applyProcessorEvent(ctx, localProcessorEvent({ type: 'DisputeClosed', disputeId, paymentId, outcome: input.what === 'dispute-won' ? 'won' : 'lost' }));
    case 'refunded':
      return applyProcessorEvent(ctx, localProcessorEvent({ type: 'Refunded', paymentId, refundedMinor: Number(order.refundedMinor) + amountMinor, currency: order.currency }, { id: `local_evt_${crypto.randomUUID()}` }));
  }
}
