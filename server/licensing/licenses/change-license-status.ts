import type { LicenseStatus } from '@/generated/prisma/client';
import type { Db } from '../../db';
import { DomainError } from '../../errors';
import { publishInvalidation } from '../../platform/invalidation/invalidation';
import { lockedSellerLicense } from './locked-seller-license';
import { licenseViewInclude, toLicenseView } from './to-license-view';
import type { LicenseView } from './license-view.schema';
import { runOnce } from '../management-request';
import { recordProcessorCall, requestProcessorCalls, type ProcessorAction } from '../../payments/processor-calls';
import { LICENSE_STATUS_TOPIC } from '../licensing-topics';
import { recordEvent } from '../../events/record-event';
import { isFinalLicenseStatus } from './license-status';

export type StatusChange = 'suspend' | 'resume' | 'cancel';

/** Each change as a participle, for the sentences that name it. */
const CHANGED: Record<StatusChange, string> = { suspend: 'suspended', resume: 'resumed', cancel: 'cancelled' };

/**
 * The seller's status changes (docs/api/management.md "License status"): from each status, what each change leads
 * to. A change to the status a license already has answers as a success; one not listed is
 * 409 StatusChangeRefused. Cancelled and Expired are final.
 */
const TRANSITIONS: Record<StatusChange, Partial<Record<LicenseStatus, LicenseStatus>>> = {
  suspend: { Trialing: 'Suspended', Active: 'Suspended', Paused: 'Suspended', Suspended: 'Suspended' },
  resume: { Suspended: 'Active', Paused: 'Active', Active: 'Active', Trialing: 'Trialing' },
  cancel: { Trialing: 'Cancelled', Active: 'Cancelled', Paused: 'Cancelled', Suspended: 'Cancelled', Cancelled: 'Cancelled' },
};

/** What the processor is told when a seller's change moves a license it bills. */
const PROCESSOR_ACTIONS: Record<StatusChange, ProcessorAction> = { suspend: 'pause', resume: 'resume', cancel: 'cancel' };

/** The changes that move a license in `status` somewhere else (what a page offers). */
export function statusChangesFrom(status: LicenseStatus): StatusChange[] {
  return (Object.keys(TRANSITIONS) as StatusChange[]).filter((change) => {
    const next = TRANSITIONS[change][status];
    return next !== undefined && next !== status;
  });
}

/**
 * POST /licensing-mgmt/licenses/{licenseId}/suspend | resume | cancel. Every seat of a suspended,
 * paused or cancelled license is refused at its next authorization, on every instance. On a license
 * the processor bills, the change and the call that tells the processor (pause collection, resume
 * it, cancel the subscription) commit together; the call runs after the commit (payments/processor-calls.ts).
 * A seller's suspension stands against processor events until the seller resumes.
 */
export async function changeLicenseStatus(
  ctx: { db: Db },
  input: { requestId: string; sellerId: string; licenseId: string; change: StatusChange },
): Promise<LicenseView> {
  let told = false;
  const view = await runOnce(ctx, { sellerId: input.sellerId, requestId: input.requestId, operation: `status-${input.change}`, inputs: [input.licenseId] }, async (tx) => {
    const license = await lockedSellerLicense(tx, input);
    const next = TRANSITIONS[input.change][license.status];
    if (!next) throw new DomainError('StatusChangeRefused', `A ${license.status} license cannot be ${CHANGED[input.change]}.`);
    // A hold the money put on the license (a dispute's) is the seller's from now on: suspending it
    // again keeps it suspended when the dispute is won.
    const takesOverHold = license.statusReason !== null && !isFinalLicenseStatus(license.status);
    if (next !== license.status || takesOverHold) {
      // The seller's decision is newer than any processor event created before it (those no longer apply).
      await tx.license.update({ where: { id: license.id }, data: { status: next, suspendedBySeller: next === 'Suspended', statusReason: null, processorStateAt: new Date() } });
      await publishInvalidation({ db: tx }, LICENSE_STATUS_TOPIC, license.id);
    }
    if (next !== license.status) {
      told = await recordProcessorCall(tx, license, PROCESSOR_ACTIONS[input.change]);
      await recordEvent(tx, { sellerId: license.sellerId, type: 'license.status_changed', licenseId: license.id, data: { LicenseId: license.id, From: license.status, To: next, By: 'seller' } });
    }
    return toLicenseView(await tx.license.findUniqueOrThrow({ where: { id: license.id }, include: licenseViewInclude }));
  });
  if (told) await requestProcessorCalls();
  return view;
}
