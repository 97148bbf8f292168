import type Stripe from 'stripe';
import { IntervalUnit } from '../catalog/catalog-enums';
import { paymentMode, type PaymentProcessorAdapter, type ProcessorSession, type ProcessorSessionInput } from './payment-processor';
import { stripeClient } from './stripe-client';

type RecurringInterval = Stripe.Checkout.SessionCreateParams.LineItem.PriceData.Recurring.Interval;

const STRIPE_INTERVALS: Record<number, RecurringInterval> = {
  [IntervalUnit.Day]: 'day',
  [IntervalUnit.Week]: 'week',
  [IntervalUnit.Month]: 'month',
  [IntervalUnit.Year]: 'year',
};

/** A subscription's billing period in Stripe's terms; an offering without one cannot be billed. */
function recurringOf(offering: ProcessorSessionInput['offering']): Stripe.Checkout.SessionCreateParams.LineItem.PriceData.Recurring {
  const interval = offering.intervalUnit === null ? undefined : STRIPE_INTERVALS[offering.intervalUnit];
  if (!interval || offering.interval === null || offering.interval < 1) {
    throw new Error(`Offering ${offering.id} is a subscription without a billing interval.`);
  }
  return { interval, interval_count: offering.interval };
}

/** The Checkout Session for one checkout: one line item priced inline, quantity = seats. */
export function checkoutSessionParams(input: ProcessorSessionInput): Stripe.Checkout.SessionCreateParams {
  const mode = paymentMode(input.offering);
  const metadata = { checkoutId: input.checkoutId };
  return {
    mode,
    line_items: [
      {
        quantity: input.quantity,
        price_data: {
          currency: input.offering.currency.toLowerCase(),
          unit_amount: input.offering.priceMinor,
          product_data: { name: input.offering.name },
          ...(mode === 'subscription' ? { recurring: recurringOf(input.offering) } : {}),
        },
      },
    ],
    customer_email: input.customerEmail ?? undefined,
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    // The webhook finds the checkout by these; the subscription and payment carry it too so
    // later events (renewals, disputes) can be traced back to the purchase.
    client_reference_id: input.checkoutId,
    metadata,
    ...(mode === 'subscription' ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
  };
}

/**
 * Payments through Stripe Checkout, on the seller's connected account when it has one. The
 * idempotency key is the checkout's own id, so a retried call (the SDK retries network failures
 * and 5xx) never opens a second session for one checkout.
 */
export function stripeProcessor(): PaymentProcessorAdapter {
  return {
    name: 'stripe',
    async createCheckoutSession(input: ProcessorSessionInput): Promise<ProcessorSession> {
      const options: Stripe.RequestOptions = { idempotencyKey: `checkout-session-${input.checkoutId}` };
      if (input.seller.stripeAccountId) options.stripeAccount = input.seller.stripeAccountId;
      const session = await stripeClient().checkout.sessions.create(checkoutSessionParams(input), options);
      if (!session.url) throw new Error(`Stripe returned Checkout Session ${session.id} without a hosted URL.`);
      return { sessionUrl: session.url, processorSessionId: session.id };
    },
  };
}
