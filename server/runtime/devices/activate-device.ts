import type { Db } from '../../db';
import type { ActivateDeviceInput } from '../../../sdk/src/contract/devices';
import { holdsPlace, toDeviceView, type DeviceView } from '../../licensing/devices/device-view';
import { takeDevicePlace, type DevicePlace } from '../../licensing/devices/take-device-place';
import { consumeLimit } from '../../platform/limits/limits';
import type { RuntimePrincipal } from '../verify-runtime-token';
import { admitRuntimeCaller, type RuntimeCaller } from '../runtime-caller';

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
  const caller = await admitRuntimeCaller(ctx, { principal: input.principal, licenseId: input.licenseId, now });
  const { seatId, licenseId } = caller.credential;
  const known = await ctx.db.device.findUnique({ where: { seatId_fingerprint: { seatId, fingerprint: input.fingerprint } }, select: { deactivatedAt: true, leaseExpiresAt: true } });
  if (!known || !holdsPlace(known, now)) await consumeLimit('deviceChurn', licenseId);
  const place = await takePlaceOnSeat(ctx, caller, input, now);
  return { requestId: input.requestId, device: toDeviceView(place.device, now), maxDevices: caller.license.maxDevices, activeDevices: place.activeDevices };
}

/** The token's seat takes (or keeps) a place for the device under the license's rules now: ActivateDevice, and a Heartbeat whose lease lapsed. */
export function takePlaceOnSeat(ctx: { db: Db }, caller: RuntimeCaller, device: { fingerprint: string; name?: string; platform?: string }, now: Date): Promise<DevicePlace> {
  return takeDevicePlace(ctx, {
    sellerId: caller.license.sellerId,
    licenseId: caller.credential.licenseId,
    seatId: caller.credential.seatId,
    codeId: caller.principal.credentialId,
    fingerprint: device.fingerprint,
    name: device.name,
    platform: device.platform,
    maxDevices: caller.license.maxDevices,
    mode: caller.license.deviceMode,
    now,
  });
}
