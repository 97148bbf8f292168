import type { Db } from '../../db';
import { invalidateCatalog } from '../catalog-cache';
import { findSellerOrThrow } from './seller-scope';

/**
 * The local payment processor's onboarding step: the seller can take paid checkouts from now on
 * (the storefront's IsCheckoutReady). Idempotent.
 *
 * TODO(payments issue): when STRIPE_SECRET_KEY is set, Stripe Connect onboarding replaces this
 * step: checkoutReady then follows the connected account's charges_enabled (set from Stripe's
 * account webhook), and this local shortcut must not be offered.
 */
export async function markCheckoutReady(ctx: { db: Db }, input: { sellerId: string }): Promise<{ isCheckoutReady: boolean }> {
  const seller = await findSellerOrThrow(ctx, input.sellerId);
  if (!seller.checkoutReady) await ctx.db.seller.update({ where: { id: seller.id }, data: { checkoutReady: true } });
  invalidateCatalog(seller.issuerClientId);
  return { isCheckoutReady: true };
}
