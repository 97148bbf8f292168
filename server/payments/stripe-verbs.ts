import type Stripe from 'stripe';
import { stripeClient } from './stripe-client';

// What the rest of the service asks of Stripe beyond checkouts and processor calls, so that no room
// but payments/ imports the SDK or knows its shapes (README "Design notes": the payment port).

/** A Stripe event as delivered to the webhook: verified, and shaped like one. */
export type StripeEvent = Stripe.Event;

/** Stripe always sends these; a signed body without them is not one of its events. */
function isWellFormed(event: Stripe.Event): boolean {
  return typeof event.id === 'string' && event.id.length > 0 && typeof event.type === 'string' && typeof event.created === 'number' && typeof event.livemode === 'boolean';
}

/**
 * The event when the body verifies under one of the secrets (the signature covers the exact bytes
 * Stripe sent) and is shaped like an event; `invalid-signature` or `malformed` otherwise.
 */
export function verifyStripeEvent(raw: string, signature: string, secrets: string[]): StripeEvent | 'invalid-signature' | 'malformed' {
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

/** The Stripe meter of a feature: the seller creates one meter per metered feature with this event name. */
export function stripeMeterEventName(featureKey: string): string {
  return `usage_${featureKey.replace(/[^A-Za-z0-9_]/g, '_')}`;
}

/**
 * One meter event for the buyer's customer on the seller's account; `identifier` is both Stripe's
 * dedupe key for the event and the request's idempotency key, so a retry bills nothing twice.
 */
export async function sendStripeMeterEvent(input: { stripeAccountId: string | null; customer: string; featureKey: string; units: bigint; identifier: string }): Promise<void> {
  await stripeClient().billing.meterEvents.create(
    { event_name: stripeMeterEventName(input.featureKey), identifier: input.identifier, payload: { stripe_customer_id: input.customer, value: input.units.toString() } },
    { idempotencyKey: `meter-event-${input.identifier}`, ...(input.stripeAccountId ? { stripeAccount: input.stripeAccountId } : {}) },
  );
}

/** A short-lived, single-use Stripe customer portal session, on the seller's account when it has one. */
export async function openStripeBillingPortal(input: { stripeAccountId: string | null; customer: string; returnUrl: string }): Promise<{ url: string }> {
  const account = input.stripeAccountId ? { stripeAccount: input.stripeAccountId } : undefined;
  const session = await stripeClient().billingPortal.sessions.create({ customer: input.customer, return_url: input.returnUrl }, account);
  return { url: session.url };
}
