import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ArgumentError, deviceFingerprint } from '../../sdk/src/index';
import { fingerprintSchema } from '../../sdk/src/contract/devices';

// A device is named to the service by a hash of its machine id, never the id itself
// (docs/sdk.md "Devices"): SHA-256 over a domain-separated string, per app.
describe('deviceFingerprint', () => {
  const machineId = 'ada-laptop/8c1f2e9a-5b7d-4c3e-9f10-2a6b8d4e7c51';

  it('is stable: 64 lowercase hex characters, the same for the same machine and app', async () => {
    const first = await deviceFingerprint(machineId, { appId: 'com.example.app' });
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(await deviceFingerprint(machineId, { appId: 'com.example.app' })).toBe(first);
    expect(fingerprintSchema.safeParse(first).success).toBe(true);
  });

  it('is the SHA-256 of licensing-device-v1 NUL appId NUL machineId (documented, so another language can make the same)', async () => {
    const expected = crypto.createHash('sha256').update(`licensing-device-v1\u0000com.example.app\u0000${machineId}`).digest('hex');
    expect(await deviceFingerprint(machineId, { appId: 'com.example.app' })).toBe(expected);
    expect(await deviceFingerprint(machineId)).toBe(crypto.createHash('sha256').update(`licensing-device-v1\u0000\u0000${machineId}`).digest('hex'));
  });

  it('differs per app and per machine, and never contains the machine id', async () => {
    const fingerprints = await Promise.all([
      deviceFingerprint(machineId, { appId: 'com.example.app' }),
      deviceFingerprint(machineId, { appId: 'com.example.other' }),
      deviceFingerprint(machineId),
      deviceFingerprint(`${machineId}x`, { appId: 'com.example.app' }),
    ]);
    expect(new Set(fingerprints).size).toBe(4);
    const hexOfId = Buffer.from(machineId).toString('hex');
    for (const fingerprint of fingerprints) {
      expect(fingerprint).not.toContain(machineId);
      expect(fingerprint).not.toContain(hexOfId.slice(0, 16));
    }
    // A machine id that is itself hex is not passed through either.
    const hexId = 'a'.repeat(64);
    expect(await deviceFingerprint(hexId)).not.toContain(hexId);
  });

  it('refuses an empty machine id or a NUL in it (an ArgumentError naming the argument)', async () => {
    await expect(deviceFingerprint('')).rejects.toSatisfy((error) => error instanceof ArgumentError && error.field === 'machineId');
    await expect(deviceFingerprint('a\u0000b')).rejects.toSatisfy((error) => error instanceof ArgumentError && error.field === 'machineId');
    await expect(deviceFingerprint('m', { appId: 'x'.repeat(201) })).rejects.toSatisfy((error) => error instanceof ArgumentError && error.field === 'appId');
  });
});
