import crypto from 'node:crypto';
import type { Account } from '@/generated/prisma/client';
import { randomToken, safeEqual, sha256Hex } from '../crypto/secrets';
import type { Db } from '../db';
import { env } from '../env';
import { AUTHORIZATION_CODE_SECONDS, AUTHORIZATION_REQUEST_SECONDS } from './identity-config';
import { createRefreshToken, grantScope, grantsRefresh, issueTokens, newRefreshFamily, revokeTokensIssuedFromCode, type TokenResponse } from './issue-tokens';
import { OAuthError } from './oauth-error';
import { isAllowedRedirectUri } from './redirect-uris';
import { spendSignInStart } from './sign-in-limits';

// Authorization code + PKCE (S256 only) for the public client, with loopback redirects (RFC 8252).

type Ctx = { db: Db; now?: () => Date };
const nowOf = (ctx: Ctx) => ctx.now?.() ?? new Date();

export type AuthorizeOutcome =
  | { kind: 'sign-in'; requestId: string; browserBinding: string }
  /** An error the client can be told about at its (validated) redirect URI. */
  | { kind: 'redirect'; location: string }
  /** client_id or redirect_uri are not acceptable: never redirect, show the error. */
  | { kind: 'error'; error: OAuthError };

function redirectWith(redirectUri: string, params: Record<string, string | null | undefined>): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) if (value) url.searchParams.set(key, value);
  return url.toString();
}

/**
 * The authorize endpoint: validates the request and parks it until the person signs in. `clientIp`,
 * when known, is counted against the sign-ins started per client IP before a row is stored.
 */
export async function startAuthorization(ctx: Ctx, query: URLSearchParams, options: { clientIp?: string } = {}): Promise<AuthorizeOutcome> {
  const clientId = query.get('client_id');
  const redirectUri = query.get('redirect_uri');
  if (clientId !== env().IDENTITY_CLIENT_ID) return { kind: 'error', error: new OAuthError('unauthorized_client', 'Unknown client_id.') };
  if (!redirectUri || !isAllowedRedirectUri(redirectUri)) {
    return { kind: 'error', error: new OAuthError('invalid_request', 'redirect_uri is not registered for this client.') };
  }
  const state = query.get('state');
  const fail = (error: string, description: string): AuthorizeOutcome => ({
    kind: 'redirect',
    location: redirectWith(redirectUri, { error, error_description: description, state }),
  });

  if (query.get('response_type') !== 'code') return fail('unsupported_response_type', 'Only response_type=code is supported.');
  const challenge = query.get('code_challenge');
  if (!challenge) return fail('invalid_request', 'PKCE is required: send code_challenge with code_challenge_method=S256.');
  if (query.get('code_challenge_method') !== 'S256') return fail('invalid_request', 'Only code_challenge_method=S256 is supported.');
  if (!/^[A-Za-z0-9_-]{43}$/.test(challenge)) return fail('invalid_request', 'code_challenge is not a S256 challenge.');
  let scope: string;
  try {
    scope = grantScope(query.get('scope'));
  } catch (error) {
    return fail('invalid_scope', (error as Error).message);
  }

  try {
    await spendSignInStart(options.clientIp);
  } catch (error) {
    // RFC 6749 4.1.2.1: the client is told at its redirect URI that the server is busy.
    if (error instanceof OAuthError) return fail('temporarily_unavailable', error.description);
    throw error;
  }

  const browserBinding = randomToken();
  const request = await ctx.db.authorizationRequest.create({
    data: {
      clientId,
      redirectUri,
      state,
      nonce: query.get('nonce'),
      scope,
      codeChallenge: challenge,
      browserBindingHash: sha256Hex(browserBinding),
      expiresAt: new Date(nowOf(ctx).getTime() + AUTHORIZATION_REQUEST_SECONDS * 1000),
    },
  });
  return { kind: 'sign-in', requestId: request.id, browserBinding };
}

/** The pending request, only for the browser that started it. */
export async function findPendingAuthorization(ctx: Ctx, requestId: string, browserBinding: string | undefined) {
  const request = await ctx.db.authorizationRequest.findUnique({ where: { id: requestId } });
  if (!request || !browserBinding || !safeEqual(request.browserBindingHash, sha256Hex(browserBinding))) return null;
  if (request.completedAt || request.expiresAt <= nowOf(ctx)) return null;
  return request;
}

/** The person proved their address: issue a single-use code and send the browser back to the app. */
export async function completeAuthorization(ctx: Ctx, input: { requestId: string; account: Account }): Promise<string> {
  const request = await ctx.db.authorizationRequest.findUnique({ where: { id: input.requestId } });
  if (!request) throw new OAuthError('invalid_request', 'The sign-in request is unknown.');
  const done = await ctx.db.authorizationRequest.updateMany({ where: { id: request.id, completedAt: null }, data: { completedAt: nowOf(ctx) } });
  if (done.count === 0) throw new OAuthError('invalid_request', 'This sign-in was already completed.');
  const code = randomToken();
  await ctx.db.authorizationCode.create({
    data: {
      codeHash: sha256Hex(code),
      accountId: input.account.id,
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      scope: request.scope,
      nonce: request.nonce,
      codeChallenge: request.codeChallenge,
      expiresAt: new Date(nowOf(ctx).getTime() + AUTHORIZATION_CODE_SECONDS * 1000),
    },
  });
  return redirectWith(request.redirectUri, { code, state: request.state });
}

/**
 * The token endpoint's authorization_code grant. A code is used once; presenting a used code again
 * is refused and revokes the refresh tokens issued from it (RFC 6749 4.1.2), since the code leaked.
 */
export async function exchangeAuthorizationCode(
  ctx: Ctx,
  input: { code: string; codeVerifier: string | null; redirectUri: string | null; clientId: string | null },
): Promise<TokenResponse> {
  const row = await ctx.db.authorizationCode.findUnique({ where: { codeHash: sha256Hex(input.code) }, include: { account: true } });
  if (!row || row.clientId !== input.clientId) throw new OAuthError('invalid_grant', 'The authorization code is not valid.');
  const replayed = async (): Promise<never> => {
    await revokeTokensIssuedFromCode(ctx, row.id);
    throw new OAuthError('invalid_grant', 'The authorization code was already used.');
  };
  if (row.usedAt) return replayed();
  if (row.expiresAt <= nowOf(ctx)) throw new OAuthError('invalid_grant', 'The authorization code has expired.');
  if (row.redirectUri !== input.redirectUri) throw new OAuthError('invalid_grant', 'redirect_uri does not match the authorization request.');
  if (!input.codeVerifier || !/^[A-Za-z0-9._~-]{43,128}$/.test(input.codeVerifier)) throw new OAuthError('invalid_grant', 'A valid code_verifier is required.');
  const expected = crypto.createHash('sha256').update(input.codeVerifier).digest('base64url');
  if (!safeEqual(expected, row.codeChallenge)) throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge.');

  // Spending the code and storing its refresh token commit together: a concurrent replay waits on
  // the code's row, then finds it spent and revokes the token stored here.
  const spent = await ctx.db.$transaction(async (tx) => {
    const claimed = await tx.authorizationCode.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: nowOf(ctx) } });
    if (claimed.count === 0) return null;
    if (!grantsRefresh(row.scope)) return { refreshToken: undefined };
    const refreshToken = await createRefreshToken(
      { db: tx, now: ctx.now },
      { accountId: row.accountId, clientId: row.clientId, scope: row.scope, family: newRefreshFamily(ctx, row.id) },
    );
    return { refreshToken };
  });
  if (!spent) return replayed();
  return issueTokens(ctx, { account: row.account, clientId: row.clientId, scope: row.scope, nonce: row.nonce, refreshToken: spent.refreshToken });
}
