import type { Device, Prisma } from '@/generated/prisma/client';
import type { Tx } from '../../db';
import { recordEvent } from '../../events/record-event';
import { publishInvalidation } from '../../platform/invalidation/invalidation';
import { DEVICE_TOPIC } from '../licensing-topics';
import type { DeactivatedBy } from './device-view';

/**
 * Deactivates, inside `tx`, the devices `where` names that are not deactivated yet: each gives its
 * place back at `now`, is told to the seller's backend (device.deactivated), and every instance drops
 * its seat's devices from the runtime cache at commit. A device already deactivated keeps its first
 * deactivation and tells nothing. Answers the devices it deactivated, as they now are.
 */
export async function releaseDevicesWithin(tx: Tx, input: { sellerId: string; where: Prisma.DeviceWhereInput; by: DeactivatedBy; now: Date }): Promise<Device[]> {
  const devices = await tx.device.updateManyAndReturn({ where: { ...input.where, deactivatedAt: null }, data: { deactivatedAt: input.now, deactivatedBy: input.by } });
  for (const seatId of new Set(devices.map((device) => device.seatId))) await publishInvalidation({ db: tx }, DEVICE_TOPIC, seatId);
  for (const device of devices) {
    await recordEvent(tx, { sellerId: input.sellerId, type: 'device.deactivated', licenseId: device.licenseId, data: { LicenseId: device.licenseId, SeatId: device.seatId, DeviceId: device.id, By: input.by } });
  }
  return devices;
}
