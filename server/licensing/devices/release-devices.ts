import type { Prisma } from '@/generated/prisma/client';
import type { Tx } from '../../db';
import { recordEvent } from '../../events/record-event';
import { publishInvalidation } from '../../platform/invalidation/invalidation';
import { DEVICE_TOPIC } from '../licensing-topics';
import type { DeactivatedBy } from './device-view';

/**
 * Deactivates, inside `tx`, the devices `where` names that are not deactivated yet: each gives its
 * place back at `now`, is told to the seller's backend (device.deactivated), and every instance drops
 * its seat's devices from the runtime cache at commit. A device already deactivated keeps its first
 * deactivation and tells nothing. Answers how many were deactivated.
 */
export async function releaseDevicesWithin(tx: Tx, input: { sellerId: string; where: Prisma.DeviceWhereInput; by: DeactivatedBy; now: Date }): Promise<number> {
  const devices = await tx.device.findMany({ where: { ...input.where, deactivatedAt: null }, select: { id: true, licenseId: true, seatId: true } });
  if (devices.length === 0) return 0;
  await tx.device.updateMany({ where: { id: { in: devices.map((device) => device.id) }, deactivatedAt: null }, data: { deactivatedAt: input.now, deactivatedBy: input.by } });
  for (const seatId of new Set(devices.map((device) => device.seatId))) await publishInvalidation({ db: tx }, DEVICE_TOPIC, seatId);
  for (const device of devices) {
    await recordEvent(tx, { sellerId: input.sellerId, type: 'device.deactivated', licenseId: device.licenseId, data: { LicenseId: device.licenseId, SeatId: device.seatId, DeviceId: device.id, By: input.by } });
  }
  return devices.length;
}
