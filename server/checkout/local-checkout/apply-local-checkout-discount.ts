import { discountCodeSchema } from '../../../sdk/src/contract/fields';
import type { Db } from '../../db';
import { DomainError } from '../../errors';
import { takeRedemption } from '../../discounts/redeem-discount';
import { priceCheckout } from '../checkout-price';
import { findLocalCheckout, localCheckoutPageUrl } from './get-local-checkout';
import type { LocalCheckoutOutcome } from './pay-local-checkout';

class CheckoutMovedOn extends Error {}

/** What the hosted page says after a code was entered: applied, or why not (the page words each). */
type LocalDiscountAnswer = 'applied' | 'Unknown' | 'Expired' | 'UsedUp' | 'NotApplicable' | 'InvalidFormat' | 'AlreadyApplied';

/**
 * A discount code typed on the local processor's hosted page: priced by the checkout's own rule
 * (checkout-price.ts, in the checkout's currency and seats) and redeemed exactly as at checkout
 * creation, one redemption taken in the transaction that sets the checkout's amounts, only while it
 * is pending without a code. The answer goes back to the page as a word, never as free text in its
 * address. (Stripe's page takes no code: the storefront, the purchase API and the embedded checkout do.)
 */
export async function applyLocalCheckoutDiscount(ctx: { db: Db }, input: { checkoutId: string; code: string }): Promise<LocalCheckoutOutcome> {
  const checkout = await findLocalCheckout(ctx, input.checkoutId);
  const back = (answer: LocalDiscountAnswer): LocalCheckoutOutcome => ({ status: 'pending', redirectTo: `${localCheckoutPageUrl(checkout.id)}?discount=${answer}` });
  if (checkout.status !== 'pending' || checkout.trialDays) return { status: checkout.status, redirectTo: localCheckoutPageUrl(checkout.id) };
  if (checkout.discountCode) return back('AlreadyApplied');
  const code = discountCodeSchema.safeParse(input.code);
  if (!code.success) return back('InvalidFormat');
  try {
    const price = await priceCheckout(ctx.db, { offering: checkout.offering, quantity: checkout.quantity, currency: checkout.currency, discountCode: code.data });
    const discount = price.discount!;
    await ctx.db.$transaction(async (tx) => {
      await takeRedemption(tx, discount.id);
      const set = await tx.checkout.updateMany({
        where: { id: checkout.id, status: 'pending', discountCode: null },
        data: { discountId: discount.id, discountCode: discount.code, discountMinor: discount.offMinor, amountMinor: price.dueMinor },
      });
      // Paid, cancelled or given a code meanwhile: nothing taken (the redemption rolls back).
      if (set.count === 0) throw new CheckoutMovedOn();
    });
    return back('applied');
  } catch (error) {
    if (error instanceof DomainError && error.code === 'ValidationError') {
      const detail = error.details?.[0]?.Code;
      return back(detail === 'Unknown' || detail === 'Expired' || detail === 'UsedUp' || detail === 'NotApplicable' ? detail : 'NotApplicable');
    }
    if (error instanceof CheckoutMovedOn) return { status: 'pending', redirectTo: localCheckoutPageUrl(checkout.id) };
    throw error;
  }
}
