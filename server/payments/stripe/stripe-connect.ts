import { stripeClient } from './stripe-client';

// Stripe Connect's verbs for a seller's onboarding (sellers/payment-setup.ts decides when): the
// connected account, the link into Stripe's hosted onboarding, and whether it can take charges.

/**
 * The seller's connected account, created with the seller's id as idempotency key: a retried or
 * concurrent first call gets the same account back from Stripe (for its 24 h key window).
 */
export async function createConnectedAccount(input: { sellerId: string; email: string }): Promise<string> {
  const account = await stripeClient().accounts.create({ type: 'express', email: input.email, metadata: { sellerId: input.sellerId } }, { idempotencyKey: `connect-account-${input.sellerId}` });
  return account.id;
}

/** A fresh Account Link into Stripe's hosted onboarding (single-use, expires within minutes). */
export async function createOnboardingLink(input: { account: string; returnUrl: string; refreshUrl: string }): Promise<string> {
  const link = await stripeClient().accountLinks.create({ account: input.account, type: 'account_onboarding', refresh_url: input.refreshUrl, return_url: input.returnUrl });
  return link.url;
}

/** Whether Stripe lets the account take charges now. */
export async function accountCanTakeCharges(account: string): Promise<boolean> {
  return (await stripeClient().accounts.retrieve(account)).charges_enabled === true;
}
