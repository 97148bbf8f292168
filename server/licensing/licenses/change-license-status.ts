import type { LicenseStatus } from '@/generated/prisma/client';
import type { Db } from '../../db';
import { DomainError } from '../../errors';
import { publishInvalidation } from '../../platform/invalidation/invalidation';
import { lockedSellerLicense } from './locked-seller-license';
import { licenseViewInclude, toLicenseView } from './to-license-view';
import type { LicenseView } from './license-view.schema';
import { runOnce } from '../management-request';
import { LICENSE_STATUS_TOPIC } from '../licensing-topics';

export type StatusChange = 'suspend' | 'resume' | 'cancel';

/**
 * The seller's status changes (README "License status"): from each status, what each change leads
 * to. A change to the status a license already has answers as a success; one not listed is
 * 409 StatusChangeRefused. Cancelled and Expired are final.
 */
const TRANSITIONS: Record<StatusChange, Partial<Record<LicenseStatus, LicenseStatus>>> = {
  suspend: { Active: 'Suspended', Paused: 'Suspended', Suspended: 'Suspended' },
  resume: { Suspended: 'Active', Paused: 'Active', Active: 'Active' },
  cancel: { Active: 'Cancelled', Paused: 'Cancelled', Suspended: 'Cancelled', Cancelled: 'Cancelled' },
};

/** The changes that move a license in `status` somewhere else (what a page offers). */
export function statusChangesFrom(status: LicenseStatus): StatusChange[] {
  return (Object.keys(TRANSITIONS) as StatusChange[]).filter((change) => {
    const next = TRANSITIONS[change][status];
    return next !== undefined && next !== status;
  });
}

/**
 * POST /licensing-mgmt/licenses/{licenseId}/suspend | resume | cancel. Every seat of a suspended,
 * paused or cancelled license is refused at its next authorization, on every instance.
 */
export async function changeLicenseStatus(
  ctx: { db: Db },
  input: { requestId: string; sellerId: string; licenseId: string; change: StatusChange },
): Promise<LicenseView> {
  return runOnce(ctx, { sellerId: input.sellerId, requestId: input.requestId, operation: `status-${input.change}`, inputs: [input.licenseId] }, async (tx) => {
    const license = await lockedSellerLicense(tx, input);
    const next = TRANSITIONS[input.change][license.status];
    if (!next) throw new DomainError('StatusChangeRefused', `A ${license.status} license cannot be ${input.change === 'cancel' ? 'cancelled' : `${input.change}d`}.`);
    if (next !== license.status) {
      await tx.license.update({ where: { id: license.id }, data: { status: next } });
      await publishInvalidation({ db: tx }, LICENSE_STATUS_TOPIC, license.id);
    }
    return toLicenseView(await tx.license.findUniqueOrThrow({ where: { id: license.id }, include: licenseViewInclude }));
  });
}
