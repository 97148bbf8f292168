import { z } from 'zod';
import type { Device } from '@/generated/prisma/client';

// A device as every face shows it (runtime answers, the management API, the pages): camelCase here,
// PascalCase on the wire (server/wire). `active`: it holds a place on its seat now (not deactivated
// and, when floating, its lease not lapsed).

const utc = z.iso.datetime();

const deactivatedBySchema = z.enum(['Device', 'Buyer', 'Seller', 'CodeRevoked', 'SeatRetired', 'LeaseLapsed']);
export type DeactivatedBy = z.infer<typeof deactivatedBySchema>;

export const deviceViewSchema = z.object({
  deviceId: z.string(),
  licenseId: z.string(),
  seatId: z.string(),
  fingerprint: z.string(),
  name: z.string().nullable(),
  platform: z.string().nullable(),
  mode: z.enum(['NodeLocked', 'Floating']),
  active: z.boolean(),
  activatedUtc: utc,
  lastSeenUtc: utc,
  leaseExpiresUtc: utc.nullable(),
  deactivatedUtc: utc.nullable(),
  deactivatedBy: deactivatedBySchema.nullable(),
});
export type DeviceView = z.infer<typeof deviceViewSchema>;

/** Whether a device row holds its place at `now`. */
export function holdsPlace(device: Pick<Device, 'deactivatedAt' | 'leaseExpiresAt'>, now: Date): boolean {
  return device.deactivatedAt === null && (device.leaseExpiresAt === null || device.leaseExpiresAt.getTime() > now.getTime());
}

export function toDeviceView(device: Device, now: Date): DeviceView {
  const lapsed = device.deactivatedAt === null && !holdsPlace(device, now);
  return {
    deviceId: device.id,
    licenseId: device.licenseId,
    seatId: device.seatId,
    fingerprint: device.fingerprint,
    name: device.name,
    platform: device.platform,
    mode: device.mode,
    active: holdsPlace(device, now),
    activatedUtc: device.activatedAt.toISOString(),
    lastSeenUtc: device.lastSeenAt.toISOString(),
    leaseExpiresUtc: device.leaseExpiresAt?.toISOString() ?? null,
    deactivatedUtc: device.deactivatedAt?.toISOString() ?? (lapsed ? device.leaseExpiresAt!.toISOString() : null),
    deactivatedBy: (device.deactivatedBy as DeactivatedBy | null) ?? (lapsed ? 'LeaseLapsed' : null),
  };
}

/** What a device call answers: the request it answers and the device. */
export const deviceAnswerSchema = z.object({ requestId: z.string(), device: deviceViewSchema });

/** ActivateDevice's answer: the device, and how full its seat is. */
export const deviceActivationSchema = deviceAnswerSchema.extend({
  /** The seat's limit (null: any number of devices). */
  maxDevices: z.number().int().nullable(),
  /** Devices holding a place on the seat now, this one included. */
  activeDevices: z.number().int(),
});

/** A license's devices, by seat then activation (GET /licensing-mgmt/licenses/{licenseId}/devices). */
export const licenseDevicesSchema = z.object({ licenseId: z.string(), maxDevices: z.number().int().nullable(), devices: z.array(deviceViewSchema) });
export type LicenseDevices = z.infer<typeof licenseDevicesSchema>;
