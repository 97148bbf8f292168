import { jwtVerify, type JWTVerifyGetKey } from 'jose';
import { LicensingApiError } from './errors.js';
import type { AuthorizedFeature } from './local-check.js';
import { readSignedFeatures, signedStringOrNull } from './signed-features.js';

const AUTHORIZATION_TYPE = 'license-authorization+jwt';
/** The audience of everything the runtime keys sign (authorizations, license files). */
export const RUNTIME_AUDIENCE = 'service-runtime';

/** A verified license authorization: every field is read from the signed payload. */
export interface Authorization {
  authorizationId: string;
  licenseId: string;
  seatId: string;
  /** The device it was issued to, when the client names one (null otherwise). */
  deviceId: string | null;
  fingerprint: string | null;
  classification: number;
  issuedUtc: string;
  expiresUtc: string;
  features: AuthorizedFeature[];
}

/** What the authorization must answer: this issuer, license, request and (when one is named) device. */
interface AuthorizationExpectation {
  issuer: string;
  licenseId: string;
  requestId: string;
  fingerprint: string | null;
  /** The clock, in ms since the epoch. */
  now: number;
  environment: string | null;
}

/**
 * The JWS of a license authorization, verified (signature by a key of the JWKS, issuer, audience,
 * type, expiry, this license, request and device); the fields come from its payload, never from the
 * unsigned JSON around it. Anything else is `LicensingApiError` `AuthorizationUnverified`.
 */
export async function verifyAuthorization(jws: string, keys: JWTVerifyGetKey, expect: AuthorizationExpectation): Promise<Authorization> {
  const unverified = (message: string) => new LicensingApiError({ code: 'AuthorizationUnverified', status: 200, message, environment: expect.environment });
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(jws, keys, { issuer: expect.issuer, audience: RUNTIME_AUDIENCE, algorithms: ['ES256'], typ: AUTHORIZATION_TYPE, currentDate: new Date(expect.now) }));
  } catch (error) {
    throw unverified(`The authorization's signature or claims did not verify: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (payload.LicenseId !== expect.licenseId || payload.RequestId !== expect.requestId) throw unverified('The authorization is for another license or request.');
  if (expect.fingerprint !== null && payload.Fingerprint !== expect.fingerprint) throw unverified('The authorization is for another device.');
  return {
    authorizationId: String(payload.AuthorizationId),
    licenseId: String(payload.LicenseId),
    seatId: String(payload.SeatId),
    deviceId: signedStringOrNull(payload.DeviceId),
    fingerprint: signedStringOrNull(payload.Fingerprint),
    classification: Number(payload.LicenseClassification),
    issuedUtc: String(payload.IssuedUtc),
    expiresUtc: String(payload.ExpiresUtc),
    features: readSignedFeatures(payload.Features),
  };
}
