import { z } from 'zod';
import { MAX_OFFLINE_DAYS } from './device-rules.js';
import { idSchema, requestIdSchema } from './fields.js';

// Devices of a seat (docs/api/runtime.md "Devices"): activation limits, floating leases and offline
// license files. A fingerprint is what the app derives from the machine (a hash of a machine id);
// the service keeps it as given and compares it, so it must never be a machine id in clear. An
// offering's device rules are in device-rules.ts (the portal's forms bundle them alone).

export * from './device-rules.js';

export const MIN_FINGERPRINT_LENGTH = 16;
export const MAX_FINGERPRINT_LENGTH = 256;
/** The shortest offline license file, in seconds (one hour). */
export const MIN_OFFLINE_FILE_SECONDS = 3600;
/** A floating device's lease: it holds its place this long after its activation or its last heartbeat. */
export const FLOATING_LEASE_SECONDS = 600;

export const fingerprintSchema = z
  .string()
  .min(MIN_FINGERPRINT_LENGTH, `Fingerprint is at least ${MIN_FINGERPRINT_LENGTH} characters (a hash of a machine id).`)
  .max(MAX_FINGERPRINT_LENGTH, `Fingerprint is at most ${MAX_FINGERPRINT_LENGTH} characters.`)
  .regex(/^[\x21-\x7e]+$/, 'Fingerprint is printable ASCII without spaces (a hash, hex or base64url).');

/** POST /licensing/runtime/ActivateDevice: the token's seat takes a place for this device (again: the same device). */
export const activateDeviceSchema = z.object({
  requestId: requestIdSchema,
  licenseId: idSchema,
  fingerprint: fingerprintSchema,
  /** What people see in the device lists ("Ada's laptop"). */
  name: z.string().trim().min(1).max(200).optional(),
  /** The operating system or platform ("macOS 15", "windows-x64"). */
  platform: z.string().trim().min(1).max(100).optional(),
});
export type ActivateDeviceInput = z.infer<typeof activateDeviceSchema>;

/** POST /licensing/runtime/DeactivateDevice and /licensing/runtime/Heartbeat: the device named by its fingerprint. */
export const deviceRequestSchema = z.object({
  requestId: requestIdSchema,
  licenseId: idSchema,
  fingerprint: fingerprintSchema,
});
export type DeviceRequestInput = z.infer<typeof deviceRequestSchema>;

/** POST /licensing/runtime/CheckOutLicenseFile: a signed file the app verifies offline on this device. */
export const checkOutLicenseFileSchema = z.object({
  requestId: requestIdSchema,
  licenseId: idSchema,
  fingerprint: fingerprintSchema,
  /** How long the file is valid: one hour to 90 days, capped by the license's term and its offering's MaxOfflineDays. */
  ttlSeconds: z
    .number()
    .int('TtlSeconds is a whole number of seconds.')
    .min(MIN_OFFLINE_FILE_SECONDS, 'TtlSeconds is at least 3600 (one hour).')
    .max(MAX_OFFLINE_DAYS * 86_400, 'TtlSeconds is at most 7776000 (90 days).'),
});
export type CheckOutLicenseFileInput = z.infer<typeof checkOutLicenseFileSchema>;
