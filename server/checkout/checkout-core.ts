import type { Checkout, Offering, Prisma, Seller } from '@/generated/prisma/client';
import { sqlStateOf } from '../platform/database/sql-error';
import type { Db, Tx } from '../db';
import { env } from '../env';
import { DomainError } from '../errors';
import type { BillingInterval, CheckoutDiscount, PaymentPort } from '../payments/port';
import { findRedeemedDiscount, recordProcessorDiscount, takeRedemption, type ApplicableDiscount } from '../discounts/redeem-discount';
import type { CheckoutPrice } from './checkout-price';
import { selectPaymentProcessor } from '../payments/select-processor';
import { IntervalUnit, LicenseClassification } from '../catalog/catalog-enums';
import { logger } from '../platform/logging/logger';
import { assertSameAsk, requestFingerprint, type CheckoutAsk } from './request-fingerprint';
import { normalizeEmail } from '../identity/accounts';

// The one checkout core of the purchase API and the embedded checkout. A RequestId is bound to its
// checkout with a fingerprint of what was asked (request-fingerprint.ts). Free checkouts are
// created in one transaction with what completes them (purchase API: the license; embedded: the
// claim intent). Paid ones in three steps, so that no database transaction waits for the processor:
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
const SESSION_WAIT_MS = 35_000;
const SESSION_POLL_MS = 100;
/** A session id (a checkout id) is never longer: longer ones are refused before any query. */
export const CHECKOUT_ID_MAX = 100;

/** The checkout's Error when the processor could not open its session. */
const PROCESSOR_FAILED_ERROR = 'The payment processor could not start a checkout.';
const PROCESSOR_FAILED_MESSAGE = 'The payment processor could not start a checkout; try again later with a new RequestId.';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The columns of a new checkout beyond what the core sets (status, processor, fingerprint, amounts). */
type NewCheckoutData = Omit<
  Prisma.CheckoutUncheckedCreateInput,
  'status' | 'processor' | 'requestFingerprint' | 'id' | 'amountMinor' | 'currency' | 'unitPriceMinor' | 'discountId' | 'discountCode' | 'discountMinor' | 'taxBehavior'
> & {
  requestId: string;
};

export interface CheckoutOpening {
  ask: CheckoutAsk;
  data: NewCheckoutData;
  seller: Seller;
  offering: Offering;
  /** What it charges (priceCheckout): currency, discount, and whether it completes without the processor. */
  price: CheckoutPrice;
  /** A free checkout, inside the transaction that created it: what completes it (or leaves it pending, for a claim). */
  completeFree(tx: Tx, created: Checkout): Promise<Checkout>;
}

export interface OpenedCheckout {
  checkout: Checkout;
  /** False when the RequestId already had this checkout (a replay). */
  created: boolean;
}

/** A paid checkout whose session the processor refused: failed at creation, never opened. */
const failedAtCreation = (checkout: Checkout) => checkout.status === 'failed' && checkout.processor !== 'none' && checkout.processorSessionId === null;

/** The checkout a RequestId already belongs to, if any, after checking the replay asks the same. */
export async function findReplayedCheckout(ctx: { db: Db }, requestId: string, ask: CheckoutAsk): Promise<Checkout | null> {
  const existing = await ctx.db.checkout.findUnique({ where: { requestId } });
  if (!existing) return null;
  assertSameAsk(existing, ask);
  return awaitSession(ctx, existing);
}

/**
 * The free trial a checkout opens with: the offering's, unless the buyer (by account, or by the
 * address of an embedded checkout) already had a license of this offering: one trial per buyer.
 */
async function trialDaysFor(ctx: { db: Db }, offering: Offering, data: NewCheckoutData): Promise<number | null> {
  if (!offering.trialDays) return null;
  const email = typeof data.customerEmail === 'string' ? normalizeEmail(data.customerEmail) : null;
  const buyer = data.buyerAccountId ? { id: data.buyerAccountId } : email ? await ctx.db.account.findUnique({ where: { email }, select: { id: true } }) : null;
  if (!buyer) return offering.trialDays;
  const held = await ctx.db.license.count({ where: { offeringId: offering.id, buyerAccountId: buyer.id } });
  return held > 0 ? null : offering.trialDays;
}

/** Creates the checkout of `opening` (or answers with the one its RequestId already has). */
export async function openCheckout(ctx: { db: Db }, opening: CheckoutOpening): Promise<OpenedCheckout> {
  const { price } = opening;
  const processor = price.free ? null : selectPaymentProcessor();
  const trialDays = price.free ? null : await trialDaysFor(ctx, opening.offering, opening.data);
  const data = {
    ...opening.data,
    requestFingerprint: requestFingerprint(opening.ask),
    // A trial charges nothing at checkout: its first period is billed when the days free end (the
    // discount is taken off that first charge, at the processor).
    amountMinor: trialDays ? 0n : price.dueMinor,
    currency: price.currency,
    unitPriceMinor: price.unitPriceMinor,
    discountId: price.discount?.id ?? null,
    discountCode: price.discount?.code ?? null,
    discountMinor: trialDays ? 0n : (price.discount?.offMinor ?? 0n),
    // Tax is collected as the seller's settings say when the checkout opens (a later change of them changes no open checkout).
    taxBehavior: price.free || !opening.seller.taxCollection ? null : opening.seller.taxBehavior,
    trialDays,
  };
  const discountId = price.discount?.id ?? null;

  let checkout: Checkout;
  try {
    // The discount's redemption is taken in the transaction that creates the checkout: a refused
    // take creates nothing, and a failed create (a raced RequestId) takes nothing.
    checkout = processor
      ? discountId
        ? await ctx.db.$transaction(async (tx) => {
            await takeRedemption(tx, discountId);
            return tx.checkout.create({ data: { ...data, processor: processor.name } });
          })
        : await ctx.db.checkout.create({ data: { ...data, processor: processor.name } })
      : await ctx.db.$transaction(
          async (tx) => {
            if (discountId) await takeRedemption(tx, discountId);
            return opening.completeFree(tx, await tx.checkout.create({ data: { ...data, processor: 'none' } }));
          },
          { timeout: FREE_CHECKOUT_TRANSACTION_MS, maxWait: FREE_CHECKOUT_TRANSACTION_MS },
        );
  } catch (error) {
    if (sqlStateOf(error) === '23505') {
      const winner = await findReplayedCheckout(ctx, opening.data.requestId, opening.ask);
      if (winner) return { checkout: winner, created: false };
    }
    throw error;
  }
  if (!processor) return { checkout, created: true };
  return { checkout: await openSession(ctx, checkout, { processor, seller: opening.seller, offering: opening.offering, discount: price.discount }), created: true };
}

/** A replayed checkout's answer, waiting for (or resuming) the opening of its session. */
async function awaitSession(ctx: { db: Db }, existing: Checkout): Promise<Checkout> {
  let checkout = existing;
  const deadline = existing.createdAt.getTime() + SESSION_WAIT_MS;
  while (!checkout.sessionUrl && checkout.status === 'pending' && checkout.processor !== 'none' && Date.now() < deadline) {
    await sleep(SESSION_POLL_MS);
    checkout = await ctx.db.checkout.findUniqueOrThrow({ where: { id: existing.id } });
  }
  if (failedAtCreation(checkout)) throw new DomainError('CheckoutFailed', PROCESSOR_FAILED_MESSAGE);
  if (checkout.sessionUrl || checkout.status !== 'pending' || checkout.processor === 'none') return checkout;

  // Still without a session past the wait: the request that created it is gone. Resume it.
  logger.warn({ checkoutId: checkout.id }, 'checkout: resuming a checkout left without its processor session');
  const processor = selectPaymentProcessor();
  if (processor.name !== checkout.processor) {
    await failOpening(ctx, checkout.id);
    throw new DomainError('CheckoutFailed', PROCESSOR_FAILED_MESSAGE);
  }
  const [seller, offering, discount] = await Promise.all([
    ctx.db.seller.findUniqueOrThrow({ where: { id: checkout.sellerId } }),
    ctx.db.offering.findUniqueOrThrow({ where: { id: checkout.offeringId } }),
    checkout.discountId ? findRedeemedDiscount(ctx.db, checkout.discountId) : null,
  ]);
  if (checkout.discountCode && !discount) {
    // Its discount was deleted since: the processor could not take it off what the checkout recorded.
    await failOpening(ctx, checkout.id);
    throw new DomainError('CheckoutFailed', PROCESSOR_FAILED_MESSAGE);
  }
  return openSession(ctx, checkout, { processor, seller, offering, discount });
}

/** The processor could not open the session: the checkout fails with the reason (only while still pending without one). */
async function failOpening(ctx: { db: Db }, checkoutId: string): Promise<void> {
  await ctx.db.checkout.updateMany({ where: { id: checkoutId, status: 'pending', processorSessionId: null }, data: { status: 'failed', error: PROCESSOR_FAILED_ERROR } });
}

/** `url` with `session_id=<checkout id>` appended (the caller learns which checkout came back). */
export function withSessionId(url: string, checkoutId: string): string {
  const target = new URL(url);
  target.searchParams.set('session_id', checkoutId);
  return target.toString();
}

/**
 * Where the processor sends the buyer after paying. With a ReturnUrl, through this service's
 * return route, which settles the payment first so the result is completed on landing
 * (app/checkout/return); else the caller's SuccessUrl with session_id; else the hosted result page.
 */
export function processorSuccessUrl(checkout: Pick<Checkout, 'id' | 'successUrl' | 'returnUrl'>): string {
  const base = env().publicBaseUrl;
  if (checkout.returnUrl) return `${base}/checkout/return/${encodeURIComponent(checkout.id)}`;
  if (checkout.successUrl) return withSessionId(checkout.successUrl, checkout.id);
  return `${base}/checkout/complete?session_id=${encodeURIComponent(checkout.id)}`;
}

/** Where a buyer who cancels on the processor's page goes. */
export function processorCancelUrl(checkout: Pick<Checkout, 'id' | 'cancelUrl'>): string {
  if (checkout.cancelUrl) return withSessionId(checkout.cancelUrl, checkout.id);
  return `${env().publicBaseUrl}/checkout/cancelled?session_id=${encodeURIComponent(checkout.id)}`;
}

const INTERVAL_UNITS: Record<number, BillingInterval['unit']> = {
  [IntervalUnit.Day]: 'day',
  [IntervalUnit.Week]: 'week',
  [IntervalUnit.Month]: 'month',
  [IntervalUnit.Year]: 'year',
};

/** A subscription's billing period in the port's terms; null for a one-time payment. One without a period cannot be billed. */
export function billingIntervalOf(offering: Pick<Offering, 'id' | 'classification' | 'interval' | 'intervalUnit'>): BillingInterval | null {
  if (offering.classification !== LicenseClassification.Subscription) return null;
  const unit = offering.intervalUnit === null ? undefined : INTERVAL_UNITS[offering.intervalUnit];
  if (!unit || offering.interval === null || offering.interval < 1) throw new Error(`Offering ${offering.id} is a subscription without a billing interval.`);
  return { unit, count: offering.interval };
}

/** The discount in the port's terms, its processor objects made (once) and kept on it. */
async function processorDiscountOf(ctx: { db: Db }, processor: PaymentPort, input: { account: string | null; discount: ApplicableDiscount; currency: string }): Promise<CheckoutDiscount> {
  const { discount } = input;
  const known = discount.stripeCouponId && discount.stripePromotionCodeId ? { couponId: discount.stripeCouponId, promotionCodeId: discount.stripePromotionCodeId } : null;
  const terms: CheckoutDiscount = { id: discount.id, code: discount.code, name: discount.name, ...discount.terms, processorRefs: known };
  if (known) return terms;
  const made = await processor.prepareDiscount({ account: input.account, discount: terms, currency: input.currency });
  if (made) await recordProcessorDiscount(ctx, discount.id, made);
  return { ...terms, processorRefs: made };
}

/** Steps 2 and 3: the processor's session for a committed pending checkout, stored on it. */
async function openSession(
  ctx: { db: Db },
  checkout: Checkout,
  parts: { processor: PaymentPort; seller: Seller; offering: Offering; discount: ApplicableDiscount | null },
): Promise<Checkout> {
  let session;
  try {
    const discount = parts.discount ? await processorDiscountOf(ctx, parts.processor, { account: parts.seller.stripeAccountId, discount: parts.discount, currency: checkout.currency }) : null;
    session = await parts.processor.openCheckout({
      checkoutId: checkout.id,
      account: parts.seller.stripeAccountId,
      productName: parts.offering.name,
      // What the checkout recorded when it opened (the price in its currency), not the offering's price now.
      unitAmountMinor: checkout.unitPriceMinor ?? parts.offering.priceMinor ?? 0,
      currency: checkout.currency,
      discount,
      tax: checkout.taxBehavior ? { behavior: checkout.taxBehavior } : null,
      interval: billingIntervalOf(parts.offering),
      trialDays: checkout.trialDays,
      quantity: checkout.quantity,
      customerEmail: checkout.customerEmail,
      successUrl: processorSuccessUrl(checkout),
      cancelUrl: processorCancelUrl(checkout),
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
  return stored;
}
