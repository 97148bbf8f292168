import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { trimmedUrl } from './absolute-url.js';
import { expectedFingerprint } from './device-fingerprint.js';
import { ArgumentError } from './errors.js';
import { OfflineLicense, type LicenseFileStatement } from './offline-license.js';
import { readSignedFeatures, signedStringOrNull } from './signed-features.js';
import { assertValid } from './validate.js';
import { RUNTIME_AUDIENCE } from './verify-authorization.js';

// An offline license file: a JWS (ES256) the service signs with its runtime keys, bound to one
// device's fingerprint and a time to live, verified here with no network against a JWKS the app
// ships or saved at check-out.

export const LICENSE_FILE_TYPE = 'license-file+jwt';
/** How far this machine's clock may be behind the service's before a file counts as a clock set back. */
export const DEFAULT_CLOCK_TOLERANCE_SECONDS = 300;

/**
 * Why a license file was refused. `Unverified`: not signed by a key of the JWKS (forged, tampered,
 * another signer, another algorithm) or not a license file of this issuer (typ, iss, aud).
 * `OtherDevice`: signed for another fingerprint. `Expired`: past its `exp` by this machine's clock.
 * `ClockSetBack`: issued later than now (beyond the tolerance), or now is earlier than the
 * `lastSeenUtc` the app saved: the machine's clock was set back.
 */
export type LicenseFileRefusal = 'Unverified' | 'OtherDevice' | 'Expired' | 'ClockSetBack';

export class LicenseFileError extends Error {
  override readonly name = 'LicenseFileError';
  constructor(
    readonly reason: LicenseFileRefusal,
    message: string,
  ) {
    super(`${reason}: ${message}`);
  }
}

export type VerifyLicenseFileOptions = {
  /** The runtime JWKS (`{licensingUrl}/runtime/.well-known/jwks`): shipped with the app, or saved at check-out. Any of its keys may have signed the file. */
  jwks: JSONWebKeySet;
  /** The clock, in ms since the epoch. Default Date.now. */
  now?: () => number;
  /** How far the clock may be off before a file counts as issued in the future. Default 300 s. */
  clockToleranceSeconds?: number;
  /** The `verifiedUtc` the app saved at its last verification: now earlier than it (beyond the tolerance) is ClockSetBack. */
  lastSeenUtc?: string | Date | null;
} & (
  | { /** `{licensingUrl}/runtime`, the file's `iss`. */ issuer: string; licensingUrl?: never }
  | { /** `{base_url}/licensing`: the issuer is it with `/runtime` appended. */ licensingUrl: string; issuer?: never }
) &
  (
    | { /** This device's fingerprint. */ fingerprint: string; machineId?: never; appId?: never }
    | { /** This machine's id, hashed here as deviceFingerprint() does (never sent anywhere). */ machineId: string; appId?: string; fingerprint?: never }
  );

/** What a verification holds to: the issuer, the device, the clock. */
export interface LicenseFileExpectation {
  issuer: string;
  fingerprint: string;
  now: () => number;
  toleranceMs: number;
  lastSeenAt: number | null;
}

/**
 * Verifies an offline license file with no network and answers what it grants this device; a
 * LicenseFileError with its `reason` when it is refused, an ArgumentError for a bad option.
 */
export async function verifyLicenseFile(licenseFile: string, options: VerifyLicenseFileOptions): Promise<OfflineLicense> {
  if (typeof licenseFile !== 'string') throw new ArgumentError('licenseFile', 'a license file (a compact JWS) is required.');
  if (options === null || typeof options !== 'object') throw new ArgumentError('options', 'the JWKS, the issuer and the device are required.');
  let keys: JWTVerifyGetKey;
  try {
    keys = createLocalJWKSet(options.jwks);
  } catch {
    throw new ArgumentError('jwks', 'a JSON Web Key Set ({ keys: [...] }) is required.');
  }
  if ((options.issuer === undefined) === (options.licensingUrl === undefined)) throw new ArgumentError('issuer', 'give either the issuer or the licensingUrl.');
  const issuer = options.issuer !== undefined ? trimmedUrl(options.issuer, 'issuer') : `${trimmedUrl(options.licensingUrl, 'licensingUrl')}/runtime`;
  const tolerance = assertValid(z.object({ clockToleranceSeconds: z.number().min(0).max(86_400 * 7).optional() }), { clockToleranceSeconds: options.clockToleranceSeconds }).clockToleranceSeconds;
  let lastSeenAt: number | null = null;
  if (options.lastSeenUtc !== undefined && options.lastSeenUtc !== null) {
    lastSeenAt = options.lastSeenUtc instanceof Date ? options.lastSeenUtc.getTime() : typeof options.lastSeenUtc === 'string' ? Date.parse(options.lastSeenUtc) : NaN;
    if (!Number.isFinite(lastSeenAt)) throw new ArgumentError('lastSeenUtc', 'a valid date (ISO 8601) is required.');
  }
  return verifyLicenseFileWith(keys, licenseFile, {
    issuer,
    fingerprint: await expectedFingerprint(options),
    now: options.now ?? Date.now,
    toleranceMs: (tolerance ?? DEFAULT_CLOCK_TOLERANCE_SECONDS) * 1000,
    lastSeenAt,
  });
}

/** The verification itself, with any key source (a local JWKS offline, the service's JWKS at check-out). */
export async function verifyLicenseFileWith(keys: JWTVerifyGetKey, licenseFile: string, expect: LicenseFileExpectation): Promise<OfflineLicense> {
  const now = expect.now();
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(licenseFile, keys, {
      algorithms: ['ES256'],
      typ: LICENSE_FILE_TYPE,
      issuer: expect.issuer,
      audience: RUNTIME_AUDIENCE,
      requiredClaims: ['iat', 'exp', 'sub', 'jti'],
      currentDate: new Date(now),
    }));
  } catch (error) {
    // jose checks expiry last, after the signature and every other claim: an expired file's payload is verified.
    if (error instanceof errors.JWTExpired) payload = error.payload;
    else throw new LicenseFileError('Unverified', `the license file's signature or claims did not verify: ${error instanceof Error ? error.message : String(error)}`);
  }
  const statement = readStatement(payload);
  if (statement.fingerprint !== expect.fingerprint) throw new LicenseFileError('OtherDevice', 'the license file was issued for another device.');
  if (payload.iat! * 1000 > now + expect.toleranceMs) throw new LicenseFileError('ClockSetBack', `the license file was issued at ${statement.issuedUtc}, later than this machine's clock says it is now.`);
  if (expect.lastSeenAt !== null && now < expect.lastSeenAt - expect.toleranceMs) throw new LicenseFileError('ClockSetBack', "this machine's clock is earlier than when the license was last seen.");
  if (now >= statement.expiresAt) throw new LicenseFileError('Expired', `the license file expired at ${statement.expiresUtc}.`);
  return new OfflineLicense(statement, expect.now);
}

function readStatement(payload: JWTPayload): LicenseFileStatement {
  const fingerprint = signedStringOrNull(payload.Fingerprint);
  const licenseId = signedStringOrNull(payload.LicenseId);
  if (fingerprint === null || licenseId === null) throw new LicenseFileError('Unverified', 'the signed payload names no license or device: it is not a license file.');
  return {
    fileId: signedStringOrNull(payload.FileId) ?? payload.jti!,
    licenseId,
    seatId: signedStringOrNull(payload.SeatId) ?? payload.sub!,
    deviceId: signedStringOrNull(payload.DeviceId),
    fingerprint,
    classification: Number(payload.LicenseClassification),
    issuedUtc: signedStringOrNull(payload.IssuedUtc) ?? new Date(payload.iat! * 1000).toISOString(),
    expiresUtc: signedStringOrNull(payload.ExpiresUtc) ?? new Date(payload.exp! * 1000).toISOString(),
    expiresAt: payload.exp! * 1000,
    features: readSignedFeatures(payload.Features),
  };
}
