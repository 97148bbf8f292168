import type Stripe from 'stripe';
import type { Checkout, LicenseStatus } from '@/generated/prisma/client';
import { failCheckout, settleCheckout } from '../checkout/settle-checkout';
import type { Db } from '../db';
import { publishInvalidation } from '../platform/invalidation/invalidation';
import { applyStripeAccountUpdate } from './stripe-connect-onboarding';
import { logger } from '../platform/logging/logger';

// What Stripe's events do to our checkouts and licenses. Stripe delivers at least once and in no
// guaranteed order, so every step is a guarded update: a replay changes nothing, and a state that
// ends a license (Cancelled, Expired) is never left. A connected account's update moves its
// seller's checkout readiness (Stripe Connect onboarding).

export type StripeEventOutcome = 'settled' | 'failed' | 'license-updated' | 'seller-updated' | 'no-change' | 'ignored';

/** Raised when an event arrived before the state it applies to; the webhook answers 500 so Stripe redelivers it. */
export class StripeEventTooEarlyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StripeEventTooEarlyError';
  }
}

const FINAL_LICENSE_STATUSES: LicenseStatus[] = ['Cancelled', 'Expired'];

export async function handleStripeEvent(ctx: { db: Db }, event: Stripe.Event): Promise<StripeEventOutcome> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return settleFromSession(ctx, event.data.object);
    case 'checkout.session.expired':
      return failFromSession(ctx, event.data.object, 'Checkout expired.');
    case 'checkout.session.async_payment_failed':
      return failFromSession(ctx, event.data.object, 'Payment failed.');
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed': {
      const subscription = event.data.object;
      const status = licenseStatusOf(subscription, event.type === 'customer.subscription.deleted');
      if (!status) return 'ignored';
      return moveLicense(ctx, { subscriptionId: subscription.id, status, checkoutId: subscription.metadata?.checkoutId });
    }
    case 'invoice.payment_failed': {
      const subscription = subscriptionOfInvoice(event.data.object);
      if (!subscription) return 'ignored';
      return moveLicense(ctx, { ...subscription, status: 'Suspended' });
    }
    case 'account.updated': {
      const applied = await applyStripeAccountUpdate(ctx, event.data.object);
      return applied === 'updated' ? 'seller-updated' : applied;
    }
    default:
      // Acknowledged so Stripe stops sending it; nothing here depends on it.
      return 'ignored';
  }
}

/**
 * Stripe's subscription status as a license status; null leaves the license as it is
 * (`incomplete`: the first payment is still open, and nothing was minted on it yet).
 */
export function licenseStatusOf(subscription: Stripe.Subscription, deleted: boolean): LicenseStatus | null {
  if (deleted || subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return 'Cancelled';
  if (subscription.status === 'paused' || subscription.pause_collection) return 'Paused';
  if (subscription.status === 'past_due' || subscription.status === 'unpaid') return 'Suspended';
  if (subscription.status === 'active' || subscription.status === 'trialing') return 'Active';
  return null;
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

/**
 * The checkout a session was opened for. The metadata names it, but it is trusted only when the
 * checkout's own processor session is this one: a connected account can put any metadata on a
 * session of its own.
 */
async function checkoutOfSession(ctx: { db: Db }, session: Stripe.Checkout.Session): Promise<Checkout | null> {
  const named = session.metadata?.checkoutId ?? session.client_reference_id;
  if (named) {
    const checkout = await ctx.db.checkout.findUnique({ where: { id: named } });
    if (checkout && checkout.processor === 'stripe' && checkout.processorSessionId === session.id) return checkout;
  }
  const checkout = await ctx.db.checkout.findUnique({ where: { processorSessionId: session.id } });
  if (checkout?.processor === 'stripe') return checkout;
  // A session this service did not open (an account shared with other software, or a checkout
  // whose creation rolled back after Stripe answered): acknowledged, nothing to do.
  logger.warn({ sessionId: session.id }, 'stripe: no checkout for this Checkout Session; event ignored');
  return null;
}

async function settleFromSession(ctx: { db: Db }, session: Stripe.Checkout.Session): Promise<StripeEventOutcome> {
  // `unpaid` completes asynchronous methods (bank debits): async_payment_succeeded follows.
  if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return 'ignored';
  const checkout = await checkoutOfSession(ctx, session);
  if (!checkout) return 'ignored';
  const settled = await settleCheckout(ctx, {
    checkoutId: checkout.id,
    processorCustomerId: idOf(session.customer),
    processorSubscriptionId: idOf(session.subscription),
    customerEmail: session.customer_details?.email ?? null,
  });
  return settled.settled ? 'settled' : 'no-change';
}

async function failFromSession(ctx: { db: Db }, session: Stripe.Checkout.Session, error: string): Promise<StripeEventOutcome> {
  const checkout = await checkoutOfSession(ctx, session);
  if (!checkout) return 'ignored';
  return (await failCheckout(ctx, { checkoutId: checkout.id, error })) ? 'failed' : 'no-change';
}

/**
 * The subscription an invoice bills. Webhook payloads follow the endpoint's API version, not the
 * SDK's: newer versions name it under `parent.subscription_details`, older ones at the top level.
 */
function subscriptionOfInvoice(invoice: Stripe.Invoice): { subscriptionId: string; checkoutId?: string } | null {
  const details = invoice.parent?.subscription_details;
  const subscriptionId = idOf(details?.subscription) ?? idOf((invoice as { subscription?: string | { id: string } | null }).subscription);
  if (!subscriptionId) return null;
  return { subscriptionId, checkoutId: details?.metadata?.checkoutId };
}

async function moveLicense(
  ctx: { db: Db },
  input: { subscriptionId: string; status: LicenseStatus; checkoutId?: string },
): Promise<StripeEventOutcome> {
  const moved = await ctx.db.license.updateManyAndReturn({
    where: { processorSubscriptionId: input.subscriptionId, status: { notIn: [...FINAL_LICENSE_STATUSES, input.status] } },
    data: { status: input.status },
    select: { id: true },
  });
  if (moved.length > 0) {
    // Every copy drops the license's cached status, so its seats see the change at their next refresh.
    for (const license of moved) await publishInvalidation(ctx, 'license-status', license.id);
    return 'license-updated';
  }
  if (await ctx.db.license.count({ where: { processorSubscriptionId: input.subscriptionId } })) return 'no-change';

  // No license yet. If its checkout is still waiting for checkout.session.completed, this event
  // overtook it: ask for redelivery, unless it only says what minting will do anyway (Active).
  if (input.checkoutId && input.status !== 'Active') {
    const checkout = await ctx.db.checkout.findUnique({ where: { id: input.checkoutId }, select: { status: true, processor: true } });
    if (checkout?.processor === 'stripe' && checkout.status === 'pending') {
      throw new StripeEventTooEarlyError(`Subscription ${input.subscriptionId} changed before its checkout ${input.checkoutId} settled.`);
    }
  }
  return 'ignored';
}
