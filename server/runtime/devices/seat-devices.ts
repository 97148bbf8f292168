import type { Db } from '../../db';
import { InvalidatedCache } from '../../platform/invalidation/invalidated-cache';
import { DEVICE_TOPIC } from '../../licensing/licensing-topics';

// The devices of a seat as the authorization reads them, cached per seat in process and dropped on
// every instance when one of them is deactivated (the `device` topic, keyed by seat). An activation
// publishes nothing: a fingerprint the cached seat does not hold, or holds lapsed, is read again.

export interface DeviceState {
  deviceId: string;
  /** Epoch ms; null for a node-locked device. */
  leaseExpiresAt: number | null;
}

const SEAT_DEVICES_CACHE_MS = 10 * 60_000;
const SEAT_DEVICES_CACHE_ENTRIES = 100_000;

const seatDevices = new InvalidatedCache<Map<string, DeviceState>>({ topic: DEVICE_TOPIC, ttlMs: SEAT_DEVICES_CACHE_MS, maxEntries: SEAT_DEVICES_CACHE_ENTRIES });

async function loadSeatDevices(client: Db, seatId: string): Promise<Map<string, DeviceState>> {
  const rows = await client.device.findMany({ where: { seatId, deactivatedAt: null }, select: { id: true, fingerprint: true, leaseExpiresAt: true } });
  return new Map(rows.map((row) => [row.fingerprint, { deviceId: row.id, leaseExpiresAt: row.leaseExpiresAt?.getTime() ?? null }]));
}

const holds = (state: DeviceState | undefined, now: Date): state is DeviceState =>
  state !== undefined && (state.leaseExpiresAt === null || state.leaseExpiresAt > now.getTime());

/** The activated device of `seatId` with this fingerprint that holds its place at `now`, or null. */
export async function activatedDevice(ctx: { db: Db }, input: { seatId: string; fingerprint: string; now: Date }): Promise<DeviceState | null> {
  const cached = await seatDevices.getOrLoad(input.seatId, () => loadSeatDevices(ctx.db, input.seatId));
  const state = cached?.value.get(input.fingerprint);
  if (holds(state, input.now)) return state;
  // Activated, or its lease renewed, since the seat was read: read it again (and keep that).
  // Through the cache's own load, so a deactivation published meanwhile is never overwritten.
  seatDevices.delete(input.seatId);
  const fresh = await seatDevices.getOrLoad(input.seatId, () => loadSeatDevices(ctx.db, input.seatId));
  const again = fresh?.value.get(input.fingerprint);
  return holds(again, input.now) ? again : null;
}
