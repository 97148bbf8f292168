import type { Db } from '../db';
import { env } from '../env';
import { DomainError } from '../errors';
import { publishCatalogChange } from '../catalog/catalog-cache';
import { findSellerOrThrow } from '../catalog/manage/seller-scope';

/**
 * The local payment processor's onboarding step: the seller can take paid checkouts from now on
 * (the storefront's IsCheckoutReady). Idempotent. Beside Stripe's onboarding, in the payment port.
 *
 * With Stripe configured (STRIPE_SECRET_KEY) this shortcut is refused: readiness then follows the
 * connected account's charges_enabled (stripe-connect-onboarding.ts), and a seller
 * marked ready here could not be paid on an account Stripe has not approved.
 */
export async function markCheckoutReady(ctx: { db: Db }, input: { sellerId: string }): Promise<{ isCheckoutReady: boolean }> {
  const seller = await findSellerOrThrow(ctx, input.sellerId);
  if (env().STRIPE_SECRET_KEY) throw new DomainError('ValidationError', 'Connect a Stripe account to take paid checkouts.');
  if (!seller.checkoutReady) await ctx.db.seller.update({ where: { id: seller.id }, data: { checkoutReady: true } });
  await publishCatalogChange(ctx, seller.issuerClientId);
  return { isCheckoutReady: true };
}
