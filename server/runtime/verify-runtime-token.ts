import crypto from 'node:crypto';
import { jwtVerify } from 'jose';
import type { Db } from '../db';
import { env } from '../env';
import { DomainError } from '../errors';
import { localKeyResolver, SIGNING_KEY_TOPIC } from '../keys/signing-keys';
import { RUNTIME_AUDIENCE, RUNTIME_SCOPE } from '../licensing/codes/runtime-token';
import { InvalidatedCache } from '../platform/invalidation/invalidated-cache';

// The runtime token on the runtime paths (spec "Authentication" 1-3). The service plays the gateway:
// a request whose Authorization header is not a Bearer JWT at all is refused as the gateway would,
// 401 with WWW-Authenticate and no ApiError body (RuntimeGatewayRefusal). No bearer is 401
// RuntimeTokenMissing; a JWT failing signature, algorithm, issuer, audience or scope is 401
// RuntimeTokenInvalid; both as ApiErrors with the same WWW-Authenticate header.

export const RUNTIME_WWW_AUTHENTICATE = `Bearer realm="service-runtime", scope="${RUNTIME_SCOPE}"`;
/** A bearer longer than this is no runtime token of ours (they are about 500 characters). */
const MAX_BEARER_LENGTH = 4096;
// An unsecured JWT (alg none) has an empty signature: a JWT still, refused as RuntimeTokenInvalid.
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/**
 * Runtime tokens that passed every check above, by their SHA-256: a seat presents the same token at
 * every call, and its signature is half the CPU of an authorization (API gateways keep the same
 * cache, e.g. Envoy's jwt_authn). Only what is signed is cached, never a refusal; whether the code
 * is revoked is asked at every call (runtime-state). A changed runtime key set drops them all.
 * Bounded like the runtime state: one token per running seat.
 */
const VERIFIED_TOKEN_CACHE_MS = 10 * 60_000;
const VERIFIED_TOKEN_CACHE_MAX = 100_000;
const verifiedTokens = new InvalidatedCache<RuntimePrincipal>({
  topic: SIGNING_KEY_TOPIC,
  ttlMs: VERIFIED_TOKEN_CACHE_MS,
  maxEntries: VERIFIED_TOKEN_CACHE_MAX,
  matches: (_token, purpose) => purpose === 'runtime',
});

export interface RuntimePrincipal {
  /** The license code's id (the token's subject). */
  credentialId: string;
  licenseId: string;
  seatId: string;
}

/** Refused before any ApiError: answered 401 with WWW-Authenticate and an empty body. */
export class RuntimeGatewayRefusal extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'RuntimeGatewayRefusal';
  }
}

const invalid = (message: string) => new DomainError('RuntimeTokenInvalid', message);

/** The bearer of an Authorization header, or null when there is none; a header that is no Bearer JWT is the gateway's refusal. */
function runtimeBearerOf(authorization: string | null | undefined): string | null {
  const value = authorization?.trim() ?? '';
  if (value === '') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(value);
  if (!match || match[1]!.length > MAX_BEARER_LENGTH || !JWT_SHAPE.test(match[1]!)) throw new RuntimeGatewayRefusal('The Authorization header is not a Bearer JWT.');
  return match[1]!;
}

export async function verifyRuntimeToken(ctx: { db: Db }, authorization: string | null | undefined): Promise<RuntimePrincipal> {
  const bearer = runtimeBearerOf(authorization);
  if (bearer === null) throw new DomainError('RuntimeTokenMissing', 'Send the runtime token of the license code as Authorization: Bearer <token>.');
  const cacheKey = crypto.createHash('sha256').update(bearer).digest('base64url');
  const verified = verifiedTokens.get(cacheKey);
  if (verified) return verified.value;
  let payload;
  try {
    ({ payload } = await jwtVerify(bearer, localKeyResolver(ctx, 'runtime'), { issuer: env().runtimeIssuer, audience: RUNTIME_AUDIENCE, algorithms: ['ES256'] }));
  } catch {
    throw invalid('The runtime token did not validate (signature, algorithm, issuer or audience).');
  }
  if (payload.scope !== RUNTIME_SCOPE) throw invalid(`The runtime token lacks the scope ${RUNTIME_SCOPE}.`);
  const { sub, lic, seat } = payload as { sub?: unknown; lic?: unknown; seat?: unknown };
  if (typeof sub !== 'string' || typeof lic !== 'string' || typeof seat !== 'string') throw invalid('The runtime token does not name a license code, license and seat.');
  const principal = { credentialId: sub, licenseId: lic, seatId: seat };
  verifiedTokens.set(cacheKey, principal);
  return principal;
}
