import { LicenseClassification } from '../../catalog/catalog-enums';

/**
 * How the buyer of a subscription manages its billing: at Stripe's customer portal when Stripe sold
 * it (and reported the customer), on this service's billing page when the local processor did.
 * Null for everything else: one-time purchases, free subscriptions, and licenses not sold through a
 * checkout (a seller's direct license) have no billing of the buyer's to manage.
 */
export type BillingManagement = 'stripe-portal' | 'local-page' | null;

export function billingManagementOf(license: {
  classification: number;
  checkout: { processor: string; processorCustomerId: string | null; amountMinor: bigint } | null;
}): BillingManagement {
  if (license.classification !== LicenseClassification.Subscription || !license.checkout) return null;
  if (license.checkout.processor === 'stripe') return license.checkout.processorCustomerId ? 'stripe-portal' : null;
  if (license.checkout.processor === 'local' && license.checkout.amountMinor > 0) return 'local-page';
  return null;
}
