import type Stripe from 'stripe';
import type { CheckoutDiscount, CheckoutPaymentState, CheckoutRequest, PaymentPort, ProcessorDiscountRefs, ProcessorSession, RefundRequest, SubscriptionDecision, SubscriptionRef, SubscriptionSnapshot, UsageReportRequest } from '../port';
import { stripeClient, stripeIdOf } from './stripe-client';
import { paymentSucceededOf } from './stripe-events';

// The payment port on Stripe: Checkout Sessions priced inline, subscriptions with quantity = seats,
// refunds, meter events and the customer portal, each on the seller's connected account when it has
// one. Every write carries an idempotency key derived from the change that asked for it, so the
// SDK's retries (network failures, 5xx) and a call repeated after a crash change Stripe once.

/** The request options that put a call on the seller's connected account. */
const onAccount = (account: string | null): Stripe.RequestOptions => (account ? { stripeAccount: account } : {});

/** The Checkout Session for one checkout: one line item priced inline, quantity = seats. */
export function checkoutSessionParams(request: CheckoutRequest): Stripe.Checkout.SessionCreateParams {
  const mode = request.interval ? 'subscription' : 'payment';
  const metadata = { checkoutId: request.checkoutId };
  return {
    mode,
    line_items: [
      {
        quantity: request.quantity,
        price_data: {
          currency: request.currency.toLowerCase(),
          unit_amount: request.unitAmountMinor,
          ...(request.tax ? { tax_behavior: request.tax.behavior } : {}),
          product_data: { name: request.productName },
          ...(request.interval ? { recurring: { interval: request.interval.unit, interval_count: request.interval.count } } : {}),
        },
      },
    ],
    // The code the service checked and counted; buyers cannot type another on Stripe's page.
    ...(request.discount?.processorRefs ? { discounts: [{ promotion_code: request.discount.processorRefs.promotionCodeId }] } : {}),
    // The seller collects tax: Stripe Tax computes it from the billing address collected on the page
    // (its own rules: reverse charge for a business with a valid tax id), on this and later invoices.
    ...(request.tax
      ? {
          automatic_tax: { enabled: true },
          billing_address_collection: 'required' as const,
          tax_id_collection: { enabled: true },
          ...(mode === 'payment' ? { customer_creation: 'always' as const } : {}),
        }
      : {}),
    customer_email: request.customerEmail ?? undefined,
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    // The webhook finds the checkout by these; the subscription and payment carry it too so
    // later events (renewals, disputes) can be traced back to the purchase.
    client_reference_id: request.checkoutId,
    metadata,
    ...(mode === 'subscription'
      ? {
          subscription_data: { metadata, ...(request.trialDays ? { trial_period_days: request.trialDays } : {}) },
          // A trial converts by itself: the card is collected now, before the days free.
          ...(request.trialDays ? { payment_method_collection: 'always' as const } : {}),
        }
      : { payment_intent_data: { metadata } }),
  };
}

/** The coupon of a discount: what it takes off, for how long (its id is ours, so it is made once per account). */
function couponParams(discount: CheckoutDiscount, currency: string): Stripe.CouponCreateParams {
  const amountIn = (wanted: string) => discount.amounts.find((amount) => amount.currency === wanted)?.amountMinor;
  const main = amountIn(currency);
  const others = discount.amounts.filter((amount) => amount.currency !== currency);
  return {
    id: stripeCouponIdOf(discount.id),
    name: (discount.name ?? discount.code).slice(0, 40),
    duration: discount.duration,
    ...(discount.duration === 'repeating' && discount.durationMonths ? { duration_in_months: discount.durationMonths } : {}),
    ...(discount.kind === 'percent'
      ? { percent_off: discount.percentOff ?? 0 }
      : {
          amount_off: main,
          currency,
          ...(others.length > 0 ? { currency_options: Object.fromEntries(others.map((amount) => [amount.currency, { amount_off: amount.amountMinor }])) } : {}),
        }),
    metadata: { discountId: discount.id },
  };
}

/** Our id of a discount's coupon on the seller's account. */
const stripeCouponIdOf = (discountId: string) => `licensing_${discountId}`;

const alreadyExists = (error: unknown) => (error as { code?: string } | null)?.code === 'resource_already_exists';

/**
 * The coupon and promotion code of a discount on the seller's account, made once: the coupon has
 * our id (a second create answers resource_already_exists), the promotion code is found by its code
 * before it is made, and both requests carry idempotency keys from the discount's id.
 */
async function prepareDiscount(input: { account: string | null; discount: CheckoutDiscount; currency: string }): Promise<ProcessorDiscountRefs> {
  const stripe = stripeClient();
  const couponId = stripeCouponIdOf(input.discount.id);
  try {
    await stripe.coupons.create(couponParams(input.discount, input.currency), { idempotencyKey: `coupon-${input.discount.id}`, ...onAccount(input.account) });
  } catch (error) {
    if (!alreadyExists(error)) throw error;
  }
  const existing = await stripe.promotionCodes.list({ code: input.discount.code, coupon: couponId, limit: 1 }, onAccount(input.account));
  const found = existing.data[0];
  if (found) return { couponId, promotionCodeId: found.id };
  const created = await stripe.promotionCodes.create(
    { promotion: { type: 'coupon', coupon: couponId }, code: input.discount.code, metadata: { discountId: input.discount.id } },
    { idempotencyKey: `promotion-code-${input.discount.id}`, ...onAccount(input.account) },
  );
  return { couponId, promotionCodeId: created.id };
}

/** Stripe's subscription as the port's snapshot. */
function snapshotOf(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const ended = subscription.status === 'canceled' || subscription.status === 'incomplete_expired';
  const status: SubscriptionSnapshot['status'] = ended
    ? 'ended'
    : subscription.status === 'paused'
      ? 'paused'
      : subscription.status === 'past_due' || subscription.status === 'unpaid'
        ? 'past_due'
        : subscription.status === 'trialing'
          ? 'trialing'
          : subscription.status === 'incomplete'
            ? 'incomplete'
            : 'active';
  return { status, collectionPaused: Boolean(subscription.pause_collection), quantity: subscription.items?.data?.[0]?.quantity ?? null };
}

/**
 * The PaymentIntent that paid a checkout: the session's own for a one-time payment; for a
 * subscription, the one that paid its first invoice.
 */
async function paymentOfSession(stripe: Stripe, account: string | null, processorSessionId: string): Promise<string | null> {
  const session = await stripe.checkout.sessions.retrieve(processorSessionId, {}, onAccount(account));
  const direct = stripeIdOf(session.payment_intent);
  if (direct) return direct;
  const invoice = stripeIdOf(session.invoice);
  if (!invoice) return null;
  const payments = await stripe.invoicePayments.list({ invoice, limit: 1 }, onAccount(account));
  return stripeIdOf(payments.data[0]?.payment?.payment_intent) ?? null;
}

async function applyDecision(subscription: SubscriptionRef, decision: SubscriptionDecision, idempotencyKey: string): Promise<'applied' | 'ended'> {
  const stripe = stripeClient();
  const options = { idempotencyKey, ...onAccount(subscription.account) };
  const current = await stripe.subscriptions.retrieve(subscription.subscriptionId, {}, onAccount(subscription.account));
  if (current.status === 'canceled' || current.status === 'incomplete_expired') return 'ended';
  switch (decision.kind) {
    case 'cancel':
      await stripe.subscriptions.cancel(subscription.subscriptionId, {}, options);
      break;
    case 'pause':
      // Collection paused, invoices voided while suspended: the buyer is not charged for a license that does not run.
      await stripe.subscriptions.update(subscription.subscriptionId, { pause_collection: { behavior: 'void' } }, options);
      break;
    case 'resume':
      await stripe.subscriptions.update(subscription.subscriptionId, { pause_collection: '' }, options);
      break;
    case 'set-quantity': {
      const item = current.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${subscription.subscriptionId} has no item to set the quantity on.`);
      await stripe.subscriptionItems.update(item.id, { quantity: decision.quantity }, options);
      break;
    }
    case 'set-price': {
      // The item keeps its product (made inline at checkout); its price is replaced inline too.
      const item = current.items.data[0];
      const product = stripeIdOf(item?.price?.product);
      if (!item || !product) throw new Error(`Stripe subscription ${subscription.subscriptionId} has no priced item to change.`);
      const priceData = (unitAmount: number) => ({
        currency: decision.currency.toLowerCase(),
        product,
        unit_amount: unitAmount,
        recurring: { interval: decision.interval.unit, interval_count: decision.interval.count },
      });
      // Stripe prorates from the item's price: one still carrying a period-end change's price (told
      // unprorated, then cancelled or replaced) is put back to the price of sale first, unprorated.
      const carried = item.price?.unit_amount;
      if (decision.proration === 'now' && decision.fromUnitAmountMinor !== null && typeof carried === 'number' && carried !== decision.fromUnitAmountMinor) {
        await stripe.subscriptionItems.update(item.id, { price_data: priceData(decision.fromUnitAmountMinor), proration_behavior: 'none' }, { ...options, idempotencyKey: `${idempotencyKey}-base` });
      }
      await stripe.subscriptionItems.update(
        item.id,
        { price_data: priceData(decision.unitAmountMinor), proration_behavior: decision.proration === 'now' ? 'create_prorations' : 'none' },
        options,
      );
      break;
    }
  }
  return 'applied';
}

async function refund(request: RefundRequest): Promise<{ processorRefundId: string }> {
  const stripe = stripeClient();
  const paymentIntent = request.paymentId ?? (request.processorSessionId ? await paymentOfSession(stripe, request.account, request.processorSessionId) : null);
  if (!paymentIntent) throw new Error('Stripe has no payment for this order to refund (the checkout session shows none).');
  const created = await stripe.refunds.create(
    {
      payment_intent: paymentIntent,
      amount: request.amountMinor,
      metadata: { refundId: request.refundId },
      // Stripe's own reasons are a closed list; the seller's words stay in our records.
      reason: 'requested_by_customer',
    },
    { idempotencyKey: request.idempotencyKey, ...onAccount(request.account) },
  );
  if (created.status === 'failed' || created.status === 'canceled') throw new Error(`Stripe refused the refund (${created.status}${created.failure_reason ? `: ${created.failure_reason}` : ''}).`);
  return { processorRefundId: created.id };
}

/** The Stripe meter of a feature: the seller creates one meter per metered feature with this event name. */
export function stripeMeterEventName(featureKey: string): string {
  return `usage_${featureKey.replace(/[^A-Za-z0-9_]/g, '_')}`;
}

async function reportUsage(request: UsageReportRequest): Promise<void> {
  await stripeClient().billing.meterEvents.create(
    { event_name: stripeMeterEventName(request.featureKey), identifier: request.identifier, payload: { stripe_customer_id: request.customerId, value: request.units.toString() } },
    { idempotencyKey: `meter-event-${request.identifier}`, ...onAccount(request.account) },
  );
}

export const stripePort: PaymentPort = {
  name: 'stripe',
  prepareDiscount,
  async openCheckout(request: CheckoutRequest): Promise<ProcessorSession> {
    // The key is the checkout's own id: a retried call never opens a second session for one checkout.
    const session = await stripeClient().checkout.sessions.create(checkoutSessionParams(request), { idempotencyKey: `checkout-session-${request.checkoutId}`, ...onAccount(request.account) });
    if (!session.url) throw new Error(`Stripe returned Checkout Session ${session.id} without a hosted URL.`);
    return { sessionUrl: session.url, processorSessionId: session.id };
  },
  async readCheckoutPayment(input): Promise<CheckoutPaymentState> {
    const session = await stripeClient().checkout.sessions.retrieve(input.processorSessionId, {}, onAccount(input.account));
    const event = paymentSucceededOf(session, { id: null, account: input.account, occurredAt: new Date() });
    return event ? { paid: true, event } : { paid: false };
  },
  applyDecision,
  refund,
  async readSubscription(subscription): Promise<SubscriptionSnapshot | null> {
    try {
      return snapshotOf(await stripeClient().subscriptions.retrieve(subscription.subscriptionId, {}, onAccount(subscription.account)));
    } catch (error) {
      const missing = (error as { code?: string; statusCode?: number } | null)?.code === 'resource_missing' || (error as { statusCode?: number } | null)?.statusCode === 404;
      if (missing) return null;
      throw error;
    }
  },
  reportUsage,
  async openBillingPortal(input) {
    const session = await stripeClient().billingPortal.sessions.create({ customer: input.customerId, return_url: input.returnUrl }, onAccount(input.account));
    return { url: session.url };
  },
};
