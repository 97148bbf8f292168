import type { Db } from '../../db';
import type { ActivateDeviceInput } from '../../../sdk/src/contract/devices';
import { holdsPlace, toDeviceView, type DeviceView } from '../../licensing/devices/device-view';
import { takeDevicePlace } from '../../licensing/devices/take-device-place';
import { consumeLimit } from '../../platform/limits/limits';
import type { RuntimePrincipal } from '../verify-runtime-token';
import { deviceCaller } from './device-caller';

export interface DeviceActivation {
  requestId: string;
  device: DeviceView;
  /** The seat's limit (null: any number of devices). */
  maxDevices: number | null;
  /** Devices holding a place on the seat now, this one included. */
  activeDevices: number;
}

/**
 * POST /licensing/runtime/ActivateDevice: the token's seat takes a place for this device, or keeps
 * the one it holds (activating again is the same device). A full seat is 403 DeviceLimitReached. Only
 * a device that takes a place counts against the license's churn limit (deviceChurn).
 */
export async function activateDevice(ctx: { db: Db }, input: ActivateDeviceInput & { principal: RuntimePrincipal; now?: Date }): Promise<DeviceActivation> {
  const now = input.now ?? new Date();
  const caller = await deviceCaller(ctx, { principal: input.principal, licenseId: input.licenseId, now, mayRun: true });
  const { seatId, licenseId } = caller.credential;
  const known = await ctx.db.device.findUnique({ where: { seatId_fingerprint: { seatId, fingerprint: input.fingerprint } }, select: { deactivatedAt: true, leaseExpiresAt: true } });
  if (!known || !holdsPlace(known, now)) await consumeLimit('deviceChurn', licenseId);
  const place = await takeDevicePlace(ctx, {
    sellerId: caller.license.sellerId,
    licenseId,
    seatId,
    codeId: input.principal.credentialId,
    fingerprint: input.fingerprint,
    name: input.name,
    platform: input.platform,
    maxDevices: caller.license.maxDevices,
    mode: caller.license.deviceMode,
    now,
  });
  return { requestId: input.requestId, device: toDeviceView(place.device, now), maxDevices: caller.license.maxDevices, activeDevices: place.activeDevices };
}
