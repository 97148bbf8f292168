import crypto from 'node:crypto';
import type { Checkout } from '@/generated/prisma/client';
import { CatalogStatus } from '../catalog/catalog-enums';
import { sellerDisplayName } from '../catalog/seller-profile';
import { sqlStateOf } from '../platform/database/sql-error';
import type { Db } from '../db';
import { DomainError } from '../errors';
import { consumeLimit } from '../platform/limits/limits';
import { findReplayedCheckout, openCheckout } from './checkout-core';
import { mintClaimToken } from './claim/claim-token';
import { openClaimIntent } from './claim/open-claim-intent';
import { recordClaimEmail } from './claim/record-claim-email';
import { requestEmailDelivery } from '../mail/deliver-email';
import type { EmbeddedCheckoutInput } from './embedded-checkout.schema';
import type { CheckoutSession } from './purchase-checkout.schema';
import { assertSeatsFit, assertSellerTakesPayment } from './purchasable-offering';
import { priceCheckout } from './checkout-price';
import type { CheckoutAsk } from './request-fingerprint';
import { isIssuerClientIdOf } from '../sellers/find-seller-by-issuer-client-id';

/** Concurrent free creates for one seller, offering and address wait on one lock; a unique-index collision beyond it is retried this often. */
const INTENT_COLLISION_RETRIES = 3;

/**
 * POST /licensing/checkout/embedded for the seller of the API key (spec "Embedded checkout").
 * Paid: the processor's hosted page, with CustomerEmail as the customer e-mail; the license (and
 * the buyer's account) comes at settlement. Free or trial: a claim intent and its link, e-mailed
 * through the job queue; the license comes when the buyer accepts. A replay with the same RequestId
 * answers with the same checkout; on the free path with a newly minted ClaimUrl and no e-mail.
 *
 * A seller's backend may sell any of its active offerings, listed on the storefront or not: the API
 * key proves the seller, and private plans sold only through the seller's own site are normal.
 */
export async function createEmbeddedCheckout(
  ctx: { db: Db },
  input: EmbeddedCheckoutInput & { sellerId: string; keyIssuerClientId: string },
): Promise<CheckoutSession> {
  if (
    input.issuerClientId !== undefined &&
    input.issuerClientId !== input.keyIssuerClientId &&
    !(await isIssuerClientIdOf(ctx, { id: input.sellerId, issuerClientId: input.keyIssuerClientId }, input.issuerClientId))
  ) {
    throw new DomainError('IssuerMismatch', 'IssuerClientId names another seller than the API key.');
  }
  const requestId = input.requestId ?? crypto.randomUUID();
  const ask: CheckoutAsk = {
    origin: 'embedded',
    sellerId: input.sellerId,
    buyerAccountId: null,
    offeringId: input.offeringId,
    quantity: input.quantity ?? 1,
    correlationId: input.correlationId,
    customerEmail: input.customerEmail,
    currency: input.currency ?? null,
    discountCode: input.discountCode ?? null,
  };
  const replayed = await findReplayedCheckout(ctx, requestId, ask);
  if (replayed) return answerReplay(ctx, replayed);

  const offering = await ctx.db.offering.findFirst({
    where: { id: input.offeringId, sellerId: input.sellerId, status: CatalogStatus.Active, product: { status: CatalogStatus.Active } },
    include: { seller: true, product: true },
  });
  if (!offering) throw new DomainError('CheckoutFailed', 'This offering is not available for purchase.');
  assertSeatsFit(offering, ask.quantity);
  const { seller, product, ...offeringRow } = offering;
  const price = await priceCheckout(ctx.db, { offering: offeringRow, quantity: ask.quantity, currency: ask.currency, discountCode: ask.discountCode });
  assertSellerTakesPayment(seller, price);
  const { free } = price;

  let claim: { claimUrl: string; expiresAt: Date } | null = null;
  for (let attempt = 1; ; attempt++) {
    try {
      const { checkout, created } = await openCheckout(ctx, {
        ask,
        seller,
        offering: offeringRow,
        price,
        data: {
          requestId,
          origin: 'embedded',
          sellerId: input.sellerId,
          offeringId: offering.id,
          buyerAccountId: null,
          correlationId: input.correlationId,
          quantity: ask.quantity,
          successUrl: input.successUrl ?? null,
          cancelUrl: input.cancelUrl ?? null,
          returnUrl: input.returnUrl ?? null,
          customerEmail: input.customerEmail,
        },
        async completeFree(tx, pending) {
          const opened = await openClaimIntent(tx, { ...pending, customerEmail: input.customerEmail });
          claim = opened;
          // The claim and its e-mail commit together.
          await recordClaimEmail(tx, {
            to: input.customerEmail,
            productName: product.name,
            offeringName: offering.name,
            sellerName: sellerDisplayName(seller),
            claimUrl: opened.claimUrl,
            expiresAt: opened.expiresAt,
          });
          return pending;
        },
      });
      if (!created) return answerReplay(ctx, checkout);
      if (!free) return { sessionId: checkout.id, sessionUrl: checkout.sessionUrl };
      const opened = claim as { claimUrl: string; expiresAt: Date } | null;
      if (!opened) throw new Error('A free embedded checkout was created without its claim intent.');
      await requestEmailDelivery();
      return { sessionId: checkout.id, sessionUrl: null, claimUrl: opened.claimUrl };
    } catch (error) {
      // Another create for the same seller, offering and address slipped past the lock's window: try again (it supersedes that one).
      if (sqlStateOf(error) !== '23505' || attempt >= INTENT_COLLISION_RETRIES) throw error;
    }
  }
}

/** A replay's answer: the same session; on the free path a newly minted claim link (no e-mail). */
async function answerReplay(ctx: { db: Db }, checkout: Checkout): Promise<CheckoutSession> {
  if (checkout.processor !== 'none') return { sessionId: checkout.id, sessionUrl: checkout.sessionUrl };
  const intent = await ctx.db.claimIntent.findUnique({ where: { checkoutId: checkout.id }, select: { id: true } });
  if (!intent) return { sessionId: checkout.id, sessionUrl: null };
  await consumeLimit('claimLinks', checkout.id);
  const { claimUrl } = await mintClaimToken(ctx.db, intent.id);
  return { sessionId: checkout.id, sessionUrl: null, claimUrl: claimUrl };
}
