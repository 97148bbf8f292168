import type { Db } from '../../db';
import { DomainError } from '../../errors';
import { DENIAL_MESSAGES, type RuntimeCaller } from '../runtime-caller';
import { activatedDevice } from './seat-devices';

export interface NamedDevice {
  /** Null: the fingerprint is not activated, on a license that does not limit devices. */
  deviceId: string | null;
  fingerprint: string;
  /** Epoch ms when a floating lease lapses; null otherwise. */
  leaseExpiresAt: number | null;
}

/**
 * The device a signed statement is for. A license that limits devices runs only on activated ones:
 * no fingerprint, or one that holds no place on the seat, is 403 AuthorizationDenied
 * (DeviceNotActivated). Without a limit a fingerprint is named as sent, with its device when it has
 * one; no fingerprint costs nothing (null).
 */
export async function deviceGate(ctx: { db: Db }, input: { caller: RuntimeCaller; fingerprint: string | undefined; now: Date }): Promise<NamedDevice | null> {
  const limited = input.caller.license.maxDevices !== null;
  if (input.fingerprint === undefined) {
    if (limited) throw new DomainError('AuthorizationDenied', DENIAL_MESSAGES.DeviceNotActivated!);
    return null;
  }
  const device = await activatedDevice(ctx, { seatId: input.caller.credential.seatId, fingerprint: input.fingerprint, now: input.now });
  if (!device && limited) throw new DomainError('AuthorizationDenied', DENIAL_MESSAGES.DeviceNotActivated!);
  return { deviceId: device?.deviceId ?? null, fingerprint: input.fingerprint, leaseExpiresAt: device?.leaseExpiresAt ?? null };
}
