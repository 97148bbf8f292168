import type { Db } from '../db';
import { DomainError } from '../errors';
import { logger } from '../platform/logging/logger';
import { paymentPortFor } from '../payments/select-processor';
import { applyProcessorEvent } from '../orders/processor-events/apply-processor-event';
import { CHECKOUT_ID_MAX, processorSuccessUrl, withSessionId } from './checkout-core';

/**
 * GET /checkout/return/{sessionId}: where the processor sends a buyer after paying a checkout that
 * has a ReturnUrl. Spec: "when set, the result is already completed on landing", so the payment is
 * settled here from the Checkout Session retrieved from Stripe (the source of truth, so anyone
 * opening this address can only make the service learn sooner what Stripe already says) before the
 * redirect to ReturnUrl?session_id=…, instead of waiting for the webhook. The webhook's settlement
 * that follows changes nothing (pending → completed happens once). A payment not settled yet (an
 * asynchronous method) still redirects: the result is pending and the seller polls.
 */
export async function settleBeforeReturn(ctx: { db: Db }, input: { checkoutId: string }): Promise<string> {
  const checkout =
    input.checkoutId.length > 0 && input.checkoutId.length <= CHECKOUT_ID_MAX
      ? await ctx.db.checkout.findUnique({ where: { id: input.checkoutId }, include: { seller: { select: { stripeAccountId: true } } } })
      : null;
  if (!checkout || checkout.processor === 'none') throw new DomainError('NotFound', 'No checkout session with that id.');
  if (!checkout.returnUrl) return processorSuccessUrl(checkout);

  if (checkout.status === 'pending' && checkout.processorSessionId) {
    try {
      const payment = await paymentPortFor(checkout.processor).readCheckoutPayment({ account: checkout.seller.stripeAccountId, processorSessionId: checkout.processorSessionId, checkoutId: checkout.id });
      if (payment.paid) await applyProcessorEvent(ctx, payment.event);
    } catch (error) {
      // The processor's notification settles it anyway; the buyer is not kept from the seller's page.
      logger.warn({ err: error, checkoutId: checkout.id }, 'checkout return: the payment could not be read from the processor; its notification will settle it');
    }
  }
  return withSessionId(checkout.returnUrl, checkout.id);
}
