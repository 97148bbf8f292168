import crypto from 'node:crypto';
import type { Account } from '@/generated/prisma/client';
import { randomToken, sha256Hex } from '../crypto/secrets';
import type { Db } from '../db';
import { env } from '../env';
import { signJwt } from '../keys/sign-jws';
import { getActiveSigningKey } from '../keys/signing-keys';
import { ACCESS_TOKEN_SECONDS, identityIssuer, PURCHASE_SCOPE, REFRESH_FAMILY_SECONDS, REFRESH_TOKEN_SECONDS, supportedScopes } from './identity-config';
import { OAuthError } from './oauth-error';

type Ctx = { db: Db; now?: () => Date };
const nowOf = (ctx: Ctx) => ctx.now?.() ?? new Date();

export interface TokenResponse {
  token_type: 'Bearer';
  scope: string;
  expires_in: number;
  access_token: string;
  refresh_token?: string;
  id_token?: string;
}

/** The granted scope: what was asked, all of it supported; the licensing scope is required. */
export function grantScope(requested: string | null | undefined): string {
  const scopes = (requested ?? '').split(/\s+/).filter(Boolean);
  const supported = new Set(supportedScopes());
  const unknown = scopes.filter((scope) => !supported.has(scope));
  if (unknown.length > 0) throw new OAuthError('invalid_scope', `Unsupported scope: ${unknown.join(' ')}`);
  if (!scopes.includes(env().buyerTokenScope)) throw new OAuthError('invalid_scope', `The scope ${env().buyerTokenScope} is required.`);
  return [...new Set(scopes)].join(' ');
}

async function signAccessToken(ctx: Ctx, account: Account, clientId: string): Promise<string> {
  const key = await getActiveSigningKey(ctx, 'identity');
  const issuedAt = Math.floor(nowOf(ctx).getTime() / 1000);
  return signJwt(key, 'at+jwt', {
    scp: PURCHASE_SCOPE,
    azp: clientId,
    email: account.email,
    iss: identityIssuer(),
    aud: `api://${env().LICENSING_APP_ID}`,
    sub: account.id,
    iat: issuedAt,
    nbf: issuedAt,
    exp: issuedAt + ACCESS_TOKEN_SECONDS,
    jti: crypto.randomUUID(),
  });
}

async function signIdToken(ctx: Ctx, account: Account, clientId: string, nonce: string | null | undefined): Promise<string> {
  const key = await getActiveSigningKey(ctx, 'identity');
  const issuedAt = Math.floor(nowOf(ctx).getTime() / 1000);
  const claims: Record<string, unknown> = { email: account.email, email_verified: true, preferred_username: account.email };
  if (nonce) claims.nonce = nonce;
  return signJwt(key, 'JWT', { ...claims, iss: identityIssuer(), aud: clientId, sub: account.id, iat: issuedAt, exp: issuedAt + ACCESS_TOKEN_SECONDS });
}

/** What a refresh token carries from its family: the family, its absolute end, the code it began with. */
export interface RefreshFamily {
  familyId: string;
  familyExpiresAt: Date;
  authorizationCodeId?: string | null;
}

/** A new family's fields, for a first sign-in (REFRESH_FAMILY_SECONDS from now). */
export function newRefreshFamily(ctx: Ctx, authorizationCodeId?: string): RefreshFamily {
  return { familyId: crypto.randomUUID(), familyExpiresAt: new Date(nowOf(ctx).getTime() + REFRESH_FAMILY_SECONDS * 1000), authorizationCodeId };
}

/**
 * Stores a refresh token of `family` and returns it. It expires REFRESH_TOKEN_SECONDS from now, or
 * at the family's end if that comes first. `db` may be a transaction.
 */
export async function createRefreshToken(
  ctx: { db: Pick<Db, 'refreshToken'>; now?: () => Date },
  input: { accountId: string; clientId: string; scope: string; family: RefreshFamily },
): Promise<string> {
  const token = randomToken(48);
  const now = ctx.now?.() ?? new Date();
  const expiresAt = new Date(Math.min(now.getTime() + REFRESH_TOKEN_SECONDS * 1000, input.family.familyExpiresAt.getTime()));
  await ctx.db.refreshToken.create({
    data: {
      tokenHash: sha256Hex(token),
      familyId: input.family.familyId,
      familyExpiresAt: input.family.familyExpiresAt,
      authorizationCodeId: input.family.authorizationCodeId ?? null,
      accountId: input.accountId,
      clientId: input.clientId,
      scope: input.scope,
      expiresAt,
    },
  });
  return token;
}

/** Whether a granted scope lets the client keep a refresh token. */
export const grantsRefresh = (scope: string) => scope.split(' ').includes('offline_access');

/**
 * Access token (+ refresh token with offline_access, + ID token with openid) for a signed-in person.
 * `refreshToken`: one already stored by the caller (in its own transaction); otherwise one is
 * created in a new family when the scope grants it.
 */
export async function issueTokens(
  ctx: Ctx,
  input: { account: Account; clientId: string; scope: string; nonce?: string | null; refreshToken?: string },
): Promise<TokenResponse> {
  const response: TokenResponse = {
    token_type: 'Bearer',
    scope: input.scope,
    expires_in: ACCESS_TOKEN_SECONDS,
    access_token: await signAccessToken(ctx, input.account, input.clientId),
  };
  if (input.refreshToken) response.refresh_token = input.refreshToken;
  else if (grantsRefresh(input.scope)) {
    response.refresh_token = await createRefreshToken(ctx, { accountId: input.account.id, clientId: input.clientId, scope: input.scope, family: newRefreshFamily(ctx) });
  }
  if (input.scope.split(' ').includes('openid')) response.id_token = await signIdToken(ctx, input.account, input.clientId, input.nonce);
  return response;
}

/** Revokes every refresh token of the families issued from an authorization code (RFC 6749 4.1.2: a replayed code). */
export async function revokeTokensIssuedFromCode(ctx: Ctx, authorizationCodeId: string): Promise<void> {
  await ctx.db.refreshToken.updateMany({ where: { authorizationCodeId, revokedAt: null }, data: { revokedAt: nowOf(ctx) } });
}

/** The absolute end of a family; families stored before it was recorded end REFRESH_FAMILY_SECONDS after their first token. */
async function familyEndOf(ctx: Ctx, row: { familyId: string; familyExpiresAt: Date | null; createdAt: Date }): Promise<Date> {
  if (row.familyExpiresAt) return row.familyExpiresAt;
  const first = await ctx.db.refreshToken.findFirst({ where: { familyId: row.familyId }, orderBy: { createdAt: 'asc' }, select: { createdAt: true } });
  return new Date((first?.createdAt ?? row.createdAt).getTime() + REFRESH_FAMILY_SECONDS * 1000);
}

/**
 * Refresh-token rotation: a token is used once and replaced by a successor in its family. A used
 * token presented again means it leaked, so the whole family is revoked. Everything that can refuse
 * the request (client, scope, the family's end) is checked before the token is spent, so a
 * client's mistaken request does not cost it the family.
 */
export async function refreshTokens(ctx: Ctx, input: { refreshToken: string; clientId: string; scope?: string | null }): Promise<TokenResponse> {
  const row = await ctx.db.refreshToken.findUnique({ where: { tokenHash: sha256Hex(input.refreshToken) }, include: { account: true } });
  if (!row || row.clientId !== input.clientId) throw new OAuthError('invalid_grant', 'The refresh token is not valid.');
  if (row.revokedAt) throw new OAuthError('invalid_grant', 'The refresh token was revoked; sign in again.');
  if (row.usedAt) {
    await revokeFamily(ctx, row.familyId);
    throw new OAuthError('invalid_grant', 'The refresh token was already used; sign in again.');
  }
  if (row.expiresAt <= nowOf(ctx)) throw new OAuthError('invalid_grant', 'The refresh token has expired; sign in again.');
  const familyExpiresAt = await familyEndOf(ctx, row);
  if (familyExpiresAt <= nowOf(ctx)) throw new OAuthError('invalid_grant', 'This sign-in has reached its maximum age; sign in again.');

  // The access token may be narrowed; the successor keeps the family's scope (RFC 6749 section 6).
  const scope = input.scope ? grantScope(input.scope) : row.scope;
  if (!scope.split(' ').every((s) => row.scope.split(' ').includes(s))) throw new OAuthError('invalid_scope', 'A refresh cannot widen the scope.');

  // Spending the token and storing its successor commit together: a concurrent reuse waits on the
  // row, then finds it spent and revokes the family, successor included.
  const successor = await ctx.db.$transaction(async (tx) => {
    const claimed = await tx.refreshToken.updateMany({ where: { id: row.id, usedAt: null, revokedAt: null }, data: { usedAt: nowOf(ctx) } });
    if (claimed.count === 0) return null;
    return createRefreshToken(
      { db: tx, now: ctx.now },
      { accountId: row.accountId, clientId: row.clientId, scope: row.scope, family: { familyId: row.familyId, familyExpiresAt, authorizationCodeId: row.authorizationCodeId } },
    );
  });
  if (!successor) {
    await revokeFamily(ctx, row.familyId);
    throw new OAuthError('invalid_grant', 'The refresh token was already used; sign in again.');
  }
  return issueTokens(ctx, { account: row.account, clientId: row.clientId, scope, refreshToken: successor });
}

async function revokeFamily(ctx: Ctx, familyId: string): Promise<void> {
  await ctx.db.refreshToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: nowOf(ctx) } });
}
