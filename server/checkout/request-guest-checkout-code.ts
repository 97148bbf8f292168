import { storefrontName } from '../catalog/seller-profile';
import type { Db } from '../db';
import { DomainError } from '../errors';
import { requestPortalSignIn } from '../identity/request-portal-sign-in';
import { findSellerByIssuerClientId } from '../sellers/find-seller-by-issuer-client-id';
import { assertSellerTakesPayment, findPurchasableOffering, isFreeOffering } from './purchasable-offering';

/**
 * Guest checkout, step one: a buyer with no session gives an e-mail address on the storefront and
 * gets a one-time code that names the purchase. Redeeming it (the portal sign-in, `signInToPortal`)
 * proves the address and makes the account on first use; the Buy that follows is the signed-in
 * purchase (`createPurchaseCheckout`), so a guest's order is like any other buyer's. An offering that
 * cannot be bought is refused here, before any e-mail is sent (400 CheckoutFailed).
 */
export async function requestGuestCheckoutCode(
  ctx: { db: Db },
  input: { email: string; issuerClientId: string; offeringId: string; clientIp?: string },
): Promise<{ continuationToken: string; sentTo: string }> {
  const seller = (await findSellerByIssuerClientId(ctx, input.issuerClientId))?.seller;
  if (!seller) throw new DomainError('CheckoutFailed', 'This offering is not available for purchase.');
  const { offering } = await findPurchasableOffering(ctx, { sellerId: seller.id, offeringId: input.offeringId });
  assertSellerTakesPayment(seller, { free: isFreeOffering(offering) });
  return requestPortalSignIn(ctx, {
    email: input.email,
    clientIp: input.clientIp,
    purchase: { offeringName: offering.name, storeName: storefrontName(seller) },
  });
}
