import type { Db } from '../db';
import { env } from '../env';
import { signCompactJws } from '../keys/sign-jws';
import { getActiveSigningKey } from '../keys/signing-keys';
import { RUNTIME_AUDIENCE } from '../licensing/codes/runtime-token';
import { seatAllowances } from '../consumption/allowance';
import type { RuntimeCaller } from './runtime-caller';
import type { AuthorizationStatement } from './runtime.schema';

/** Every RateLimit counts uses per this window, per seat. */
const RATE_WINDOW_SECONDS = 60;

/** What the caller's seat may do with each feature of its license now: the signed statements' Features. */
export async function seatFeatures(ctx: { db: Db }, caller: RuntimeCaller, now: Date): Promise<AuthorizationStatement['Features']> {
  const allowances = await seatAllowances(ctx, { seatId: caller.credential.seatId, license: caller.license, now });
  const remaining = new Map(allowances.map((allowance) => [allowance.featureKey, allowance]));
  return caller.license.features.map((feature) => {
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
  });
}

/**
 * A statement about a seat signed with the runtime keys (ES256, the runtime JWKS): its claims are the
 * statement's JSON, serialised once, with the registered claims appended (no name is shared).
 */
export async function signSeatStatement(
  ctx: { db: Db },
  input: { statementJson: string; type: string; seatId: string; id: string; issuedAt: number; expiresAt: number },
): Promise<string> {
  const key = await getActiveSigningKey(ctx, 'runtime');
  const registered = JSON.stringify({ iss: env().runtimeIssuer, aud: RUNTIME_AUDIENCE, sub: input.seatId, jti: input.id, iat: input.issuedAt, exp: input.expiresAt });
  const claimsJson = `${input.statementJson.slice(0, -1)},${registered.slice(1)}`;
  return signCompactJws(key, input.type, claimsJson);
}
