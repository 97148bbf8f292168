import type Stripe from 'stripe';
import type { BillingDetails, ProcessorEvent } from '../port';
import { stripeClient, stripeIdOf } from './stripe-client';

// Stripe's notifications in the port's words. The webhook verifies the signature (the exact bytes
// Stripe sent) and the key's mode, then translates; the domain applies what it is told
// (orders/processor-events/apply-processor-event.ts). Nothing here touches the database.

/** Stripe always sends these; a signed body without them is not one of its events. */
function isWellFormed(event: Stripe.Event): boolean {
  return typeof event.id === 'string' && event.id.length > 0 && typeof event.type === 'string' && typeof event.created === 'number' && typeof event.livemode === 'boolean';
}

/**
 * The event when the body verifies under one of the secrets (the signature covers the exact bytes
 * Stripe sent) and is shaped like an event; `invalid-signature` or `malformed` otherwise.
 */
export function verifyStripeEvent(raw: string, signature: string, secrets: string[]): Stripe.Event | 'invalid-signature' | 'malformed' {
  for (const secret of secrets) {
    let event: Stripe.Event;
    try {
      event = stripeClient().webhooks.constructEvent(raw, signature, secret);
    } catch {
      // Not signed with this one (or stale, or tampered): try the next.
      continue;
    }
    return isWellFormed(event) ? event : 'malformed';
  }
  return 'invalid-signature';
}

/** When Stripe created the event. A payload without `created` (only ever hand-built) counts as now. */
function stripeEventTime(event: Pick<Stripe.Event, 'created'>): Date {
  return typeof event.created === 'number' ? new Date(event.created * 1000) : new Date();
}

type Base = Pick<ProcessorEvent, 'id' | 'account' | 'occurredAt' | 'source'>;

/** The billing address and tax id the buyer gave on Stripe's page (collected when the seller collects tax). */
function billingOf(session: Stripe.Checkout.Session): BillingDetails | null {
  const details = session.customer_details;
  if (!details) return null;
  const address = details.address?.country
    ? {
        country: details.address.country,
        ...(details.address.line1 ? { line1: details.address.line1 } : {}),
        ...(details.address.city ? { city: details.address.city } : {}),
        ...(details.address.postal_code ? { postalCode: details.address.postal_code } : {}),
        ...(details.address.state ? { state: details.address.state } : {}),
      }
    : null;
  const taxId = details.tax_ids?.[0]?.value ?? null;
  if (!address && !taxId) return null;
  return { address, taxId, taxExempt: details.tax_exempt === 'exempt' || details.tax_exempt === 'reverse' };
}

/** A completed Checkout Session as a payment, or null while it is not paid (an asynchronous method still settling). */
export function paymentSucceededOf(session: Stripe.Checkout.Session, base: Base): (ProcessorEvent & { type: 'PaymentSucceeded' }) | null {
  if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return null;
  return {
    ...base,
    processor: 'stripe',
    type: 'PaymentSucceeded',
    checkoutId: session.metadata?.checkoutId ?? session.client_reference_id ?? null,
    processorSessionId: session.id,
    customerId: stripeIdOf(session.customer),
    subscriptionId: stripeIdOf(session.subscription),
    paymentId: stripeIdOf(session.payment_intent),
    customerEmail: session.customer_details?.email ?? null,
    charged:
      typeof session.amount_total === 'number'
        ? { totalMinor: session.amount_total, discountMinor: session.total_details?.amount_discount ?? 0, taxMinor: session.total_details?.amount_tax ?? 0, taxRateBps: null }
        : null,
    billing: billingOf(session),
  };
}

/**
 * The subscription an invoice bills. Webhook payloads follow the endpoint's API version, not the
 * SDK's: newer versions name it under `parent.subscription_details`, older ones at the top level.
 */
function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  return stripeIdOf(invoice.parent?.subscription_details?.subscription) ?? stripeIdOf((invoice as { subscription?: string | { id: string } | null }).subscription);
}

/** The end of the period an invoice pays for: its subscription line's period (the invoice's own period_end is the previous one's). */
function paidPeriodEnd(invoice: Stripe.Invoice): Date {
  const lineEnd = invoice.lines?.data?.find((line) => line.period?.end)?.period.end;
  return new Date((lineEnd ?? invoice.period_end) * 1000);
}

function subscriptionEvent(subscription: Stripe.Subscription, deleted: boolean, base: Base): ProcessorEvent | null {
  const checkoutId = subscription.metadata?.checkoutId ?? null;
  if (deleted || subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
    return { ...base, processor: 'stripe', type: 'SubscriptionEnded', subscriptionId: subscription.id, checkoutId };
  }
  const state =
    subscription.status === 'paused' || subscription.pause_collection
      ? 'paused'
      : subscription.status === 'past_due' || subscription.status === 'unpaid'
        ? 'past_due'
        : subscription.status === 'active' || subscription.status === 'trialing' || subscription.status === 'incomplete'
          ? (subscription.status as 'active' | 'trialing' | 'incomplete')
          : null;
  if (!state) return null;
  return { ...base, processor: 'stripe', type: 'SubscriptionChanged', subscriptionId: subscription.id, checkoutId, state };
}

/** What a verified Stripe event tells the domain; null for what nothing here depends on (acknowledged all the same). */
export function translateStripeEvent(event: Stripe.Event): ProcessorEvent | null {
  const base: Base = { id: event.id, account: event.account ?? null, occurredAt: stripeEventTime(event), source: { type: event.type, livemode: event.livemode === true } };
  const stripe = { ...base, processor: 'stripe' as const };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return paymentSucceededOf(event.data.object, base);
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      return {
        ...stripe,
        type: 'PaymentFailed',
        checkoutId: session.metadata?.checkoutId ?? session.client_reference_id ?? null,
        processorSessionId: session.id,
        subscriptionId: null,
        reason: event.type === 'checkout.session.expired' ? 'Checkout expired.' : 'Payment failed.',
      };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
    case 'customer.subscription.deleted':
      return subscriptionEvent(event.data.object, event.type === 'customer.subscription.deleted', base);
    case 'customer.subscription.trial_will_end': {
      const subscription = event.data.object;
      if (!subscription.trial_end) return null;
      return { ...stripe, type: 'TrialWillEnd', subscriptionId: subscription.id, trialEnd: new Date(subscription.trial_end * 1000) };
    }
    case 'invoice.payment_failed': {
      const subscriptionId = subscriptionOfInvoice(event.data.object);
      if (!subscriptionId) return null;
      return { ...stripe, type: 'PaymentFailed', checkoutId: null, processorSessionId: null, subscriptionId, reason: 'Invoice payment failed.' };
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const subscriptionId = subscriptionOfInvoice(invoice);
      if (!subscriptionId || !invoice.id) return null;
      return {
        ...stripe,
        type: 'InvoicePaid',
        subscriptionId,
        invoiceId: invoice.id,
        paymentId: stripeIdOf(invoice.payments?.data?.[0]?.payment?.payment_intent) ?? null,
        amountMinor: invoice.amount_paid,
        currency: invoice.currency,
        periodEnd: paidPeriodEnd(invoice),
        first: invoice.billing_reason === 'subscription_create',
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentId = stripeIdOf(charge.payment_intent);
      if (!paymentId) return null;
      return { ...stripe, type: 'Refunded', paymentId, refundedMinor: charge.amount_refunded, currency: charge.currency };
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      const paymentId = stripeIdOf(dispute.payment_intent);
      if (!paymentId) return null;
      return { ...stripe, type: 'DisputeOpened', disputeId: dispute.id, paymentId, amountMinor: dispute.amount, currency: dispute.currency, reason: dispute.reason ?? null };
    }
    case 'charge.dispute.closed': {
      const dispute = event.data.object;
      const paymentId = stripeIdOf(dispute.payment_intent);
      if (!paymentId) return null;
      // `warning_closed` is an inquiry that never became a chargeback: the seller keeps the money.
      return { ...stripe, type: 'DisputeClosed', disputeId: dispute.id, paymentId, outcome: dispute.status === 'lost' ? 'lost' : 'won' };
    }
    case 'account.updated':
      return { ...stripe, type: 'AccountUpdated', accountId: event.data.object.id, chargesEnabled: event.data.object.charges_enabled === true };
    default:
      return null;
  }
}
