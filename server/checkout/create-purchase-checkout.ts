import { recordCheckoutCompleted } from './checkout-events';
import type { Db } from '../db';
import { DomainError } from '../errors';
import { mintLicense } from '../licensing/licenses/mint-license';
import { findReplayedCheckout, openCheckout } from './checkout-core';
import { sealSaleCodes } from './sale-codes';
import { findSellerByIssuerClientId } from '../sellers/find-seller-by-issuer-client-id';
import { assertNotAlreadyLicensed } from './held-license';
import { assertSeatsFit, assertSellerTakesPayment, findPurchasableOffering, isFreeOffering } from './purchasable-offering';
import { consumeLimit } from '../platform/limits/limits';
import { priceCheckout } from './checkout-price';
import type { CheckoutSession, PurchaseCheckoutInput } from './purchase-checkout.schema';
import type { CheckoutAsk } from './request-fingerprint';

type PurchaseInput = PurchaseCheckoutInput & { /** Seats, from the storefront only. */ quantity?: number };

/**
 * POST /purchase/checkout as the signed-in buyer, through the checkout core (checkout-core.ts).
 * Free offerings complete at creation: the license is minted on the spot, in one transaction with
 * the checkout, and SessionUrl is null. Paid ones get the processor's hosted page.
 */
export async function createPurchaseCheckout(ctx: { db: Db }, input: PurchaseInput & { buyerAccountId: string; buyerEmail: string }): Promise<CheckoutSession> {
  return openPurchaseCheckout(ctx, input, { accountId: input.buyerAccountId, email: input.buyerEmail });
}

/**
 * The storefront's Buy for a buyer with no session: pay first, verify after. The checkout opens with
 * no buyer and no address; the payment page asks for the e-mail address (Stripe's own, or the local
 * processor's), the settlement delivers the license to that address's account (made on first use),
 * and the delivery e-mail's sign-in link proves the address: nobody sees a license they cannot
 * receive mail for. A free offering is not sold this way (nothing is paid, so an address would get
 * a license it never asked for): its guest checkout proves the address first (a code,
 * request-guest-checkout-code.ts). At most `guestCheckouts` per client address an hour, as each
 * opens a session at the processor.
 */
export async function createGuestPurchaseCheckout(ctx: { db: Db }, input: PurchaseInput & { clientIp: string | null }): Promise<CheckoutSession> {
  await consumeLimit('guestCheckouts', input.clientIp ?? 'unknown');
  return openPurchaseCheckout(ctx, input, null);
}

async function openPurchaseCheckout(ctx: { db: Db }, input: PurchaseInput, buyer: { accountId: string; email: string } | null): Promise<CheckoutSession> {
  const seller = (await findSellerByIssuerClientId(ctx, input.issuerClientId))?.seller ?? null;
  const ask: CheckoutAsk = {
    origin: 'purchase',
    sellerId: seller?.id ?? '',
    buyerAccountId: buyer?.accountId ?? '',
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
  if (!buyer && isFreeOffering(offering)) throw new DomainError('CheckoutFailed', 'A free offering is taken with a proven e-mail address: sign in, or confirm the address with the code e-mailed to it.');
  try {
    // A guest is no one yet: whether an address holds this offering is not told to whoever types it.
    if (buyer) await assertNotAlreadyLicensed(ctx, buyer.accountId, offering);
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
      buyerAccountId: buyer?.accountId ?? null,
      quantity: ask.quantity,
      correlationId: input.correlationId ?? null,
      successUrl: input.successUrl ?? null,
      cancelUrl: input.cancelUrl ?? null,
      originContext: input.originContext ?? null,
      customerEmail: buyer?.email ?? null,
    },
    async completeFree(tx, created) {
      // Only a signed-in buyer's: a guest's free offering was refused above.
      const buyerAccountId = buyer!.accountId;
      // Two free checkouts at once (a double click) are two RequestIds: the lock lets one mint.
      await assertNotAlreadyLicensed({ db: tx }, buyerAccountId, offering, { serialize: true });
      const minted = await mintLicense(tx, { offering, buyerAccountId, correlationId: input.correlationId ?? null, seatCount: ask.quantity, codes: 'every-seat', unitPriceMinor: null, checkoutId: created.id });
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
