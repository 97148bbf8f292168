import type { Db } from '../../db';
import { localProcessorEvent } from '../../payments/local/local-adapter';
import { assertLocalProcessorPayable } from '../../payments/local/local-processor';
import { applyProcessorEvent } from '../../orders/processor-events/apply-processor-event';
import { findLocalCheckout, localCheckoutPageUrl, localCheckoutReturnUrl } from './get-local-checkout';

export const LOCAL_CHECKOUT_CANCELLED_ERROR = 'Payment was cancelled.';

export interface LocalCheckoutOutcome {
  status: 'pending' | 'completed' | 'failed';
  /** Where the buyer's browser goes next. */
  redirectTo: string;
}

async function outcomeOf(ctx: { db: Db }, checkoutId: string): Promise<LocalCheckoutOutcome> {
  const checkout = await findLocalCheckout(ctx, checkoutId);
  if (checkout.status === 'completed') return { status: 'completed', redirectTo: localCheckoutReturnUrl(checkout, 'success') };
  if (checkout.status === 'failed') return { status: 'failed', redirectTo: localCheckoutReturnUrl(checkout, 'cancel') };
  return { status: 'pending', redirectTo: localCheckoutPageUrl(checkout.id) };
}

/** What the local processor reports of its hosted page: paid, or cancelled by the buyer (the events Stripe's would become). */
function localPaymentEvent(checkout: { id: string; processorSessionId: string | null }, outcome: { paid: boolean }) {
  const processorSessionId = checkout.processorSessionId ?? `local_${checkout.id}`;
  return outcome.paid
    ? localProcessorEvent({ type: 'PaymentSucceeded', checkoutId: checkout.id, processorSessionId, customerId: null, subscriptionId: null, paymentId: `local_pay_${checkout.id}`, customerEmail: null })
    : localProcessorEvent({ type: 'PaymentFailed', checkoutId: checkout.id, processorSessionId, subscriptionId: null, reason: LOCAL_CHECKOUT_CANCELLED_ERROR });
}

/**
 * "Pay" on the local processor's hosted page: settles a pending checkout. Paying again (a double
 * click, the back button) mints nothing more and lands on the success page again; a checkout that
 * was cancelled stays failed and goes back to its own page, which says so.
 */
export async function payLocalCheckout(ctx: { db: Db }, input: { checkoutId: string }): Promise<LocalCheckoutOutcome> {
  // Paying settles without money: refused where the local processor is not the live one (NotFound).
  assertLocalProcessorPayable();
  const checkout = await findLocalCheckout(ctx, input.checkoutId);
  if (checkout.status === 'pending') await applyProcessorEvent(ctx, localPaymentEvent(checkout, { paid: true }));
  const outcome = await outcomeOf(ctx, checkout.id);
  return outcome.status === 'failed' ? { ...outcome, redirectTo: localCheckoutPageUrl(checkout.id) } : outcome;
}

/** "Cancel" on the hosted page: the checkout fails with the reason; a paid one stays paid. */
export async function cancelLocalCheckout(ctx: { db: Db }, input: { checkoutId: string }): Promise<LocalCheckoutOutcome> {
  const checkout = await findLocalCheckout(ctx, input.checkoutId);
  if (checkout.status === 'pending') await applyProcessorEvent(ctx, localPaymentEvent(checkout, { paid: false }));
  return outcomeOf(ctx, checkout.id);
}
