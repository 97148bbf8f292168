import { LicenseClassification } from '../../catalog/catalog-enums';
import type { Tx } from '../../db';
import { billingManagementOf } from '../../payments/billing-management';
import { subscriptionEnded } from './get-subscription-billing';

/**
 * The subscriptions that will still charge someone unless they are cancelled: not cancelled for
 * the end of their period, not ended, and billed by a processor (billingManagementOf). A buyer's
 * erasure and a store's deletion are refused while there are any, so nobody is billed by a party
 * that can no longer be reached. Each as its offering's name.
 */
export async function renewingSubscriptionsOf(tx: Tx, owner: { buyerAccountId: string } | { sellerId: string }, now: Date): Promise<string[]> {
  const subscriptions = await tx.license.findMany({
    where: { ...owner, classification: LicenseClassification.Subscription, cancelAtPeriodEnd: false, status: { notIn: ['Cancelled', 'Expired'] } },
    select: {
      status: true,
      termEnd: true,
      offering: { select: { name: true } },
      checkout: { select: { processor: true, processorCustomerId: true, amountMinor: true } },
    },
  });
  return subscriptions
    .filter((license) => !subscriptionEnded(license, now) && billingManagementOf({ isSubscription: true, checkout: license.checkout }) !== null)
    .map((license) => license.offering.name);
}
