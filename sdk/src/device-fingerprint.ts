import { z } from 'zod';
import { ArgumentError } from './errors.js';
import { activateDeviceSchema, fingerprintSchema } from './contract/devices.js';
import { assertValid } from './validate.js';

// A device is named to the service by its fingerprint only: a hash of the machine's id, separated
// by a domain and the app, so the service (and a seller reading its device lists) never learns the
// machine id, and two apps on one machine cannot be matched by their fingerprints.

const FINGERPRINT_DOMAIN = 'licensing-device-v1';

const machineIdSchema = z.string().min(1, 'a machine id is at least one character.').max(4096, 'a machine id is at most 4096 characters.');
const appIdSchema = z.string().max(200, 'an app id is at most 200 characters.');
const fingerprintInputSchema = z.object({ machineId: machineIdSchema, appId: appIdSchema.optional() });

/** How RuntimeClientOptions names this device: a machine id (hashed here before anything is sent) or a fingerprint made already. */
export type DeviceOptions =
  | {
      /** The machine's own id (e.g. `os.hostname()` and a random id the app stored once). Never sent: only its hash. */
      machineId: string;
      /** Separates this app's fingerprints from other apps' on the same machine (your app's bundle id). */
      appId?: string;
      /** What people see in the device lists ("Ada's laptop"). */
      name?: string;
      /** The operating system or platform ("macOS 15", "windows-x64"). */
      platform?: string;
    }
  | { fingerprint: string; name?: string; platform?: string };

const labels = { name: activateDeviceSchema.shape.name, platform: activateDeviceSchema.shape.platform };
const byMachineSchema = z.object({ device: z.object({ ...fingerprintInputSchema.shape, ...labels }) });
const byFingerprintSchema = z.object({ device: z.object({ fingerprint: fingerprintSchema, ...labels }) });

/**
 * The fingerprint of a machine for this app: the SHA-256 (WebCrypto, in Node 20+ and browsers),
 * in lowercase hex (64 characters), of `licensing-device-v1 NUL appId NUL machineId`. The same
 * machine id and app id always give the same fingerprint.
 */
export async function deviceFingerprint(machineId: string, options: { appId?: string } = {}): Promise<string> {
  const input = assertValid(fingerprintInputSchema, { machineId, appId: options.appId });
  const text = `${FINGERPRINT_DOMAIN}\u0000${input.appId ?? ''}\u0000${input.machineId}`;
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** This device as the client names it to the service; the fingerprint is hashed once, when first needed. */
export interface DeviceIdentity {
  fingerprint(): Promise<string>;
  name?: string;
  platform?: string;
}

/** The device option, checked at once (an ArgumentError naming `device.<field>`), before any request. */
export function readDeviceOptions(device: DeviceOptions): DeviceIdentity {
  if (device === null || typeof device !== 'object') throw new ArgumentError('device', 'give { machineId } or { fingerprint }.');
  const hasMachineId = 'machineId' in device && device.machineId !== undefined;
  const hasFingerprint = 'fingerprint' in device && device.fingerprint !== undefined;
  if (hasMachineId === hasFingerprint) throw new ArgumentError('device', 'give either a machineId (hashed before it is sent) or a fingerprint, not both.');
  if (hasFingerprint) {
    const { device: parsed } = assertValid(byFingerprintSchema, { device });
    const fingerprint = Promise.resolve(parsed.fingerprint);
    return { fingerprint: () => fingerprint, name: parsed.name, platform: parsed.platform };
  }
  const { device: parsed } = assertValid(byMachineSchema, { device });
  let hashed: Promise<string> | null = null;
  return { fingerprint: () => (hashed ??= deviceFingerprint(parsed.machineId, { appId: parsed.appId })), name: parsed.name, platform: parsed.platform };
}

/** A fingerprint or a machine id to hash, as the offline verification takes them (`fingerprint`, or `machineId` with `appId`). */
export async function expectedFingerprint(options: { fingerprint?: string; machineId?: string; appId?: string }): Promise<string> {
  const hasMachineId = options.machineId !== undefined;
  if (hasMachineId === (options.fingerprint !== undefined)) throw new ArgumentError('fingerprint', 'give either the device fingerprint or its machineId, not both.');
  if (hasMachineId) return deviceFingerprint(options.machineId!, { appId: options.appId });
  return assertValid(z.object({ fingerprint: fingerprintSchema }), { fingerprint: options.fingerprint }).fingerprint;
}
