import type { Checkout } from '@/generated/prisma/client';
import { seal } from '../crypto/secret-box';
import { sqlStateOf } from '../database/sql-error';
import type { Db } from '../db';
import { env } from '../env';
import { DomainError } from '../errors';
import { mintLicense } from '../licensing/mint-license';
import { selectPaymentProcessor } from '../payments/select-processor';
import { logger } from '../platform/logging/logger';
import { CREDENTIAL_SEAL_PURPOSE } from './get-checkout-result';
import { findPurchasableOffering } from './purchasable-offering';
import type { CheckoutSession, PurchaseCheckoutInput } from './purchase-checkout.schema';

// Long enough for a processor round trip made inside the transaction (see below).
const CHECKOUT_TRANSACTION_MS = 30_000;

function sessionOf(checkout: Checkout): CheckoutSession {
  return { SessionId: checkout.id, SessionUrl: checkout.sessionUrl };
}

/** Spec: the same RequestId by the same buyer for the same seller is the same checkout. */
function replay(existing: Checkout, buyerAccountId: string, sellerId: string): CheckoutSession {
  if (existing.origin !== 'purchase' || existing.buyerAccountId !== buyerAccountId || existing.sellerId !== sellerId) {
    throw new DomainError('RequestIdInUse', 'This RequestId belongs to a checkout of another buyer or seller.');
  }
  return sessionOf(existing);
}

/**
 * POST /purchase/checkout as the signed-in buyer. Free offerings complete at creation (license
 * minted on the spot, SessionUrl null); paid ones get the processor's hosted page.
 *
 * Idempotency holds under concurrency: the row, its license and its processor session are made in
 * one transaction, so a concurrent request with the same RequestId waits on the unique index and
 * then reads the finished checkout instead of seeing one without its SessionUrl.
 */
export async function createPurchaseCheckout(
  ctx: { db: Db },
  input: PurchaseCheckoutInput & { buyerAccountId: string; buyerEmail: string },
): Promise<CheckoutSession> {
  const seller = await ctx.db.seller.findUnique({ where: { issuerClientId: input.issuerClientId } });
  const existing = await ctx.db.checkout.findUnique({ where: { requestId: input.requestId } });
  if (existing) return replay(existing, input.buyerAccountId, seller?.id ?? '');
  if (!seller) throw new DomainError('CheckoutFailed', 'This offering is not available for purchase.');

  const { offering, free } = await findPurchasableOffering(ctx, { sellerId: seller.id, offeringId: input.offeringId });
  const processor = free ? null : await selectPaymentProcessor();

  try {
    const checkout = await ctx.db.$transaction(
      async (tx) => {
        const created = await tx.checkout.create({
          data: {
            requestId: input.requestId,
            origin: 'purchase',
            sellerId: seller.id,
            offeringId: offering.id,
            buyerAccountId: input.buyerAccountId,
            correlationId: input.correlationId ?? null,
            successUrl: input.successUrl ?? null,
            cancelUrl: input.cancelUrl ?? null,
            originContext: input.originContext ?? null,
            customerEmail: input.buyerEmail,
            processor: processor?.name ?? 'none',
          },
        });
        if (!processor) {
          const minted = await mintLicense(tx as unknown as Db, {
            offering,
            buyerAccountId: input.buyerAccountId,
            correlationId: input.correlationId ?? null,
            seatCount: 1,
            checkoutId: created.id,
          });
          return tx.checkout.update({
            where: { id: created.id },
            data: { status: 'completed', completedAt: new Date(), credentialCiphertext: minted.code ? seal(CREDENTIAL_SEAL_PURPOSE, minted.code) : null },
          });
        }
        const session = await processor.createCheckoutSession({
          checkoutId: created.id,
          seller,
          offering: { ...offering, priceMinor: offering.priceMinor! },
          quantity: 1,
          customerEmail: input.buyerEmail,
          successUrl: input.successUrl ?? `${env().publicBaseUrl}/checkout/complete?session_id=${created.id}`,
          cancelUrl: input.cancelUrl ?? `${env().publicBaseUrl}/checkout/cancelled?session_id=${created.id}`,
          originContext: input.originContext ?? null,
        });
        return tx.checkout.update({ where: { id: created.id }, data: { sessionUrl: session.sessionUrl, processorSessionId: session.processorSessionId } });
      },
      { timeout: CHECKOUT_TRANSACTION_MS, maxWait: CHECKOUT_TRANSACTION_MS },
    );
    return sessionOf(checkout);
  } catch (error) {
    if (sqlStateOf(error) === '23505') {
      const winner = await ctx.db.checkout.findUnique({ where: { requestId: input.requestId } });
      if (winner) return replay(winner, input.buyerAccountId, seller.id);
    }
    if (error instanceof DomainError) throw error;
    if (processor) {
      logger.error({ err: error }, 'checkout: the payment processor refused the session');
      throw new DomainError('CheckoutFailed', 'The payment processor could not start a checkout; try again later.');
    }
    throw error;
  }
}
