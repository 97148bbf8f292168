import type { Db } from '../../db';
import type { DeviceRequestInput } from '../../../sdk/src/contract/devices';
import { DomainError } from '../../errors';
import { toDeviceView, type DeviceView } from '../../licensing/devices/device-view';
import { releaseDevicesWithin } from '../../licensing/devices/release-devices';
import { consumeLimit } from '../../platform/limits/limits';
import type { RuntimePrincipal } from '../verify-runtime-token';
import { deviceCaller } from './device-caller';

/**
 * POST /licensing/runtime/DeactivateDevice: the device gives its place on the token's seat back
 * (device.deactivated, By Device). An unknown fingerprint is 404 NotFound; a device deactivated
 * already answers as it stands. A revoked code may still deactivate (its devices were already).
 */
export async function deactivateDevice(ctx: { db: Db }, input: DeviceRequestInput & { principal: RuntimePrincipal; now?: Date }): Promise<{ requestId: string; device: DeviceView }> {
  const now = input.now ?? new Date();
  const caller = await deviceCaller(ctx, { principal: input.principal, licenseId: input.licenseId, now, mayRun: false });
  const where = { seatId_fingerprint: { seatId: caller.credential.seatId, fingerprint: input.fingerprint } };
  const device = await ctx.db.device.findUnique({ where });
  if (!device) throw new DomainError('NotFound', 'No device with that Fingerprint on this seat.');
  if (device.deactivatedAt === null) {
    await consumeLimit('deviceChurn', caller.credential.licenseId);
    await ctx.db.$transaction((tx) => releaseDevicesWithin(tx, { sellerId: caller.license.sellerId, where: { id: device.id }, by: 'Device', now }));
  }
  return { requestId: input.requestId, device: toDeviceView(await ctx.db.device.findUniqueOrThrow({ where }), now) };
}
