import type Stripe from 'stripe';
import type { Db } from '../db';
import { DomainError } from '../errors';
import { stripeClient, stripeIdOf } from './stripe-client';
import { logger } from '../platform/logging/logger';
import { CHECKOUT_ID_MAX, processorSuccessUrl, withSessionId } from '../checkout/checkout-core';
import { deliverSettlement, settleCheckoutWithin } from '../checkout/settle-checkout';


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

  if (checkout.status === 'pending' && checkout.processor === 'stripe' && checkout.processorSessionId) {
    try {
      const session = await stripeClient().checkout.sessions.retrieve(
        checkout.processorSessionId,
        {},
        checkout.seller.stripeAccountId ? { stripeAccount: checkout.seller.stripeAccountId } : {},
      );
      await settleFromRetrievedSession(ctx, checkout.id, session);
    } catch (error) {
      // The webhook settles it anyway; the buyer is not kept from the seller's page.
      logger.warn({ err: error, checkoutId: checkout.id }, 'checkout return: the session could not be read from Stripe; the webhook will settle it');
    }
  }
  return withSessionId(checkout.returnUrl, checkout.id);
}

async function settleFromRetrievedSession(ctx: { db: Db }, checkoutId: string, session: Stripe.Checkout.Session): Promise<void> {
  if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return;
  const settlement = await ctx.db.$transaction((tx) =>
    settleCheckoutWithin(tx as unknown as Db, {
      checkoutId,
      processorCustomerId: stripeIdOf(session.customer),
      processorSubscriptionId: stripeIdOf(session.subscription),
      customerEmail: session.customer_details?.email ?? null,
    }),
  );
  if (settlement) await deliverSettlement(settlement);
}
