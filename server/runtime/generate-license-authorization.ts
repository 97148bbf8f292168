import crypto from 'node:crypto';
import type { Db } from '../db';
import { deviceGate } from './devices/device-gate';
import { admitRuntimeCaller } from './runtime-caller';
import type { AuthorizationStatement, GenerateAuthorizationInput, LicenseAuthorization } from './runtime.schema';
import { seatFeatures, signSeatStatement } from './seat-statement';
import type { RuntimePrincipal } from './verify-runtime-token';

/**
 * How long an authorization is valid: the refresh interval at which a change (a revoked code, a
 * retired seat, a suspended license, allowance spent elsewhere) reaches a running seat. Ten
 * minutes: clients refresh at half-life, so a change arrives within five to ten minutes, while a
 * seat that lost its connection keeps working that long. A floating device's authorization ends
 * with its lease at the latest.
 */
const AUTHORIZATION_TTL_SECONDS = 600;
const AUTHORIZATION_JWT_TYPE = 'license-authorization+jwt';

/**
 * POST /licensing/runtime/GenerateLicenseAuthorization: a signed statement (ES256, the runtime
 * JWKS) of what the token's seat may do now. Refused as every seat's runtime path refuses
 * (admitRuntimeCaller, with the per-license limit runtimeAuthorization), the device last
 * (AuthorizationDenied, DeviceNotActivated).
 */
export async function generateLicenseAuthorization(
  ctx: { db: Db },
  input: GenerateAuthorizationInput & { principal: RuntimePrincipal; now?: Date },
): Promise<LicenseAuthorization> {
  const now = input.now ?? new Date();
  const caller = await admitRuntimeCaller(ctx, { principal: input.principal, licenseId: input.licenseId, now, limit: 'runtimeAuthorization' });
  // Most licenses name no device: they pay nothing for the gate.
  const device = input.fingerprint === undefined && caller.license.maxDevices === null ? null : await deviceGate(ctx, { caller, fingerprint: input.fingerprint, now });

  const features = await seatFeatures(ctx, caller, now);
  const issuedAt = Math.floor(now.getTime() / 1000);
  let expiresAt = issuedAt + AUTHORIZATION_TTL_SECONDS;
  if (device?.leaseExpiresAt) expiresAt = Math.min(expiresAt, Math.floor(device.leaseExpiresAt / 1000));
  const issuedUtc = new Date(issuedAt * 1000).toISOString();
  const expiresUtc = new Date(expiresAt * 1000).toISOString();
  const authorizationId = crypto.randomUUID();
  const seatId = caller.credential.seatId;
  const classification = caller.license.classification;
  // Two plain literals rather than a spread: the common one stays V8's fast object literal, and the
  // device's fields come after SeatId in the signed JSON.
  const statement: AuthorizationStatement = device
    ? { AuthorizationId: authorizationId, RequestId: input.requestId, LicenseId: input.licenseId, SeatId: seatId, DeviceId: device.deviceId, Fingerprint: device.fingerprint, LicenseClassification: classification, IssuedUtc: issuedUtc, ExpiresUtc: expiresUtc, Features: features }
    : { AuthorizationId: authorizationId, RequestId: input.requestId, LicenseId: input.licenseId, SeatId: seatId, LicenseClassification: classification, IssuedUtc: issuedUtc, ExpiresUtc: expiresUtc, Features: features };
  // Serialised once: the claims are built from this text, and the REST answer reuses it beside the JWS.
  const statementJson = JSON.stringify(statement);
  const jws = await signSeatStatement(ctx, { statementJson, type: AUTHORIZATION_JWT_TYPE, seatId: caller.credential.seatId, id: statement.AuthorizationId, issuedAt, expiresAt });
  return { authorization: jws, statement, statementJson };
}
