import type Stripe from 'stripe';
import { recordCheckoutFailed } from '../checkout/checkout-events';
import { recordEvent } from '../events/record-event';
import type { Checkout, LicenseStatus } from '@/generated/prisma/client';
import { publishCatalogChange } from '../catalog/catalog-cache';
import { deliverSettlement, settleCheckoutWithin } from '../checkout/settle-checkout';
import type { Db } from '../db';
import { FINAL_LICENSE_STATUSES } from '../licensing/licenses/license-status';
import { publishInvalidation } from '../platform/invalidation/invalidation';
import { logger } from '../platform/logging/logger';
import { applyStripeAccountUpdate } from './stripe-connect-onboarding';
import { stripeIdOf } from './stripe-client';
import { LICENSE_STATUS_TOPIC } from '../licensing/licensing-topics';

// What Stripe's events do to our checkouts and licenses. Stripe delivers at least once, in no
// guaranteed order, and to two endpoints (the platform's own events and its connected accounts'),
// so:
// - every event id is processed once: its StripeEvent row is inserted in the same transaction as
//   its effect, and a redelivery (or a concurrent second delivery, which waits on that row's
//   unique index) changes nothing;
// - an event applies only from the seller's own Stripe account: `event.account` (set on events of
//   connected accounts) must be the seller's connected account, and absent when the seller has
//   none (its checkouts run on the platform account). Anything else is acknowledged, logged, and
//   changes nothing (not even the event record);
// - a license's subscription status moves only forward in Stripe's time: License.processorStateAt
//   is the `created` of the event that set it, and an older event is ignored (the same second
//   applies: `created` has one-second resolution);
// - a state that ends a license (Cancelled, Expired) is never left.
// The webhook checks the signature and the key's mode (livemode) before calling this.

export type StripeEventOutcome = 'settled' | 'failed' | 'license-updated' | 'seller-updated' | 'no-change' | 'ignored';

/** Raised when an event arrived before the state it applies to; the webhook answers 500 so Stripe redelivers it. */
export class StripeEventTooEarlyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StripeEventTooEarlyError';
  }
}

/** Longer than the slowest effect (a settlement mints a license and signs its code). */
const EVENT_TRANSACTION_MS = 30_000;

interface Applied {
  outcome: StripeEventOutcome | 'wrong-account';
  /** Work that must wait for the commit: e-mails, cache invalidations. */
  afterCommit: Array<(ctx: { db: Db }) => Promise<void>>;
}

/** Thrown inside the transaction to roll back the event's record: a refused event leaves the database as it was. */
class Refused {
  constructor(readonly reason: string) {}
}

const done = (outcome: Applied['outcome'], afterCommit: Applied['afterCommit'] = []): Applied => ({ outcome, afterCommit });

/** When Stripe created the event. A payload without `created` (only ever hand-built) counts as now. */
export function stripeEventTime(event: Pick<Stripe.Event, 'created'>): Date {
  return typeof event.created === 'number' ? new Date(event.created * 1000) : new Date();
}

export async function handleStripeEvent(ctx: { db: Db }, event: Stripe.Event): Promise<StripeEventOutcome> {
  const occurredAt = stripeEventTime(event);
  const eventAccount = event.account ?? null;
  let applied: Applied;
  try {
    applied = await ctx.db.$transaction(
      async (transaction) => {
        const tx = transaction as unknown as Db;
        // ON CONFLICT DO NOTHING: a concurrent delivery of the same id waits here until the first
        // commits (then finds it, 0 rows) or rolls back (then processes it itself).
        const recorded = await tx.stripeEvent.createMany({
          data: [{ id: event.id, type: event.type, account: eventAccount, livemode: event.livemode === true, createdAt: occurredAt }],
          skipDuplicates: true,
        });
        if (recorded.count === 0) return done('no-change');
        const result = await apply(tx, event, occurredAt);
        if (result.outcome === 'wrong-account') throw new Refused('the event did not come from the Stripe account of the seller it names');
        return result;
      },
      { timeout: EVENT_TRANSACTION_MS, maxWait: EVENT_TRANSACTION_MS },
    );
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    logger.warn({ eventId: event.id, eventType: event.type, eventAccount }, `stripe: event ignored: ${error.reason}`);
    return 'ignored';
  }
  for (const step of applied.afterCommit) await step(ctx);
  return applied.outcome as StripeEventOutcome;
}

async function apply(tx: Db, event: Stripe.Event, occurredAt: Date): Promise<Applied> {
  const eventAccount = event.account ?? null;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return settleFromSession(tx, event.data.object, { eventAccount, occurredAt });
    case 'checkout.session.expired':
      return failFromSession(tx, event.data.object, { eventAccount, error: 'Checkout expired.' });
    case 'checkout.session.async_payment_failed':
      return failFromSession(tx, event.data.object, { eventAccount, error: 'Payment failed.' });
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed': {
      const subscription = event.data.object;
      const status = licenseStatusOf(subscription, event.type === 'customer.subscription.deleted');
      if (!status) return done('ignored');
      return moveLicense(tx, { subscriptionId: subscription.id, status, checkoutId: subscription.metadata?.checkoutId, eventAccount, occurredAt });
    }
    case 'invoice.payment_failed': {
      const subscription = subscriptionOfInvoice(event.data.object);
      if (!subscription) return done('ignored');
      return moveLicense(tx, { ...subscription, status: 'Suspended', eventAccount, occurredAt });
    }
    case 'account.updated': {
      const { outcome, issuerClientId } = await applyStripeAccountUpdate(tx, { account: event.data.object, eventAccount });
      if (outcome !== 'updated') return done(outcome);
      return done('seller-updated', [(ctx) => publishCatalogChange(ctx, issuerClientId!)]);
    }
    default:
      // Acknowledged so Stripe stops sending it; nothing here depends on it.
      return done('ignored');
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



/** Whether the event came from the Stripe account the seller's payments run on (its connected account, else the platform's). */
async function fromSellersAccount(tx: Db, sellerId: string, eventAccount: string | null): Promise<boolean> {
  const seller = await tx.seller.findUnique({ where: { id: sellerId }, select: { stripeAccountId: true } });
  return (seller?.stripeAccountId ?? null) === eventAccount;
}

/**
 * The checkout a session was opened for. The metadata names it, but it is trusted only when the
 * checkout's own processor session is this one: a connected account can put any metadata on a
 * session of its own.
 */
async function checkoutOfSession(tx: Db, session: Stripe.Checkout.Session): Promise<Checkout | null> {
  const named = session.metadata?.checkoutId ?? session.client_reference_id;
  if (named) {
    const checkout = await tx.checkout.findUnique({ where: { id: named } });
    if (checkout && checkout.processor === 'stripe' && checkout.processorSessionId === session.id) return checkout;
  }
  const checkout = await tx.checkout.findUnique({ where: { processorSessionId: session.id } });
  if (checkout?.processor === 'stripe') return checkout;
  // A session this service did not open (an account shared with other software): acknowledged, nothing to do.
  logger.warn({ sessionId: session.id }, 'stripe: no checkout for this Checkout Session; event ignored');
  return null;
}

async function settleFromSession(
  tx: Db,
  session: Stripe.Checkout.Session,
  input: { eventAccount: string | null; occurredAt: Date },
): Promise<Applied> {
  // `unpaid` completes asynchronous methods (bank debits): async_payment_succeeded follows.
  if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return done('ignored');
  const checkout = await checkoutOfSession(tx, session);
  if (!checkout) return done('ignored');
  if (!(await fromSellersAccount(tx, checkout.sellerId, input.eventAccount))) return done('wrong-account');
  const settlement = await settleCheckoutWithin(tx, {
    checkoutId: checkout.id,
    processorCustomerId: stripeIdOf(session.customer),
    processorSubscriptionId: stripeIdOf(session.subscription),
    customerEmail: session.customer_details?.email ?? null,
    processorStateAt: input.occurredAt,
  });
  if (!settlement) return done('no-change');
  return done('settled', [() => deliverSettlement(settlement)]);
}

async function failFromSession(tx: Db, session: Stripe.Checkout.Session, input: { eventAccount: string | null; error: string }): Promise<Applied> {
  const checkout = await checkoutOfSession(tx, session);
  if (!checkout) return done('ignored');
  if (!(await fromSellersAccount(tx, checkout.sellerId, input.eventAccount))) return done('wrong-account');
  const failed = await tx.checkout.updateMany({ where: { id: checkout.id, status: 'pending' }, data: { status: 'failed', error: input.error } });
  if (failed.count > 0) await recordCheckoutFailed(tx, checkout, input.error);
  return done(failed.count > 0 ? 'failed' : 'no-change');
}

/**
 * The subscription an invoice bills. Webhook payloads follow the endpoint's API version, not the
 * SDK's: newer versions name it under `parent.subscription_details`, older ones at the top level.
 */
function subscriptionOfInvoice(invoice: Stripe.Invoice): { subscriptionId: string; checkoutId?: string } | null {
  const details = invoice.parent?.subscription_details;
  const subscriptionId = stripeIdOf(details?.subscription) ?? stripeIdOf((invoice as { subscription?: string | { id: string } | null }).subscription);
  if (!subscriptionId) return null;
  return { subscriptionId, checkoutId: details?.metadata?.checkoutId };
}

async function moveLicense(
  tx: Db,
  input: { subscriptionId: string; status: LicenseStatus; checkoutId?: string; eventAccount: string | null; occurredAt: Date },
): Promise<Applied> {
  const license = await tx.license.findUnique({ where: { processorSubscriptionId: input.subscriptionId }, select: { id: true, sellerId: true, status: true } });
  if (license) {
    if (!(await fromSellersAccount(tx, license.sellerId, input.eventAccount))) return done('wrong-account');
    // Guarded updates (re-checked under the row lock): never out of a final state, never with an
    // event older than the one that set the current state (a seller's change counts as one), and
    // never out of a seller's suspension but to end it (README "Seller decisions and the processor").
    const notOlder = { OR: [{ processorStateAt: null }, { processorStateAt: { lte: input.occurredAt } }] };
    const sellerHoldStands = input.status === 'Cancelled' ? {} : { suspendedBySeller: false };
    const moved = await tx.license.updateMany({
      where: { id: license.id, status: { notIn: [...FINAL_LICENSE_STATUSES, input.status] }, ...notOlder, ...sellerHoldStands },
      data: { status: input.status, processorStateAt: input.occurredAt },
    });
    if (moved.count > 0) {
      await recordEvent(tx, { sellerId: license.sellerId, type: 'license.status_changed', licenseId: license.id, data: { LicenseId: license.id, From: license.status, To: input.status, By: 'processor' } });
      // Every copy drops the license's cached status, so its seats see the change at their next refresh.
      return done('license-updated', [(ctx) => publishInvalidation(ctx, LICENSE_STATUS_TOPIC, license.id)]);
    }
    // The same status again: only its time moves forward, so an event older than this one cannot apply.
    await tx.license.updateMany({ where: { id: license.id, status: input.status, ...notOlder }, data: { processorStateAt: input.occurredAt } });
    return done('no-change');
  }

  // No license yet. If its checkout is still waiting for checkout.session.completed, this event
  // overtook it: ask for redelivery, unless it only says what minting will do anyway (Active).
  if (input.checkoutId && input.status !== 'Active') {
    const checkout = await tx.checkout.findUnique({ where: { id: input.checkoutId }, select: { status: true, processor: true, sellerId: true } });
    if (checkout?.processor === 'stripe' && checkout.status === 'pending') {
      if (!(await fromSellersAccount(tx, checkout.sellerId, input.eventAccount))) return done('wrong-account');
      throw new StripeEventTooEarlyError(`Subscription ${input.subscriptionId} changed before its checkout ${input.checkoutId} settled.`);
    }
  }
  return done('ignored');
}
