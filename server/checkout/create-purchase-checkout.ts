import { recordCheckoutCompleted } from './checkout-events';
import type { Db } from '../db';
import { DomainError } from '../errors';
import { mintLicense } from '../licensing/licenses/mint-license';
import { findReplayedCheckout, openCheckout } from './checkout-core';
import { sealSaleCodes } from './sale-codes';
import { findSellerByIssuerClientId } from '../sellers/find-seller-by-issuer-client-id';
import { assertNotAlreadyLicensed } from './held-license';
import { assertSeatsFit, assertSellerTakesPayment, findPurchasableOffering } from './purchasable-offering';
import { priceCheckout } from './checkout-price';
import type { CheckoutSession, PurchaseCheckoutInput } from './purchase-checkout.schema';
import type { CheckoutAsk } from './request-fingerprint';

/**
 * POST /purchase/checkout as the signed-in buyer, through the checkout core (checkout-core.ts).
 * Free offerings complete at creation: the license is minted on the spot, in one transaction with
 * the checkout, and SessionUrl is null. Paid ones get the processor's hosted page.
 */
export async function createPurchaseCheckout(
  ctx: { db: Db },
  input: PurchaseCheckoutInput & { buyerAccountId: string; buyerEmail: string; /** Seats, from the storefront only. */ quantity?: number },
): Promise<CheckoutSession> {
  const seller = (await findSellerByIssuerClientId(ctx, input.issuerClientId))?.seller ?? null;
  const ask: CheckoutAsk = {
    origin: 'purchase',
    sellerId: seller?.id ?? '',
    buyerAccountId: input.buyerAccountId,
    offeringId: input.offeringId,
    quantity: input.quantity ?? 1,
    correlationId: input.correlationId ?? null,
    customerEmail: null,
    currency: input.currency ?? null,
    discountCode: input.discountCode ?? null,
  };
  const replayed = await findReplayedCheckout(ctx, input.requestId, ask);
  if (replayed) return sessionOf(replayed);
  if (!seller) throw new DomainError('CheckoutFailed', 'This offering is not available for purchase.');

  const { offering } = await findPurchasableOffering(ctx, { sellerId: seller.id, offeringId: input.offeringId });
  try {
    await assertNotAlreadyLicensed(ctx, input.buyerAccountId, offering);
  } catch (error) {
    // A twin with this RequestId may have completed between the replay check above and now: its
    // license is the one held, and this request is the same request (spec: same session, 200).
    const twin = error instanceof DomainError && error.code === 'AlreadyLicensed' ? await findReplayedCheckout(ctx, input.requestId, ask) : null;
    if (twin) return sessionOf(twin);
    throw error;
  }
  assertSeatsFit(offering, ask.quantity);
  const price = await priceCheckout(ctx.db, { offering, quantity: ask.quantity, currency: ask.currency, discountCode: ask.discountCode });
  assertSellerTakesPayment(seller, price);
  const { checkout } = await openCheckout(ctx, {
    ask,
    seller,
    offering,
    price,
    data: {
      requestId: input.requestId,
      origin: 'purchase',
      sellerId: seller.id,
      offeringId: offering.id,
      buyerAccountId: input.buyerAccountId,
      quantity: ask.quantity,
      correlationId: input.correlationId ?? null,
      successUrl: input.successUrl ?? null,
      cancelUrl: input.cancelUrl ?? null,
      originContext: input.originContext ?? null,
      customerEmail: input.buyerEmail,
    },
    async completeFree(tx, created) {
      // Two free checkouts at once (a double click) are two RequestIds: the lock lets one mint.
      await assertNotAlreadyLicensed({ db: tx }, input.buyerAccountId, offering, { serialize: true });
      const minted = await mintLicense(tx, { offering, buyerAccountId: input.buyerAccountId, correlationId: input.correlationId ?? null, seatCount: ask.quantity, codes: 'every-seat', unitPriceMinor: null, checkoutId: created.id });
      const completed = await tx.checkout.update({
        where: { id: created.id },
        data: { status: 'completed', completedAt: new Date(), credentialCiphertext: sealSaleCodes(minted.codes) },
      });
      await recordCheckoutCompleted(tx, completed, minted);
      return completed;
    },
  });
  return sessionOf(checkout);
}

function sessionOf(checkout: { id: string; sessionUrl: string | null }): CheckoutSession {
  return { sessionId: checkout.id, sessionUrl: checkout.sessionUrl };
}
