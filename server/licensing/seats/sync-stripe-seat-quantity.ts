import type { Db } from '../../db';
import { env } from '../../env';
import { stripeClient } from '../../payments/stripe-client';

/**
 * On a license sold as a Stripe subscription, the subscription item's quantity follows the live
 * seats, with Stripe's default proration (`create_prorations`): added seats are charged for the rest
 * of the period on the next invoice, retired ones credited. Runs as the last step of the seat
 * change's transaction, with the change's RequestId in the idempotency key, so a retried request
 * changes Stripe once and a refused call leaves no seat changed. False when the license is not on
 * Stripe.
 */
export async function syncStripeSeatQuantity(
  tx: Db,
  license: { id: string; sellerId: string; processorSubscriptionId: string | null },
  input: { requestId: string },
): Promise<boolean> {
  if (!license.processorSubscriptionId || !env().STRIPE_SECRET_KEY) return false;
  const seller = await tx.seller.findUniqueOrThrow({ where: { id: license.sellerId }, select: { stripeAccountId: true } });
  const account = seller.stripeAccountId ? { stripeAccount: seller.stripeAccountId } : {};
  const liveSeats = await tx.seat.count({ where: { licenseId: license.id, retiredAt: null } });
  const subscription = await stripeClient().subscriptions.retrieve(license.processorSubscriptionId, {}, account);
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${license.processorSubscriptionId} has no item to set the seats on.`);
  await stripeClient().subscriptionItems.update(item.id, { quantity: liveSeats }, { ...account, idempotencyKey: `seats-${license.id}-${input.requestId}` });
  return true;
}
