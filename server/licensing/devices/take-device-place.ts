import type { Device, DeviceMode } from '@/generated/prisma/client';
import type { Db, Tx } from '../../db';
import { FLOATING_LEASE_SECONDS } from '../../../sdk/src/contract/devices';
import { DomainError } from '../../errors';
import { recordEvent } from '../../events/record-event';
import { holdsPlace } from './device-view';

export interface DevicePlaceRequest {
  sellerId: string;
  licenseId: string;
  seatId: string;
  /** The license code the device runs with: revoking it deactivates the device. */
  codeId: string;
  fingerprint: string;
  name?: string;
  platform?: string;
  /** The license's rules now (a plan change may have moved them since the device first came). */
  maxDevices: number | null;
  mode: DeviceMode;
  now: Date;
}

export interface DevicePlace {
  device: Device;
  /** Devices holding a place on the seat, this one included. */
  activeDevices: number;
  /** False when the device already held its place (activated again: the same device). */
  took: boolean;
}

/** A floating device's lease from `now`; null for a node-locked one. */
function leaseFrom(mode: DeviceMode, now: Date): Date | null {
  return mode === 'Floating' ? new Date(now.getTime() + FLOATING_LEASE_SECONDS * 1000) : null;
}

function countHolding(tx: Tx, seatId: string, now: Date): Promise<number> {
  return tx.device.count({ where: { seatId, deactivatedAt: null, OR: [{ leaseExpiresAt: null }, { leaseExpiresAt: { gt: now } }] } });
}

/**
 * The device takes a place on its seat, or keeps the one it holds. Every activation of a seat runs
 * under the seat's row lock, on every instance alike, so the count read is the count written: a seat
 * never holds more than MaxDevices (403 DeviceLimitReached), however many activations race. A device
 * that held its place is seen again (last seen, a floating lease renewed); one deactivated or lapsed
 * takes a place anew (device.activated, in the same transaction).
 */
export async function takeDevicePlace(ctx: { db: Db }, request: DevicePlaceRequest): Promise<DevicePlace> {
  return ctx.db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "Seat" WHERE "id" = ${request.seatId} FOR UPDATE`;
    const { now } = request;
    const existing = await tx.device.findUnique({ where: { seatId_fingerprint: { seatId: request.seatId, fingerprint: request.fingerprint } } });
    const described = { ...(request.name !== undefined && { name: request.name }), ...(request.platform !== undefined && { platform: request.platform }) };
    if (existing && holdsPlace(existing, now)) {
      const device = await tx.device.update({
        where: { id: existing.id },
        data: { ...described, codeId: request.codeId, lastSeenAt: now, leaseExpiresAt: leaseFrom(existing.mode, now) },
      });
      return { device, activeDevices: await countHolding(tx, request.seatId, now), took: false };
    }
    const holding = await countHolding(tx, request.seatId, now);
    if (request.maxDevices !== null && holding >= request.maxDevices) {
      throw new DomainError(
        'DeviceLimitReached',
        `This seat already runs on ${holding} of its ${request.maxDevices} device${request.maxDevices === 1 ? '' : 's'}: deactivate one (in the app, or on the license page) before activating another.`,
      );
    }
    const taking = { ...described, codeId: request.codeId, mode: request.mode, activatedAt: now, lastSeenAt: now, leaseExpiresAt: leaseFrom(request.mode, now), deactivatedAt: null, deactivatedBy: null };
    const device = existing
      ? await tx.device.update({ where: { id: existing.id }, data: taking })
      : await tx.device.create({ data: { ...taking, licenseId: request.licenseId, seatId: request.seatId, fingerprint: request.fingerprint } });
    await recordEvent(tx, {
      sellerId: request.sellerId,
      type: 'device.activated',
      licenseId: request.licenseId,
      data: { LicenseId: request.licenseId, SeatId: request.seatId, DeviceId: device.id, Name: device.name, Platform: device.platform, Mode: device.mode },
    });
    return { device, activeDevices: holding + 1, took: true };
  });
}

/**
 * A heartbeat: a device holding its place is seen now (a floating lease renewed) in one statement,
 * without the seat's lock. Null when it holds none (unknown, deactivated, or its lease lapsed).
 */
export async function renewDevicePlace(ctx: { db: Db }, input: { seatId: string; fingerprint: string; now: Date }): Promise<Device | null> {
  const { now } = input;
  const device = await ctx.db.device.findUnique({ where: { seatId_fingerprint: { seatId: input.seatId, fingerprint: input.fingerprint } } });
  if (!device || !holdsPlace(device, now)) return null;
  const renewed = await ctx.db.device.updateManyAndReturn({
    where: { id: device.id, deactivatedAt: null, OR: [{ leaseExpiresAt: null }, { leaseExpiresAt: { gt: now } }] },
    data: { lastSeenAt: now, leaseExpiresAt: leaseFrom(device.mode, now) },
  });
  return renewed[0] ?? null;
}
