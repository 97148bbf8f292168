import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { Account } from '@/generated/prisma/client';
import { sqlStateOf } from '../platform/database/sql-error';
import type { Db } from '../db';
import { env } from '../env';
import { DomainError } from '../errors';
import { localKeyResolver } from '../keys/signing-keys';
import { emailAddressSchema, findOrCreateAccountByEmail } from './accounts';
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

function hasPurchaseScope(payload: JWTPayload): boolean {
  const granted = [payload.scp, payload.scope]
    .flatMap((value): unknown[] => (Array.isArray(value) ? value : typeof value === 'string' ? value.split(' ') : []))
    .map(String);
  return granted.includes(PURCHASE_SCOPE) || granted.includes(env().buyerTokenScope);
}

/**
 * The address an external token vouches for, or null. `email` counts when the token says it is
 * verified (`email_verified: true`), or when the operator declares that this issuer only emits
 * verified addresses (BUYER_TOKEN_ISSUER_VERIFIES_EMAIL, e.g. Entra External ID's `email`; then
 * B2C user flows' `emails` too) and the token does not say otherwise. `preferred_username` never
 * counts: users and administrators can set it to anything (the nOAuth takeover).
 */
function verifiedEmailOf(payload: JWTPayload): string | null {
  const issuerVerifies = env().BUYER_TOKEN_ISSUER_VERIFIES_EMAIL && payload.email_verified !== false;
  const candidates: unknown[] = [];
  if (payload.email_verified === true || issuerVerifies) candidates.push(payload.email);
  if (issuerVerifies && Array.isArray(payload.emails)) candidates.push(payload.emails[0]);
  for (const candidate of candidates) {
    const parsed = emailAddressSchema.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  return null;
}

const linkFailed = () =>
  new DomainError(
    'BuyerLinkFailed',
    'This sign-in is not linked to an account yet, and its token carries no verified e-mail address to link it by (email with email_verified true).',
  );

/**
 * The account of an external sign-in, found by (issuer, subject), never by an address the token
 * merely states. A known pair reaches its account whatever address the token shows now. A new
 * pair is linked to the account of a verified address (created if new). Concurrent first requests
 * end in one link: the unique (issuer, subject) index refuses the others, which read the winner.
 */
async function linkExternalBuyer(ctx: { db: Db }, issuer: string, payload: JWTPayload): Promise<Account> {
  const where = { issuer_subject: { issuer, subject: payload.sub! } };
  const linked = await ctx.db.externalIdentity.findUnique({ where, include: { account: true } });
  if (linked) return linked.account;

  const email = verifiedEmailOf(payload);
  if (!email) throw linkFailed();
  // Prisma's upsert can lose a race for a new address (unique violation): the second try finds it.
  const account = await findOrCreateAccountByEmail(ctx, email).catch((error: unknown) => {
    if (sqlStateOf(error) !== '23505') throw error;
    return findOrCreateAccountByEmail(ctx, email);
  });
  try {
    await ctx.db.externalIdentity.create({ data: { issuer, subject: payload.sub!, accountId: account.id } });
    return account;
  } catch (error) {
    if (sqlStateOf(error) !== '23505') throw error;
    const winner = await ctx.db.externalIdentity.findUnique({ where, include: { account: true } });
    if (!winner) throw error;
    return winner.account;
  }
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
    const getKey = trusted.external ? remoteKeys!.getKey : localKeyResolver(ctx, 'identity');
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
  if (typeof payload.sub !== 'string' || payload.sub === '') throw new DomainError('BuyerTokenInvalid', 'The buyer token names no subject.');
  if (!hasPurchaseScope(payload)) throw new DomainError('BuyerTokenInvalid', `The buyer token lacks the scope ${PURCHASE_SCOPE}.`);
  const clientId = env().BUYER_TOKEN_CLIENT_ID;
  if (trusted.external && clientId && payload.azp !== clientId && payload.appid !== clientId) {
    throw new DomainError('BuyerTokenInvalid', 'The buyer token was issued to another client.');
  }

  if (!trusted.external) {
    const account = await ctx.db.account.findUnique({ where: { id: payload.sub } });
    if (!account) throw new DomainError('BuyerLinkFailed', 'The buyer could not be resolved to an account.');
    // Tokens are stateless: one issued before its person erased the account is refused by the account's row, read here anyway.
    if (account.erasedAt) throw new DomainError('BuyerTokenInvalid', 'This account was erased; sign the buyer in again.');
    return { accountId: account.id, email: account.email };
  }
  const account = await linkExternalBuyer(ctx, trusted.issuer, payload);
  return { accountId: account.id, email: account.email };
}
