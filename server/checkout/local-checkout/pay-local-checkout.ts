import { failCheckout, settleCheckout } from '../checkout/settle-checkout';
import type { Db } from '../db';
import { findLocalCheckout, localCheckoutPageUrl, localCheckoutReturnUrl } from './get-local-checkout';
import { assertLocalProcessorPayable } from './local-processor';

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

/**
 * "Pay" on the local processor's hosted page: settles a pending checkout. Paying again (a double
 * click, the back button) mints nothing more and lands on the success page again; a checkout that
 * was cancelled stays failed and goes back to its own page, which says so.
 */
export async function payLocalCheckout(ctx: { db: Db }, input: { checkoutId: string }): Promise<LocalCheckoutOutcome> {
  // Paying settles without money: refused where the local processor is not the live one (NotFound).
  assertLocalProcessorPayable();
  const checkout = await findLocalCheckout(ctx, input.checkoutId);
  if (checkout.status === 'pending') await settleCheckout(ctx, { checkoutId: checkout.id });
  const outcome = await outcomeOf(ctx, checkout.id);
  return outcome.status === 'failed' ? { ...outcome, redirectTo: localCheckoutPageUrl(checkout.id) } : outcome;
}

/** "Cancel" on the hosted page: the checkout fails with the reason; a paid one stays paid. */
export async function cancelLocalCheckout(ctx: { db: Db }, input: { checkoutId: string }): Promise<LocalCheckoutOutcome> {
  const checkout = await findLocalCheckout(ctx, input.checkoutId);
  if (checkout.status === 'pending') await failCheckout(ctx, { checkoutId: checkout.id, error: LOCAL_CHECKOUT_CANCELLED_ERROR });
  return outcomeOf(ctx, checkout.id);
}
