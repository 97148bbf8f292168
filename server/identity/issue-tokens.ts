import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import type { Account } from '@/generated/prisma/client';
import { randomToken, sha256Hex } from '../crypto/secrets';
import type { Db } from '../db';
import { env } from '../env';
import { getActiveSigningKey } from '../keys/signing-keys';
import { ACCESS_TOKEN_SECONDS, identityIssuer, PURCHASE_SCOPE, REFRESH_TOKEN_SECONDS, supportedScopes } from './identity-config';
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
  return new SignJWT({ scp: PURCHASE_SCOPE, azp: clientId, email: account.email })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'at+jwt' })
    .setIssuer(identityIssuer())
    .setAudience(`api://${env().LICENSING_APP_ID}`)
    .setSubject(account.id)
    .setIssuedAt(issuedAt)
    .setNotBefore(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_SECONDS)
    .setJti(crypto.randomUUID())
    .sign(key.privateKey);
}

async function signIdToken(ctx: Ctx, account: Account, clientId: string, nonce: string | null | undefined): Promise<string> {
  const key = await getActiveSigningKey(ctx, 'identity');
  const issuedAt = Math.floor(nowOf(ctx).getTime() / 1000);
  const claims: Record<string, unknown> = { email: account.email, email_verified: true, preferred_username: account.email };
  if (nonce) claims.nonce = nonce;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
    .setIssuer(identityIssuer())
    .setAudience(clientId)
    .setSubject(account.id)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_SECONDS)
    .sign(key.privateKey);
}

async function createRefreshToken(ctx: Ctx, input: { accountId: string; clientId: string; scope: string; familyId: string }): Promise<string> {
  const token = randomToken(48);
  await ctx.db.refreshToken.create({
    data: {
      tokenHash: sha256Hex(token),
      familyId: input.familyId,
      accountId: input.accountId,
      clientId: input.clientId,
      scope: input.scope,
      expiresAt: new Date(nowOf(ctx).getTime() + REFRESH_TOKEN_SECONDS * 1000),
    },
  });
  return token;
}

/** Access token (+ refresh token with offline_access, + ID token with openid) for a signed-in person. */
export async function issueTokens(
  ctx: Ctx,
  input: { account: Account; clientId: string; scope: string; nonce?: string | null; familyId?: string },
): Promise<TokenResponse> {
  const scopes = input.scope.split(' ');
  const response: TokenResponse = {
    token_type: 'Bearer',
    scope: input.scope,
    expires_in: ACCESS_TOKEN_SECONDS,
    access_token: await signAccessToken(ctx, input.account, input.clientId),
  };
  if (scopes.includes('offline_access')) {
    response.refresh_token = await createRefreshToken(ctx, {
      accountId: input.account.id,
      clientId: input.clientId,
      scope: input.scope,
      familyId: input.familyId ?? crypto.randomUUID(),
    });
  }
  if (scopes.includes('openid')) response.id_token = await signIdToken(ctx, input.account, input.clientId, input.nonce);
  return response;
}

/**
 * Refresh-token rotation: a token is used once and replaced by a successor in its family. A used
 * token presented again means it leaked, so the whole family is revoked.
 */
export async function refreshTokens(ctx: Ctx, input: { refreshToken: string; clientId: string; scope?: string | null }): Promise<TokenResponse> {
  const row = await ctx.db.refreshToken.findUnique({ where: { tokenHash: sha256Hex(input.refreshToken) }, include: { account: true } });
  if (!row || row.clientId !== input.clientId) throw new OAuthError('invalid_grant', 'The refresh token is not valid.');
  if (row.revokedAt || row.expiresAt <= nowOf(ctx)) throw new OAuthError('invalid_grant', 'The refresh token has expired or was revoked.');
  const claimed = await ctx.db.refreshToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: nowOf(ctx) } });
  if (claimed.count === 0) {
    await ctx.db.refreshToken.updateMany({ where: { familyId: row.familyId, revokedAt: null }, data: { revokedAt: nowOf(ctx) } });
    throw new OAuthError('invalid_grant', 'The refresh token was already used; sign in again.');
  }
  const scope = input.scope ? grantScope(input.scope) : row.scope;
  if (!scope.split(' ').every((s) => row.scope.split(' ').includes(s))) throw new OAuthError('invalid_scope', 'A refresh cannot widen the scope.');
  return issueTokens(ctx, { account: row.account, clientId: row.clientId, scope, familyId: row.familyId });
}
