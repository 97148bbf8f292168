import type { Db } from '../../db';
import { DomainError } from '../../errors';
import { recordProcessorCall, requestProcessorCalls } from '../../payments/processor-calls';
import { runOnce } from '../management-request';
import { changedOfferingView, lockedLicenseFor, sellerOfLicense, type PlanChangeActor } from './change-license-offering';
import type { ChangedOffering } from './plan-change.schema';

/**
 * POST /licensing-mgmt/licenses/{licenseId}/change-offering/cancel, and "Cancel the change" on the
 * portal's and the buyer's license pages: the license's scheduled plan change is cancelled, so the
 * license stays on its offering and price. NotFound when none is scheduled. The processor, told of the
 * change when it was scheduled, is told to bill the license's own price again (a `restore-price` call
 * after the commit; nothing of the new price was billed yet). No event: the license did not change.
 * Idempotent by RequestId like the other management writes.
 */
export async function cancelScheduledPlanChange(ctx: { db: Db }, input: { requestId: string; licenseId: string; actor: PlanChangeActor }): Promise<ChangedOffering> {
  const sellerId = await sellerOfLicense(ctx, input.licenseId, input.actor);
  let told = false;
  const askedBy = input.actor.by === 'seller' ? ['seller'] : ['buyer', input.actor.buyerAccountId];
  const answer = await runOnce(ctx, { sellerId, requestId: input.requestId, operation: 'cancel-plan-change', inputs: [input.licenseId, ...askedBy] }, async (tx) => {
    const license = await lockedLicenseFor(tx, input.licenseId, input.actor);
    const scheduled = await tx.planChange.findFirst({ where: { licenseId: license.id, status: 'scheduled' }, include: { processorCall: { select: { id: true } } } });
    if (!scheduled) throw new DomainError('NotFound', 'No plan change is scheduled for this license.');
    const { processorCall, ...change } = scheduled;
    const cancelled = await tx.planChange.update({ where: { id: change.id }, data: { status: 'cancelled' } });
    if (processorCall) told = await recordProcessorCall(tx, license, 'restore-price');
    return changedOfferingView(tx, license.id, cancelled);
  });
  if (told) await requestProcessorCalls();
  return answer;
}
