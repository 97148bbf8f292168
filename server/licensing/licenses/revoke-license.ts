import type { Tx } from '../../db';
import { recordEvent } from '../../events/record-event';
import type { StatusChangeActor } from '../../events/event-types';
import { recordProcessorCall } from '../../payments/processor-calls';
import { publishInvalidation } from '../../platform/invalidation/invalidation';
import { LICENSE_STATUS_TOPIC } from '../licensing-topics';
import { isFinalLicenseStatus } from './license-status';

/**
 * Ends a license because its money went back (a refund that revokes it, a dispute lost), inside the
 * transaction of that change: Cancelled with the reason, so every code of every seat is refused at
 * its next authorization on every instance within a second (403 AuthorizationDenied naming the
 * reason: Refunded, DisputeLost), and a subscription cancelled at the processor after the commit.
 * Answers whether a processor call was recorded (the caller asks for it after the commit). A license
 * already final keeps its state.
 */
export async function revokeLicenseWithin(tx: Tx, input: { licenseId: string; reason: 'Refunded' | 'Disputed'; by: StatusChangeActor; now: Date }): Promise<{ processorCall: boolean }> {
  const [locked] = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "License" WHERE "id" = ${input.licenseId} FOR UPDATE`;
  if (!locked) return { processorCall: false };
  const license = await tx.license.findUniqueOrThrow({
    where: { id: input.licenseId },
    select: { id: true, sellerId: true, status: true, processorSubscriptionId: true },
  });
  let processorCall = false;
  if (!isFinalLicenseStatus(license.status)) {
    await tx.license.update({ where: { id: license.id }, data: { status: 'Cancelled', statusReason: input.reason, suspendedBySeller: false, processorStateAt: input.now } });
    processorCall = await recordProcessorCall(tx, license, 'cancel');
    await recordEvent(tx, { sellerId: license.sellerId, type: 'license.status_changed', licenseId: license.id, data: { LicenseId: license.id, From: license.status, To: 'Cancelled', By: input.by } });
    await publishInvalidation({ db: tx }, LICENSE_STATUS_TOPIC, license.id);
  }
  return { processorCall };
}
