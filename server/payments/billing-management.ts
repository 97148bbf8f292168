/**
 * How the buyer of a subscription manages its billing: at Stripe's customer portal when Stripe sold
 * it (and reported the customer), on this service's billing page when the local processor did.
 * Null for everything else: one-time purchases, free subscriptions, and licenses not sold through a
 * checkout (a seller's direct license) have no billing of the buyer's to manage. It is the payment
 * room's to say, since it names the processors; the domain says whether the license is a subscription.
 */
export type BillingManagement = 'stripe-portal' | 'local-page' | null;

export function billingManagementOf(license: {
  isSubscription: boolean;
  checkout: { processor: string; processorCustomerId: string | null; amountMinor: bigint } | null;
}): BillingManagement {
  if (!license.isSubscription || !license.checkout) return null;
  if (license.checkout.processor === 'stripe') return license.checkout.processorCustomerId ? 'stripe-portal' : null;
  if (license.checkout.processor === 'local' && license.checkout.amountMinor > 0) return 'local-page';
  return null;
}
