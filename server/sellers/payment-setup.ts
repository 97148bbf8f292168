import { z } from 'zod';
import { publishCatalogChange } from '../catalog/catalog-cache';
import { findSellerOrThrow } from '../catalog/manage/seller-scope';
import type { Db, Tx } from '../db';
import { env } from '../env';
import { DomainError } from '../errors';
import { effect, type EventEffect } from '../payments/event-effect';
import type { ProcessorEvent } from '../payments/port';
import { accountCanTakeCharges, createConnectedAccount, createOnboardingLink } from '../payments/stripe/stripe-connect';

// How a seller comes to take paid checkouts. With the local processor, one step in the portal
// (markCheckoutReady). With Stripe, Connect onboarding: a seller is checkout-ready exactly when its
// connected account can take charges (charges_enabled): Stripe decides, this service only mirrors
// it, from the seller's return to the portal (refreshStripeReadiness) and from AccountUpdated.
// Onboarding is the one thing that differs by processor by nature: the portal offers the one that
// takes payments here.

const paymentSetupSchema = z.object({
  processor: z.enum(['local', 'stripe']),
  stripeAccountId: z.string().nullable(),
});
export type PaymentSetup = z.infer<typeof paymentSetupSchema>;

/** Which processor takes this seller's payments, so the portal offers the matching onboarding. */
export async function describePaymentSetup(ctx: { db: Db }, input: { sellerId: string }): Promise<PaymentSetup> {
  const seller = await findSellerOrThrow(ctx, input.sellerId);
  return paymentSetupSchema.parse({
    processor: env().STRIPE_SECRET_KEY ? 'stripe' : 'local',
    stripeAccountId: seller.stripeAccountId,
  });
}

function assertStripe(): void {
  if (!env().STRIPE_SECRET_KEY) {
    throw new DomainError('ValidationError', 'Stripe is not configured; enable checkout with the local processor instead.');
  }
}

/**
 * The seller's connected account (created on first use) and a fresh Account Link into Stripe's
 * hosted onboarding. Links are single-use and expire within minutes, so one is made per call.
 */
export async function startStripeOnboarding(ctx: { db: Db }, input: { sellerId: string; email: string }): Promise<{ url: string }> {
  assertStripe();
  const seller = await findSellerOrThrow(ctx, input.sellerId);
  let accountId = seller.stripeAccountId;
  if (!accountId) {
    const created = await createConnectedAccount({ sellerId: seller.id, email: input.email });
    // Set only while unset, so a concurrent call can never replace an account already stored.
    await ctx.db.seller.updateMany({ where: { id: seller.id, stripeAccountId: null }, data: { stripeAccountId: created } });
    accountId = (await findSellerOrThrow(ctx, seller.id)).stripeAccountId ?? created;
  }
  const catalogUrl = `${env().publicBaseUrl}/portal/catalog`;
  return { url: await createOnboardingLink({ account: accountId, refreshUrl: `${catalogUrl}?stripe=refresh`, returnUrl: `${catalogUrl}?stripe=return` }) };
}

/** Asks Stripe for the connected account now (the seller came back from onboarding) and mirrors it. */
export async function refreshStripeReadiness(ctx: { db: Db }, input: { sellerId: string }): Promise<{ isCheckoutReady: boolean }> {
  assertStripe();
  const seller = await findSellerOrThrow(ctx, input.sellerId);
  if (!seller.stripeAccountId) throw new DomainError('ValidationError', 'Connect a Stripe account first.');
  const isCheckoutReady = await accountCanTakeCharges(seller.stripeAccountId);
  await setCheckoutReady(ctx, seller, isCheckoutReady);
  return { isCheckoutReady };
}

/**
 * The same from the processor's AccountUpdated event (signature, mode and event id already checked),
 * inside the event's transaction; the catalog change is published after the commit. An account
 * this service did not create is acknowledged and ignored, and so is an event that did not come
 * from the account it describes (a connected account's own events carry its id). The payload is
 * applied as it is: Stripe may deliver an older state late, which the seller's next return to the
 * portal corrects.
 */
export async function applyAccountUpdate(tx: Tx, event: ProcessorEvent & { type: 'AccountUpdated' }): Promise<EventEffect> {
  const seller = await tx.seller.findUnique({ where: { stripeAccountId: event.accountId } });
  if (!seller) return effect('ignored');
  if (event.account !== seller.stripeAccountId) return effect('wrong-account');
  const ready = event.chargesEnabled;
  const changed = await tx.seller.updateMany({ where: { id: seller.id, checkoutReady: !ready }, data: { checkoutReady: ready } });
  if (changed.count === 0) return effect('no-change');
  return effect('seller-updated', [(ctx) => publishCatalogChange(ctx, seller.issuerClientId)]);
}

/**
 * The local payment processor's onboarding step: the seller can take paid checkouts from now on
 * (the storefront's IsCheckoutReady). Idempotent. With Stripe configured (STRIPE_SECRET_KEY) this
 * shortcut is refused: readiness then follows the connected account's charges_enabled, and a
 * seller marked ready here could not be paid on an account Stripe has not approved.
 */
export async function markCheckoutReady(ctx: { db: Db }, input: { sellerId: string }): Promise<{ isCheckoutReady: boolean }> {
  const seller = await findSellerOrThrow(ctx, input.sellerId);
  if (env().STRIPE_SECRET_KEY) throw new DomainError('ValidationError', 'Connect a Stripe account to take paid checkouts.');
  if (!seller.checkoutReady) await ctx.db.seller.update({ where: { id: seller.id }, data: { checkoutReady: true } });
  await publishCatalogChange(ctx, seller.issuerClientId);
  return { isCheckoutReady: true };
}

async function setCheckoutReady(ctx: { db: Db }, seller: { id: string; issuerClientId: string }, ready: boolean): Promise<boolean> {
  // A guarded write: only a real change counts (and empties the storefront cache), so a replayed event changes nothing.
  const changed = await ctx.db.seller.updateMany({ where: { id: seller.id, checkoutReady: !ready }, data: { checkoutReady: ready } });
  if (changed.count === 0) return false;
  await publishCatalogChange(ctx, seller.issuerClientId);
  return true;
}
