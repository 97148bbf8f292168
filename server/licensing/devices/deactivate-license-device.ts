import type { Db, Tx } from '../../db';
import { DomainError } from '../../errors';
import { runOnce } from '../management-request';
import { toDeviceView, type DeviceView } from './device-view';
import { ownedLicense, type LicenseOwner } from './list-license-devices';
import { releaseDevicesWithin } from './release-devices';

async function deactivateWithin(tx: Tx, input: { owner: LicenseOwner; licenseId: string; deviceId: string; now: Date }): Promise<DeviceView> {
  const license = await tx.license.findFirst({ where: ownedLicense(input.owner, input.licenseId), select: { id: true, sellerId: true } });
  const device = license && (await tx.device.findFirst({ where: { id: input.deviceId, licenseId: license.id } }));
  if (!license || !device) throw new DomainError('NotFound', 'No device with that id on this license.');
  const [released] = await releaseDevicesWithin(tx, { sellerId: license.sellerId, where: { id: device.id }, by: 'sellerId' in input.owner ? 'Seller' : 'Buyer', now: input.now });
  return toDeviceView(released ?? device, input.now);
}

/**
 * The seller (POST /licensing-mgmt/licenses/{licenseId}/devices/{deviceId}/deactivate, once per
 * RequestId) or the buyer (the license page) frees a device's place: its next authorization or
 * heartbeat is refused DeviceNotActivated on every instance, and the app may activate it again if a
 * place is free. A device deactivated already answers as it stands; another's is 404 NotFound.
 */
export async function deactivateLicenseDevice(
  ctx: { db: Db; now?: Date },
  input: { owner: LicenseOwner; licenseId: string; deviceId: string; requestId?: string },
): Promise<DeviceView> {
  const now = ctx.now ?? new Date();
  const work = (tx: Tx) => deactivateWithin(tx, { ...input, now });
  if ('sellerId' in input.owner && input.requestId) {
    return runOnce(ctx, { sellerId: input.owner.sellerId, requestId: input.requestId, operation: 'deactivate-device', inputs: [input.licenseId, input.deviceId] }, work);
  }
  return ctx.db.$transaction(work);
}
