import crypto from 'node:crypto';
import type { Db } from '../../db';
import type { CheckOutLicenseFileInput } from '../../../sdk/src/contract/devices';
import { DomainError } from '../../errors';
import { admitRuntimeCaller, DENIAL_MESSAGES } from '../runtime-caller';
import type { AuthorizationStatement } from '../runtime.schema';
import { seatFeatures, signSeatStatement } from '../seat-statement';
import type { RuntimePrincipal } from '../verify-runtime-token';
import { deviceGate } from './device-gate';

const LICENSE_FILE_JWT_TYPE = 'license-file+jwt';
const DAY_SECONDS = 86_400;

/** What an offline license file states: the seat's statement, bound to one device's fingerprint. */
interface LicenseFileStatement extends Omit<AuthorizationStatement, 'AuthorizationId' | 'RequestId' | 'DeviceId' | 'Fingerprint'> {
  FileId: string;
  DeviceId: string | null;
  Fingerprint: string;
}

export interface LicenseFile {
  licenseFile: string;
  statement: LicenseFileStatement;
  statementJson: string;
}

/**
 * POST /licensing/runtime/CheckOutLicenseFile: a license file the app verifies with no network (a
 * JWS of the runtime keys, typ license-file+jwt), bound to the device's fingerprint, valid for
 * TtlSeconds capped by the license's MaxOfflineDays and its term. Refused like an authorization (the
 * device must be activated when the license limits devices), and 403 AuthorizationDenied
 * (OfflineNotOffered) when its offering allows no offline use. Counted against the authorization limit.
 */
export async function checkOutLicenseFile(ctx: { db: Db }, input: CheckOutLicenseFileInput & { principal: RuntimePrincipal; now?: Date }): Promise<LicenseFile> {
  const now = input.now ?? new Date();
  const caller = await admitRuntimeCaller(ctx, { principal: input.principal, licenseId: input.licenseId, now, limit: 'runtimeAuthorization' });
  if (caller.license.maxOfflineDays === 0) throw new DomainError('AuthorizationDenied', DENIAL_MESSAGES.OfflineNotOffered!);
  const device = (await deviceGate(ctx, { caller, fingerprint: input.fingerprint, now }))!;

  const issuedAt = Math.floor(now.getTime() / 1000);
  let expiresAt = issuedAt + Math.min(input.ttlSeconds, caller.license.maxOfflineDays * DAY_SECONDS);
  if (caller.license.termEnd) expiresAt = Math.min(expiresAt, Math.floor(caller.license.termEnd.getTime() / 1000));
  const statement: LicenseFileStatement = {
    FileId: crypto.randomUUID(),
    LicenseId: input.licenseId,
    SeatId: caller.credential.seatId,
    DeviceId: device.deviceId,
    Fingerprint: device.fingerprint,
    LicenseClassification: caller.license.classification,
    IssuedUtc: new Date(issuedAt * 1000).toISOString(),
    ExpiresUtc: new Date(expiresAt * 1000).toISOString(),
    Features: await seatFeatures(ctx, caller, now),
  };
  const statementJson = JSON.stringify(statement);
  const licenseFile = await signSeatStatement(ctx, { statementJson, type: LICENSE_FILE_JWT_TYPE, seatId: statement.SeatId, id: statement.FileId, issuedAt, expiresAt });
  return { licenseFile, statement, statementJson };
}
