import { createLocalJWKSet, createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { Db } from '../db';
import { env } from '../env';
import { DomainError } from '../errors';
import { forgetSigningKeys, listPublicJwks } from '../keys/signing-keys';
import { findOrCreateAccountByEmail } from './accounts';
import { identityIssuer, PURCHASE_SCOPE } from './identity-config';

// Buyer tokens for the purchase API: from the built-in authority by default, or from an external
// OpenID provider (for example Microsoft Entra External ID) configured by BUYER_TOKEN_* alone.

export interface Buyer {
  accountId: string;
  email: string;
}

let remoteKeys: { url: string; getKey: JWTVerifyGetKey } | undefined;

function trustedIssuer() {
  const config = env();
  if (config.BUYER_TOKEN_ISSUER) {
    if (remoteKeys?.url !== config.BUYER_TOKEN_JWKS_URL) {
      remoteKeys = { url: config.BUYER_TOKEN_JWKS_URL!, getKey: createRemoteJWKSet(new URL(config.BUYER_TOKEN_JWKS_URL!)) };
    }
    return { external: true, issuer: config.BUYER_TOKEN_ISSUER, audience: config.buyerTokenAudience, algorithms: ['RS256', 'ES256', 'PS256'] };
  }
  return { external: false, issuer: identityIssuer(), audience: config.buyerTokenAudience, algorithms: ['ES256'] };
}

/** The built-in authority's keys; a kid we have not seen (a rotation elsewhere) reloads them once. */
function builtInKeys(ctx: { db: Db }): JWTVerifyGetKey {
  return async (header, token) => {
    let keys = await listPublicJwks(ctx, 'identity');
    if (header.kid && !keys.some((key) => key.kid === header.kid)) {
      forgetSigningKeys();
      keys = await listPublicJwks(ctx, 'identity');
    }
    return createLocalJWKSet({ keys })(header, token);
  };
}

function hasPurchaseScope(payload: JWTPayload): boolean {
  const granted = [payload.scp, payload.scope]
    .flatMap((value) => (Array.isArray(value) ? value : typeof value === 'string' ? value.split(' ') : []))
    .map(String);
  return granted.includes(PURCHASE_SCOPE) || granted.includes(env().buyerTokenScope);
}

function emailOf(payload: JWTPayload): string | null {
  const candidates = [payload.email, Array.isArray(payload.emails) ? payload.emails[0] : undefined, payload.preferred_username];
  const email = candidates.find((value): value is string => typeof value === 'string' && /^[^@\s]+@[^@\s]+$/.test(value));
  return email ?? null;
}

/**
 * No bearer: 401 BuyerTokenMissing. Signature, issuer, audience, scope or expiry wrong (or
 * `alg: none`, which jose never accepts): 401 BuyerTokenInvalid. A valid token whose person
 * cannot be resolved to an account: 403 BuyerLinkFailed.
 */
export async function verifyBuyerToken(ctx: { db: Db }, authorization: string | null): Promise<Buyer> {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (!bearer) throw new DomainError('BuyerTokenMissing', 'Send the buyer token as Authorization: Bearer <token>.');

  const trusted = trustedIssuer();
  let payload: JWTPayload;
  try {
    const getKey = trusted.external ? remoteKeys!.getKey : builtInKeys(ctx);
    ({ payload } = await jwtVerify(bearer, getKey, {
      issuer: trusted.issuer,
      audience: trusted.audience,
      algorithms: trusted.algorithms,
      requiredClaims: ['exp', 'sub'],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) {
      throw new DomainError('BuyerTokenInvalid', 'The buyer token did not validate; sign the buyer in again.');
    }
    throw error;
  }
  if (!hasPurchaseScope(payload)) throw new DomainError('BuyerTokenInvalid', `The buyer token lacks the scope ${PURCHASE_SCOPE}.`);
  const clientId = env().BUYER_TOKEN_CLIENT_ID;
  if (trusted.external && clientId && payload.azp !== clientId && payload.appid !== clientId) {
    throw new DomainError('BuyerTokenInvalid', 'The buyer token was issued to another client.');
  }

  if (!trusted.external) {
    const account = await ctx.db.account.findUnique({ where: { id: payload.sub! } });
    if (!account) throw new DomainError('BuyerLinkFailed', 'The buyer could not be resolved to an account.');
    return { accountId: account.id, email: account.email };
  }
  const email = emailOf(payload);
  if (!email) throw new DomainError('BuyerLinkFailed', 'The buyer token carries no e-mail address to link an account to.');
  const account = await findOrCreateAccountByEmail(ctx, email);
  return { accountId: account.id, email: account.email };
}
