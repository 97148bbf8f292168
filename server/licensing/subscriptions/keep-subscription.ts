import type { Db } from '../../db';
import { DomainError } from '../../errors';
import { publishInvalidation } from '../../platform/invalidation/invalidation';
import type { SubscriptionEnd } from './cancel-subscription-at-period-end';
import { findLocallyBilledLicense, subscriptionEnded } from './get-subscription-billing';
import { FINAL_LICENSE_STATUSES } from '../licenses/license-status';
import type { SubscriptionBillingInput } from './subscription-billing.schema';
import { LICENSE_STATUS_TOPIC } from '../licensing-topics';

/**
 * "Keep my subscription": undoes the cancellation while the paid period has not ended (it renews
 * again, termEnd cleared). After the end it is refused: the license has expired; buy it again.
 */
export async function keepSubscription(ctx: { db: Db; now?: Date }, input: SubscriptionBillingInput & { buyerAccountId: string }): Promise<SubscriptionEnd> {
  const now = ctx.now ?? new Date();
  const license = await findLocallyBilledLicense(ctx, input);
  if (!license.cancelAtPeriodEnd) return { licenseId: license.id, cancelAtPeriodEnd: false, termEnd: license.termEnd };
  if (subscriptionEnded(license, now)) {
    throw new DomainError('LicenseNotActive', 'This subscription has already ended; buy it again from the storefront to continue.');
  }
  const changed = await ctx.db.license.updateMany({
    where: { id: license.id, cancelAtPeriodEnd: true, status: { notIn: [...FINAL_LICENSE_STATUSES] }, termEnd: { gt: now } },
    data: { cancelAtPeriodEnd: false, termEnd: null },
  });
  if (changed.count === 0) throw new DomainError('LicenseNotActive', 'This subscription has already ended; buy it again from the storefront to continue.');
  await publishInvalidation(ctx, LICENSE_STATUS_TOPIC, license.id);
  return { licenseId: license.id, cancelAtPeriodEnd: false, termEnd: null };
}
