import type { Db } from '../../db';
import { DomainError } from '../../errors';
import { publishInvalidation } from '../../platform/invalidation/invalidation';
import { currentPeriodOf, findLocallyBilledLicense, subscriptionEnded } from './get-subscription-billing';
import { FINAL_LICENSE_STATUSES } from '../licenses/license-status';
import type { SubscriptionBillingInput } from './subscription-billing.schema';
import { LICENSE_STATUS_TOPIC } from '../licensing-topics';

export interface SubscriptionEnd {
  licenseId: string;
  cancelAtPeriodEnd: boolean;
  termEnd: Date | null;
}

/**
 * The buyer cancels a subscription billed by the local processor: it stops renewing and ends with
 * the period already paid for (License.termEnd = the end of the current period). From then the
 * runtime refuses it as Expired and the expire-licenses job moves its status. Cancelling twice
 * keeps the first end. Only the license's buyer may: anyone else gets NotFound.
 */
export async function cancelSubscriptionAtPeriodEnd(
  ctx: { db: Db; now?: Date },
  input: SubscriptionBillingInput & { buyerAccountId: string },
): Promise<SubscriptionEnd> {
  const now = ctx.now ?? new Date();
  const license = await findLocallyBilledLicense(ctx, input);
  if (license.cancelAtPeriodEnd) return { licenseId: license.id, cancelAtPeriodEnd: true, termEnd: license.termEnd };
  if (subscriptionEnded(license, now)) throw new DomainError('LicenseNotActive', `This subscription is ${license.status}: there is nothing left to cancel.`);
  const { end } = currentPeriodOf(license, now);
  // Conditional, so a concurrent cancel or a status change in between is not overwritten.
  const changed = await ctx.db.license.updateMany({
    where: { id: license.id, cancelAtPeriodEnd: false, status: { notIn: [...FINAL_LICENSE_STATUSES] } },
    data: { cancelAtPeriodEnd: true, termEnd: end },
  });
  if (changed.count > 0) await publishInvalidation(ctx, LICENSE_STATUS_TOPIC, license.id);
  const stored = await ctx.db.license.findUniqueOrThrow({ where: { id: license.id }, select: { id: true, cancelAtPeriodEnd: true, termEnd: true } });
  return { licenseId: stored.id, cancelAtPeriodEnd: stored.cancelAtPeriodEnd, termEnd: stored.termEnd };
}
