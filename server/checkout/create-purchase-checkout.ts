import type { Checkout, Offering, Seller } from '@/generated/prisma/client';
import { seal } from '../crypto/secret-box';
import { sqlStateOf } from '../database/sql-error';
import type { Db } from '../db';
import { env } from '../env';
import { DomainError } from '../errors';
import { mintLicense } from '../licensing/mint-license';
import type { PaymentProcessorAdapter } from '../payments/payment-processor';
import { selectPaymentProcessor } from '../payments/select-processor';
import { logger } from '../platform/logging/logger';
import { CREDENTIAL_SEAL_PURPOSE } from './get-checkout-result';
import { findPurchasableOffering } from './purchasable-offering';
import type { CheckoutSession, PurchaseCheckoutInput } from './purchase-checkout.schema';

// POST /purchase/checkout as the signed-in buyer. Free offerings complete at creation (license
// minted on the spot, SessionUrl null, in one transaction with the checkout); paid ones get the
// processor's hosted page, in three steps so that no database transaction waits for the processor:
//
// 1. The pending checkout is committed. The unique RequestId index makes it one row however many
//    requests race: the losers find the winner's row.
// 2. The processor is called, outside any transaction, with an idempotency key derived from the
//    checkout id (Stripe: `checkout-session-<checkout id>`), so a retried call opens no second session.
// 3. The session (id, URL) is stored, only while the checkout is still pending without one.
//
// A request that finds its RequestId's checkout pending without a session yet (a concurrent
// request is between steps 1 and 3) polls the row every SESSION_POLL_MS until the session or a
// failure appears, at most until SESSION_WAIT_MS after the checkout's creation, so Stripe is called
// once per checkout. Past that the request that created it is taken as dead (it crashed, or its
// write in step 3 failed) and this one calls Stripe itself with the same idempotency key: Stripe
// answers with the session already opened, if any, and a checkout is never left without one.
//
// If the processor refuses (Stripe failing beyond the SDK's retries), the checkout is kept as
// `failed` with Error PROCESSOR_FAILED_ERROR, and the caller gets 400 CheckoutFailed. A retry with
// the same RequestId is the same request and gets the same answer (400 CheckoutFailed, nothing
// retried): buying again takes a new RequestId.

/** Longer than minting a free license, which signs its code in the transaction. */
const FREE_CHECKOUT_TRANSACTION_MS = 30_000;
/** Longer than the whole Stripe call of the request that opens the session: 3 attempts of at most 10 s (stripe-client.ts), plus backoff. */
export const SESSION_WAIT_MS = 35_000;
export const SESSION_POLL_MS = 100;

/** The checkout's Error when the processor could not open its session. */
export const PROCESSOR_FAILED_ERROR = 'The payment processor could not start a checkout.';
const PROCESSOR_FAILED_MESSAGE = 'The payment processor could not start a checkout; try again later with a new RequestId.';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function sessionOf(checkout: Checkout): CheckoutSession {
  return { SessionId: checkout.id, SessionUrl: checkout.sessionUrl };
}

/** A paid checkout whose session the processor refused: failed at creation, never opened. */
const failedAtCreation = (checkout: Checkout) => checkout.status === 'failed' && checkout.processor !== 'none' && checkout.processorSessionId === null;

/** Spec: the same RequestId by the same buyer for the same seller is the same checkout. */
function assertSameRequester(existing: Checkout, buyerAccountId: string, sellerId: string): void {
  if (existing.origin !== 'purchase' || existing.buyerAccountId !== buyerAccountId || existing.sellerId !== sellerId) {
    throw new DomainError('RequestIdInUse', 'This RequestId belongs to a checkout of another buyer or seller.');
  }
}

export async function createPurchaseCheckout(
  ctx: { db: Db },
  input: PurchaseCheckoutInput & { buyerAccountId: string; buyerEmail: string },
): Promise<CheckoutSession> {
  const seller = await ctx.db.seller.findUnique({ where: { issuerClientId: input.issuerClientId } });
  const existing = await ctx.db.checkout.findUnique({ where: { requestId: input.requestId } });
  if (existing) return continueExisting(ctx, existing, { buyerAccountId: input.buyerAccountId, sellerId: seller?.id ?? '' });
  if (!seller) throw new DomainError('CheckoutFailed', 'This offering is not available for purchase.');

  const { offering, free } = await findPurchasableOffering(ctx, { sellerId: seller.id, offeringId: input.offeringId });
  const data = {
    requestId: input.requestId,
    origin: 'purchase' as const,
    sellerId: seller.id,
    offeringId: offering.id,
    buyerAccountId: input.buyerAccountId,
    correlationId: input.correlationId ?? null,
    successUrl: input.successUrl ?? null,
    cancelUrl: input.cancelUrl ?? null,
    originContext: input.originContext ?? null,
    customerEmail: input.buyerEmail,
  };
  const processor = free ? null : await selectPaymentProcessor();

  let checkout: Checkout;
  try {
    checkout = processor
      ? await ctx.db.checkout.create({ data: { ...data, processor: processor.name } })
      : await ctx.db.$transaction(
          async (tx) => {
            const created = await tx.checkout.create({ data: { ...data, processor: 'none' } });
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
          },
          { timeout: FREE_CHECKOUT_TRANSACTION_MS, maxWait: FREE_CHECKOUT_TRANSACTION_MS },
        );
  } catch (error) {
    if (sqlStateOf(error) === '23505') {
      const winner = await ctx.db.checkout.findUnique({ where: { requestId: input.requestId } });
      if (winner) return continueExisting(ctx, winner, { buyerAccountId: input.buyerAccountId, sellerId: seller.id });
    }
    throw error;
  }
  if (!processor) return sessionOf(checkout);
  return openSession(ctx, checkout, { processor, seller, offering });
}

/** A request whose RequestId already has a checkout: its answer, waiting for (or resuming) the opening of its session. */
async function continueExisting(ctx: { db: Db }, existing: Checkout, requester: { buyerAccountId: string; sellerId: string }): Promise<CheckoutSession> {
  assertSameRequester(existing, requester.buyerAccountId, requester.sellerId);
  let checkout = existing;
  const deadline = existing.createdAt.getTime() + SESSION_WAIT_MS;
  while (!checkout.sessionUrl && checkout.status === 'pending' && checkout.processor !== 'none' && Date.now() < deadline) {
    await sleep(SESSION_POLL_MS);
    checkout = await ctx.db.checkout.findUniqueOrThrow({ where: { id: existing.id } });
  }
  if (failedAtCreation(checkout)) throw new DomainError('CheckoutFailed', PROCESSOR_FAILED_MESSAGE);
  if (checkout.sessionUrl || checkout.status !== 'pending' || checkout.processor === 'none') return sessionOf(checkout);

  // Still without a session past the wait: the request that created it is gone. Resume it.
  logger.warn({ checkoutId: checkout.id }, 'checkout: resuming a checkout left without its processor session');
  const processor = await selectPaymentProcessor();
  if (processor.name !== checkout.processor) {
    await failOpening(ctx, checkout.id);
    throw new DomainError('CheckoutFailed', PROCESSOR_FAILED_MESSAGE);
  }
  const [seller, offering] = await Promise.all([
    ctx.db.seller.findUniqueOrThrow({ where: { id: checkout.sellerId } }),
    ctx.db.offering.findUniqueOrThrow({ where: { id: checkout.offeringId } }),
  ]);
  return openSession(ctx, checkout, { processor, seller, offering });
}

/** The processor could not open the session: the checkout fails with the reason (only while still pending without one). */
async function failOpening(ctx: { db: Db }, checkoutId: string): Promise<void> {
  await ctx.db.checkout.updateMany({ where: { id: checkoutId, status: 'pending', processorSessionId: null }, data: { status: 'failed', error: PROCESSOR_FAILED_ERROR } });
}

/** Steps 2 and 3: the processor's session for a committed pending checkout, stored on it. */
async function openSession(
  ctx: { db: Db },
  checkout: Checkout,
  parts: { processor: PaymentProcessorAdapter; seller: Seller; offering: Offering },
): Promise<CheckoutSession> {
  let session;
  try {
    session = await parts.processor.createCheckoutSession({
      checkoutId: checkout.id,
      seller: parts.seller,
      offering: { ...parts.offering, priceMinor: parts.offering.priceMinor ?? 0 },
      quantity: checkout.quantity,
      customerEmail: checkout.customerEmail,
      successUrl: checkout.successUrl ?? `${env().publicBaseUrl}/checkout/complete?session_id=${checkout.id}`,
      cancelUrl: checkout.cancelUrl ?? `${env().publicBaseUrl}/checkout/cancelled?session_id=${checkout.id}`,
      originContext: checkout.originContext === 'web' || checkout.originContext === 'mobile_app' ? checkout.originContext : null,
    });
  } catch (error) {
    logger.error({ err: error, checkoutId: checkout.id }, 'checkout: the payment processor refused the session; the checkout is failed');
    await failOpening(ctx, checkout.id);
    throw new DomainError('CheckoutFailed', PROCESSOR_FAILED_MESSAGE);
  }
  // Another request resuming the same checkout got the same session (same idempotency key); the first write wins.
  await ctx.db.checkout.updateMany({
    where: { id: checkout.id, status: 'pending', processorSessionId: null },
    data: { sessionUrl: session.sessionUrl, processorSessionId: session.processorSessionId },
  });
  const stored = await ctx.db.checkout.findUniqueOrThrow({ where: { id: checkout.id } });
  if (failedAtCreation(stored)) throw new DomainError('CheckoutFailed', PROCESSOR_FAILED_MESSAGE);
  return sessionOf(stored);
}
