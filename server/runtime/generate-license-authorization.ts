import crypto from 'node:crypto';
import { CompactSign } from 'jose';
import type { Db } from '../db';
import { env } from '../env';
import { DomainError } from '../errors';
import { getActiveSigningKey } from '../keys/signing-keys';
import { RUNTIME_AUDIENCE } from '../licensing/codes/runtime-token';
import { consumeLimit } from '../platform/limits/limits';
import { seatAllowances } from '../consumption/allowance';
import { denialReason, DENIAL_MESSAGES, resolveRuntimeCaller } from './runtime-caller';
import type { AuthorizationStatement, GenerateAuthorizationInput, LicenseAuthorization } from './runtime.schema';
import type { RuntimePrincipal } from './verify-runtime-token';

/**
 * How long an authorization is valid: the refresh interval at which a change (a revoked code, a
 * retired seat, a suspended license, allowance spent elsewhere) reaches a running seat. Ten
 * minutes: clients refresh at half-life, so a change arrives within five to ten minutes, while a
 * seat that lost its connection keeps working that long.
 */
const AUTHORIZATION_TTL_SECONDS = 600;
/** Every RateLimit counts uses per this window, per seat. */
const RATE_WINDOW_SECONDS = 60;
const AUTHORIZATION_JWT_TYPE = 'license-authorization+jwt';
const utf8 = new TextEncoder();

/**
 * POST /licensing/runtime/GenerateLicenseAuthorization: a signed statement (ES256, the runtime
 * JWKS) of what the token's seat may do now. Refusals in order: a LicenseId not the token's (404
 * NotFound), the per-license limit (429), an unknown code (403 CredentialUnknown), a revoked one
 * (403 CredentialRevoked, unless its seat was retired: SeatRetired below), then enforcement (403 AuthorizationDenied, the reason first in Message).
 */
export async function generateLicenseAuthorization(
  ctx: { db: Db },
  input: GenerateAuthorizationInput & { principal: RuntimePrincipal; now?: Date },
): Promise<LicenseAuthorization> {
  const now = input.now ?? new Date();
  if (input.licenseId !== input.principal.licenseId) throw new DomainError('NotFound', 'No license with that id for this credential.');
  await consumeLimit('runtimeAuthorization', input.principal.licenseId);
  const caller = await resolveRuntimeCaller(ctx, input.principal);
  // A retired seat's codes are revoked with it: the caller is told the seat is gone, which says more.
  if (caller.credential.revoked && !caller.seat.retired) throw new DomainError('CredentialRevoked', 'This license code was revoked; issue a new one.');
  const reason = denialReason(caller, now);
  if (reason) throw new DomainError('AuthorizationDenied', DENIAL_MESSAGES[reason]!);

  const allowances = await seatAllowances(ctx, { seatId: caller.credential.seatId, license: caller.license, now });
  const remaining = new Map(allowances.map((allowance) => [allowance.featureKey, allowance]));
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + AUTHORIZATION_TTL_SECONDS;
  const statement: AuthorizationStatement = {
    AuthorizationId: crypto.randomUUID(),
    RequestId: input.requestId,
    LicenseId: input.licenseId,
    SeatId: caller.credential.seatId,
    LicenseClassification: caller.license.classification,
    IssuedUtc: new Date(issuedAt * 1000).toISOString(),
    ExpiresUtc: new Date(expiresAt * 1000).toISOString(),
    Features: caller.license.features.map((feature) => {
      const allowance = remaining.get(feature.key);
      return {
        FeatureKey: feature.key,
        ServiceAccessLevel: feature.accessLevel,
        RateLimit: feature.rateLimit,
        RateWindowSeconds: feature.rateLimit === null ? null : RATE_WINDOW_SECONDS,
        Allowance: feature.allowance,
        Remaining: allowance?.remaining ?? null,
        PeriodEndUtc: allowance?.periodEnd?.toISOString() ?? null,
      };
    }),
  };
  const key = await getActiveSigningKey(ctx, 'runtime');
  // The statement is serialised once: the claims are its JSON with the registered claims appended
  // (no name is shared), and the REST answer reuses the same text beside the JWS. CompactSign over
  // the claims as built: SignJWT would deep-copy and re-check them first.
  const statementJson = JSON.stringify(statement);
  const registered = JSON.stringify({ iss: env().runtimeIssuer, aud: RUNTIME_AUDIENCE, sub: caller.credential.seatId, jti: statement.AuthorizationId, iat: issuedAt, exp: expiresAt });
  const claimsJson = `${statementJson.slice(0, -1)},${registered.slice(1)}`;
  const jws = await new CompactSign(utf8.encode(claimsJson)).setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: AUTHORIZATION_JWT_TYPE }).sign(key.privateKey);
  return { authorization: jws, statement, statementJson };
}
