import type { Db } from '../../db';
import type { DeviceRequestInput } from '../../../sdk/src/contract/devices';
import { DomainError } from '../../errors';
import { toDeviceView, type DeviceView } from '../../licensing/devices/device-view';
import { renewDevicePlace } from '../../licensing/devices/take-device-place';
import { consumeLimit } from '../../platform/limits/limits';
import { admitRuntimeCaller, DENIAL_MESSAGES } from '../runtime-caller';
import type { RuntimePrincipal } from '../verify-runtime-token';
import { takePlaceOnSeat } from './activate-device';

/**
 * POST /licensing/runtime/Heartbeat: the device is seen now; a floating lease runs FLOATING_LEASE_SECONDS
 * from now. A lease that lapsed takes its place again if one is free (else 403 DeviceLimitReached);
 * a device that was deactivated, or never activated, is 403 AuthorizationDenied (DeviceNotActivated):
 * the app activates it again, which the buyer's or seller's deactivation allows.
 */
export async function heartbeatDevice(ctx: { db: Db }, input: DeviceRequestInput & { principal: RuntimePrincipal; now?: Date }): Promise<{ requestId: string; device: DeviceView }> {
  const now = input.now ?? new Date();
  const caller = await admitRuntimeCaller(ctx, { principal: input.principal, licenseId: input.licenseId, now });
  const { seatId, licenseId } = caller.credential;
  const renewed = await renewDevicePlace(ctx, { seatId, fingerprint: input.fingerprint, now });
  if (renewed) return { requestId: input.requestId, device: toDeviceView(renewed, now) };
  const device = await ctx.db.device.findUnique({ where: { seatId_fingerprint: { seatId, fingerprint: input.fingerprint } } });
  const lapsed = device !== null && (device.deactivatedAt === null || device.deactivatedBy === 'LeaseLapsed');
  if (!lapsed) throw new DomainError('AuthorizationDenied', DENIAL_MESSAGES.DeviceNotActivated!);
  await consumeLimit('deviceChurn', licenseId);
  const place = await takePlaceOnSeat(ctx, caller, { fingerprint: input.fingerprint }, now);
  return { requestId: input.requestId, device: toDeviceView(place.device, now) };
}
