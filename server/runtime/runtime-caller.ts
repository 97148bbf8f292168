import type { Db } from '../db';
import { DomainError } from '../errors';
import type { LicenseState } from '../licensing/license-state';
import { credentialState, licenseState, seatState, type CredentialState, type SeatState } from './runtime-state';
import type { RuntimePrincipal } from './verify-runtime-token';

export interface RuntimeCaller {
  principal: RuntimePrincipal;
  credential: CredentialState;
  seat: SeatState;
  license: LicenseState;
}

/**
 * What a genuine runtime token stands for: its license code, seat and license, from the runtime
 * caches. Callers refuse a body LicenseId that is not the token's first, each in its own way (404 on
 * the authorization, 400 on consumption). A token whose code this service does not know (or that
 * names another license or seat than its code) is 403 CredentialUnknown. Revocation is left to the
 * caller: the authorization refuses it, the consumption path accepts and drops the usage.
 */
export async function resolveRuntimeCaller(ctx: { db: Db }, principal: RuntimePrincipal): Promise<RuntimeCaller> {
  const credential = await credentialState(ctx, principal.credentialId);
  if (!credential || credential.licenseId !== principal.licenseId || credential.seatId !== principal.seatId) throw unknownCredential();
  const [seat, license] = await Promise.all([seatState(ctx, credential.seatId), licenseState(ctx, credential.licenseId)]);
  if (!seat || !license || seat.licenseId !== credential.licenseId) throw unknownCredential();
  return { principal, credential, seat, license };
}

const unknownCredential = () => new DomainError('CredentialUnknown', 'This license code is not known to this issuer.');

/** Why a seat may not run now (spec "Runtime paths": reasons seen by clients), or null. */
export function denialReason(caller: Pick<RuntimeCaller, 'seat' | 'license'>, now: Date): string | null {
  if (caller.seat.retired) return 'SeatRetired';
  switch (caller.license.status) {
    case 'Suspended':
      return caller.license.statusReason === 'Disputed' ? 'Disputed' : 'LicenseSuspended';
    case 'Cancelled':
      return caller.license.statusReason === 'Refunded' ? 'Refunded' : caller.license.statusReason === 'Disputed' ? 'DisputeLost' : 'LicenseCancelled';
    case 'Paused':
      return 'LicensePaused';
    case 'Expired':
      return 'Expired';
    default:
      return caller.license.termEnd !== null && caller.license.termEnd.getTime() <= now.getTime() ? 'Expired' : null;
  }
}

export const DENIAL_MESSAGES: Record<string, string> = {
  SeatRetired: 'SeatRetired: this seat was retired; use a credential of a live seat.',
  LicenseSuspended: 'LicenseSuspended: the billing plan is suspended (a payment failed).',
  LicenseCancelled: 'LicenseCancelled: the billing plan was cancelled.',
  LicensePaused: 'LicensePaused: the billing plan is paused.',
  Disputed: 'Disputed: the payment is disputed with the bank; the license is suspended until the dispute closes.',
  Refunded: 'Refunded: the purchase was refunded.',
  DisputeLost: 'DisputeLost: the payment was taken back after a dispute with the bank; the license is cancelled.',
  Expired: 'Expired: the license term has ended.',
  DeviceNotActivated: 'DeviceNotActivated: this license runs on activated devices only; activate this device (ActivateDevice) and send its Fingerprint.',
  OfflineNotOffered: 'OfflineNotOffered: this license has no offline use (its offering allows no offline license files).',
};
