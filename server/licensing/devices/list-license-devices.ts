import type { Db } from '../../db';
import { DomainError } from '../../errors';
import { toDeviceView, type LicenseDevices } from './device-view';

/** Whose license it is: the seller's (portal, management API) or its buyer's (the license page). */
export type LicenseOwner = { sellerId: string } | { buyerAccountId: string };

export const ownedLicense = (owner: LicenseOwner, licenseId: string) => ({ id: licenseId, ...owner });

/**
 * The devices of a license, every seat's, by seat then activation, deactivated ones included (with
 * who deactivated them). Another seller's or buyer's license is 404 NotFound like an unknown one.
 */
export async function listLicenseDevices(ctx: { db: Db; now?: Date }, input: { owner: LicenseOwner; licenseId: string }): Promise<LicenseDevices> {
  const license = await ctx.db.license.findFirst({ where: ownedLicense(input.owner, input.licenseId), select: { id: true, maxDevices: true } });
  if (!license) throw new DomainError('NotFound', 'No license with that id.');
  const devices = await ctx.db.device.findMany({ where: { licenseId: license.id }, orderBy: [{ seatId: 'asc' }, { activatedAt: 'asc' }] });
  const now = ctx.now ?? new Date();
  return { licenseId: license.id, maxDevices: license.maxDevices, devices: devices.map((device) => toDeviceView(device, now)) };
}
