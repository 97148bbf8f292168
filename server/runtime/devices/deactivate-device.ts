import type { Db } from '../../db';
import type { DeviceRequestInput } from '../../../sdk/src/contract/devices';
import { DomainError } from '../../errors';
import { toDeviceView, type DeviceView } from '../../licensing/devices/device-view';
import { releaseDevicesWithin } from '../../licensing/devices/release-devices';
import { consumeLimit } from '../../platform/limits/limits';
import type { RuntimePrincipal } from '../verify-runtime-token';
import { admitRuntimeCaller } from '../runtime-caller';

/**
 * POST /licensing/runtime/DeactivateDevice: the device gives its place on the token's seat back
 * (device.deactivated, By Device). An unknown fingerprint is 404 NotFound; a device deactivated
 * already answers as it stands. A revoked code may still deactivate (its devices were already).
 */
export async function deactivateDevice(ctx: { db: Db }, input: DeviceRequestInput & { principal: RuntimePrincipal; now?: Date }): Promise<{ requestId: string; device: DeviceView }> {
  const now = input.now ?? new Date();
  const caller = await admitRuntimeCaller(ctx, { principal: input.principal, licenseId: input.licenseId, now, mayRun: false });
  const device = await ctx.db.device.findUnique({ where: { seatId_fingerprint: { seatId: caller.credential.seatId, fingerprint: input.fingerprint } } });
  if (!device) throw new DomainError('NotFound', 'No device with that Fingerprint on this seat.');
  if (device.deactivatedAt !== null) return { requestId: input.requestId, device: toDeviceView(device, now) };
  await consumeLimit('deviceChurn', caller.credential.licenseId);
  const [released] = await ctx.db.$transaction((tx) => releaseDevicesWithin(tx, { sellerId: caller.license.sellerId, where: { id: device.id }, by: 'Device', now }));
  // Released by another call meanwhile: it stands as that one left it.
  return { requestId: input.requestId, device: toDeviceView(released ?? (await ctx.db.device.findUniqueOrThrow({ where: { id: device.id } })), now) };
}
