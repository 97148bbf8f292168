import type { Db } from '../db';
import { DomainError } from '../errors';
import type { LicenseState } from '../licensing/license-state';
import { consumeLimit, type LimitName } from '../platform/limits/limits';
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

/**
 * The caller of a runtime path that answers for a seat (the authorization, devices, license files),
 * refused in the one order they share: a LicenseId not the token's (404 NotFound), the path's
 * per-license limit when it has one (429), an unknown code (403 CredentialUnknown), a revoked one
 * (403 CredentialRevoked, unless its seat was retired: SeatRetired below, which says more), then
 * enforcement (403 AuthorizationDenied, the reason first in Message). With `mayRun: false` a code
 * this service knows is enough (a device may always give its place back).
 */
export async function admitRuntimeCaller(
  ctx: { db: Db },
  input: { principal: RuntimePrincipal; licenseId: string; now: Date; limit?: LimitName; mayRun?: boolean },
): Promise<RuntimeCaller> {
  if (input.licenseId !== input.principal.licenseId) throw new DomainError('NotFound', 'No license with that id for this credential.');
  if (input.limit) await consumeLimit(input.limit, input.principal.licenseId);
  const caller = await resolveRuntimeCaller(ctx, input.principal);
  if (input.mayRun === false) return caller;
  if (caller.credential.revoked && !caller.seat.retired) throw new DomainError('CredentialRevoked', 'This license code was revoked; issue a new one.');
  const reason = denialReason(caller, input.now);
  if (reason) throw new DomainError('AuthorizationDenied', DENIAL_MESSAGES[reason]!);
  return caller;
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
