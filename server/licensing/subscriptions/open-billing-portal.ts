import { LicenseClassification } from '../../catalog/catalog-enums';
import type { Db } from '../../db';
import { env } from '../../env';
import { DomainError } from '../../errors';
import { paymentPortFor } from '../../payments/select-processor';
import { billedLicenseSelect } from './get-subscription-billing';
import { billingManagementOf } from '../../payments/billing-management';

/**
 * "Manage billing" on a subscription sold through Stripe: a Stripe customer portal session for the
 * customer that paid (Checkout.processorCustomerId), on the seller's connected account when it has
 * one (the customer lives there), returning to the license on the license page. The portal's URL is
 * short-lived and single-use, so it is made per click and never stored. Only the license's buyer
 * may open it: anyone else gets NotFound.
 */
export async function openBillingPortal(ctx: { db: Db }, input: { licenseId: string; buyerAccountId: string }): Promise<{ url: string }> {
  const license = await ctx.db.license.findFirst({ where: { id: input.licenseId, buyerAccountId: input.buyerAccountId }, select: billedLicenseSelect });
  const customer = license?.checkout?.processorCustomerId;
  if (!license || billingManagementOf({ isSubscription: license.classification === LicenseClassification.Subscription, checkout: license.checkout }) !== 'stripe-portal' || !customer) {
    throw new DomainError('NotFound', 'No subscription of yours with that id is billed through Stripe.');
  }
  const returnUrl = `${env().publicBaseUrl}/licenses#license-${license.id}`;
  return paymentPortFor('stripe').openBillingPortal({ account: license.seller.stripeAccountId, customerId: customer, returnUrl });
}
