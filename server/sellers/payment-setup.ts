import type Stripe from 'stripe';
import { z } from 'zod';
import { publishCatalogChange } from '../catalog/catalog-cache';
import { findSellerOrThrow } from '../catalog/manage/seller-scope';
import type { Db } from '../db';
import { env } from '../env';
import { DomainError } from '../errors';
import { stripeClient } from './stripe-client';

// Stripe Connect onboarding. With Stripe configured, a seller is checkout-ready exactly when its
// connected account can take charges (charges_enabled): Stripe decides, this service only mirrors
// it, from the seller's return to the portal (refreshStripeReadiness) and from account.updated.

export const paymentSetupSchema = z.object({
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

function stripeOrRefuse(): Stripe {
  if (!env().STRIPE_SECRET_KEY) {
    throw new DomainError('ValidationError', 'Stripe is not configured; enable checkout with the local processor instead.');
  }
  return stripeClient();
}

/**
 * The seller's connected account (created on first use) and a fresh Account Link into Stripe's
 * hosted onboarding. Links are single-use and expire within minutes, so one is made per call.
 */
export async function startStripeOnboarding(ctx: { db: Db }, input: { sellerId: string; email: string }): Promise<{ url: string }> {
  const stripe = stripeOrRefuse();
  const seller = await findSellerOrThrow(ctx, input.sellerId);
  let accountId = seller.stripeAccountId;
  if (!accountId) {
    // The key is the seller's id: a retried or concurrent first call, or one whose write below
    // failed, gets the same account back from Stripe (for its 24 h key window) instead of a second one.
    const account = await stripe.accounts.create(
      { type: 'express', email: input.email, metadata: { sellerId: seller.id } },
      { idempotencyKey: `connect-account-${seller.id}` },
    );
    // Set only while unset, so a concurrent call can never replace an account already stored.
    await ctx.db.seller.updateMany({ where: { id: seller.id, stripeAccountId: null }, data: { stripeAccountId: account.id } });
    accountId = (await findSellerOrThrow(ctx, seller.id)).stripeAccountId ?? account.id;
  }
  const catalogUrl = `${env().publicBaseUrl}/portal/catalog`;
  const link = await stripe.accountLinks.create({
    account: accountId,
    type: 'account_onboarding',
    refresh_url: `${catalogUrl}?stripe=refresh`,
    return_url: `${catalogUrl}?stripe=return`,
  });
  return { url: link.url };
}

/** Asks Stripe for the connected account now (the seller came back from onboarding) and mirrors it. */
export async function refreshStripeReadiness(ctx: { db: Db }, input: { sellerId: string }): Promise<{ isCheckoutReady: boolean }> {
  const stripe = stripeOrRefuse();
  const seller = await findSellerOrThrow(ctx, input.sellerId);
  if (!seller.stripeAccountId) throw new DomainError('ValidationError', 'Connect a Stripe account first.');
  const account = await stripe.accounts.retrieve(seller.stripeAccountId);
  const isCheckoutReady = account.charges_enabled === true;
  await setCheckoutReady(ctx, seller, isCheckoutReady);
  return { isCheckoutReady };
}

/**
 * The same from Stripe's account.updated event (signature, mode and event id already checked by
 * the webhook), inside the webhook's transaction; the caller publishes the catalog change after the
 * commit. An account this service did not create is acknowledged and ignored, and so is an event
 * that did not come from the account it describes (a connected account's own events carry its id
 * in `event.account`). The payload is applied as it is: Stripe may deliver an older state late,
 * which the seller's next return to the portal corrects.
 */
export async function applyStripeAccountUpdate(
  tx: Db,
  input: { account: Stripe.Account; eventAccount: string | null },
): Promise<{ outcome: 'updated' | 'no-change' | 'ignored' | 'wrong-account'; issuerClientId?: string }> {
  const seller = await tx.seller.findUnique({ where: { stripeAccountId: input.account.id } });
  if (!seller) return { outcome: 'ignored' };
  if (input.eventAccount !== seller.stripeAccountId) return { outcome: 'wrong-account' };
  const ready = input.account.charges_enabled === true;
  const changed = await tx.seller.updateMany({ where: { id: seller.id, checkoutReady: !ready }, data: { checkoutReady: ready } });
  return changed.count > 0 ? { outcome: 'updated', issuerClientId: seller.issuerClientId } : { outcome: 'no-change' };
}

async function setCheckoutReady(ctx: { db: Db }, seller: { id: string; issuerClientId: string }, ready: boolean): Promise<boolean> {
  // A guarded write: only a real change counts (and empties the storefront cache), so a replayed event changes nothing.
  const changed = await ctx.db.seller.updateMany({ where: { id: seller.id, checkoutReady: !ready }, data: { checkoutReady: ready } });
  if (changed.count === 0) return false;
  await publishCatalogChange(ctx, seller.issuerClientId);
  return true;
}
