import { db } from '../../db';
import { env } from '../../env';
import { completeAuthorization, exchangeAuthorizationCode, findPendingAuthorization, startAuthorization } from '../../identity/authorization-code-flow';
import { emailAddressSchema } from '../../identity/accounts';
import { identityJwks, openIdConfiguration } from '../../identity/discovery';
import { maskEmail, redeemSignInCode, sendSignInCode, startEmailSignIn } from '../../identity/email-sign-in';
import { grantScope, issueTokens, refreshTokens } from '../../identity/issue-tokens';
import { OAuthError } from '../../identity/oauth-error';
import { CLIENT_IP_HEADER } from '../client-ip-header';
import { jsonResponse } from '../json';
import { logger } from '../../platform/logging/logger';

// The built-in sign-in authority's HTTP face, at /identity. OAuth endpoints answer standard OAuth
// error bodies ({ error, error_description }), not ApiError: OAuth client libraries read those.

const BINDING_COOKIE = 'identity_binding';
const CONTINUATION_COOKIE = 'identity_continuation';

const noStore = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };
const oauthJson = (body: unknown, status = 200) => jsonResponse(body, { status, headers: noStore });

/** An OAuth error body; a refusal by a limit (429) carries Retry-After. */
function oauthErrorJson(error: OAuthError): Response {
  const headers: Record<string, string> = { ...noStore };
  if (error.retryAfterSeconds !== undefined) headers['Retry-After'] = String(error.retryAfterSeconds);
  return jsonResponse(error.toJSON(), { status: error.status, headers });
}

/** The client IP the entry server resolved (absent when the app is served without it, e.g. `next dev`). */
const clientIpOf = (request: Request) => request.headers.get(CLIENT_IP_HEADER) ?? undefined;

function cookie(name: string, value: string, maxAgeSeconds: number): string {
  const secure = env().publicBaseUrl.startsWith('https:') ? '; Secure' : '';
  return `${name}=${value}; Path=/identity; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie') ?? '';
  return header.split(';').map((part) => part.trim().split('=')).find(([key]) => key === name)?.[1];
}

function seeOther(location: string, cookies: string[] = []): Response {
  const headers = new Headers({ Location: location, ...noStore });
  for (const value of cookies) headers.append('Set-Cookie', value);
  return new Response(null, { status: 303, headers });
}

const signInPage = (params: Record<string, string>) => `${env().publicBaseUrl}/identity/sign-in?${new URLSearchParams(params)}`;

async function form(request: Request): Promise<URLSearchParams> {
  return new URLSearchParams(await request.text());
}

function requireClient(params: URLSearchParams): string {
  const clientId = params.get('client_id');
  if (clientId !== env().IDENTITY_CLIENT_ID) throw new OAuthError('invalid_client', 'Unknown client_id.', 401);
  return clientId;
}

async function token(request: Request): Promise<Response> {
  const params = await form(request);
  const ctx = { db: db() };
  const clientId = requireClient(params);
  switch (params.get('grant_type')) {
    case 'authorization_code':
      return oauthJson(
        await exchangeAuthorizationCode(ctx, {
          code: params.get('code') ?? '',
          codeVerifier: params.get('code_verifier'),
          redirectUri: params.get('redirect_uri'),
          clientId,
        }),
      );
    case 'refresh_token':
      return oauthJson(await refreshTokens(ctx, { refreshToken: params.get('refresh_token') ?? '', clientId, scope: params.get('scope') }));
    case 'oob': {
      const scope = grantScope(params.get('scope'));
      const { account } = await redeemSignInCode(ctx, { continuationToken: params.get('continuation_token') ?? '', code: params.get('oob') ?? '', clientId });
      return oauthJson(await issueTokens(ctx, { account, clientId, scope }));
    }
    default:
      throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code, refresh_token or oob.');
  }
}

async function initiate(request: Request): Promise<Response> {
  const params = await form(request);
  const clientId = requireClient(params);
  const challengeTypes = (params.get('challenge_type') ?? '').split(/\s+/);
  // Native authentication: a client that cannot take a one-time code is told to use the browser.
  if (!challengeTypes.includes('oob')) return oauthJson({ challenge_type: 'redirect' });
  const email = emailAddressSchema.safeParse(params.get('username') ?? '');
  if (!email.success) throw new OAuthError('invalid_request', 'username must be an e-mail address.');
  const started = await startEmailSignIn({ db: db() }, { email: email.data, clientId, clientIp: clientIpOf(request) });
  return oauthJson({ continuation_token: started.continuationToken });
}

async function challenge(request: Request): Promise<Response> {
  const params = await form(request);
  const clientId = requireClient(params);
  const challengeTypes = (params.get('challenge_type') ?? 'oob').split(/\s+/);
  if (!challengeTypes.includes('oob')) return oauthJson({ challenge_type: 'redirect' });
  const sent = await sendSignInCode({ db: db() }, { continuationToken: params.get('continuation_token') ?? '', clientId });
  return oauthJson({
    continuation_token: sent.continuationToken,
    challenge_type: 'oob',
    binding_method: 'prompt',
    challenge_channel: 'email',
    challenge_target_label: maskEmail(sent.email),
    code_length: sent.codeLength,
  });
}

async function authorize(request: Request): Promise<Response> {
  const outcome = await startAuthorization({ db: db() }, new URL(request.url).searchParams, { clientIp: clientIpOf(request) });
  if (outcome.kind === 'error') return oauthJson(outcome.error.toJSON(), 400);
  if (outcome.kind === 'redirect') return seeOther(outcome.location);
  return seeOther(signInPage({ request: outcome.requestId }), [cookie(BINDING_COOKIE, outcome.browserBinding, 15 * 60)]);
}

/** The sign-in page's first form: the address to send a code to. */
async function signInEmail(request: Request): Promise<Response> {
  const params = await form(request);
  const requestId = params.get('request') ?? '';
  const ctx = { db: db() };
  const pending = await findPendingAuthorization(ctx, requestId, readCookie(request, BINDING_COOKIE));
  if (!pending) return seeOther(signInPage({ request: requestId, error: 'expired' }));
  const email = emailAddressSchema.safeParse(params.get('email') ?? '');
  if (!email.success) return seeOther(signInPage({ request: requestId, error: 'email' }));
  try {
    const started = await startEmailSignIn(ctx, { email: email.data, clientId: pending.clientId, authorizationRequestId: pending.id, clientIp: clientIpOf(request) });
    const sent = await sendSignInCode(ctx, { continuationToken: started.continuationToken, clientId: pending.clientId });
    return seeOther(signInPage({ request: requestId, step: 'code', to: maskEmail(sent.email) }), [cookie(CONTINUATION_COOKIE, sent.continuationToken, 15 * 60)]);
  } catch (error) {
    if (error instanceof OAuthError) {
      // The page's messages: too many codes for the address (slow_down), too many sign-ins from this network, e-mail down.
      const reason = error.status === 429 && error.error === 'temporarily_unavailable' ? 'busy' : error.error;
      return seeOther(signInPage({ request: requestId, error: reason }));
    }
    throw error;
  }
}

/** The sign-in page's second form: the code from the e-mail. */
async function signInCode(request: Request): Promise<Response> {
  const params = await form(request);
  const requestId = params.get('request') ?? '';
  const ctx = { db: db() };
  const pending = await findPendingAuthorization(ctx, requestId, readCookie(request, BINDING_COOKIE));
  if (!pending) return seeOther(signInPage({ request: requestId, error: 'expired' }));
  try {
    const { account, authorizationRequestId } = await redeemSignInCode(ctx, {
      continuationToken: readCookie(request, CONTINUATION_COOKIE) ?? '',
      code: params.get('code') ?? '',
      clientId: pending.clientId,
    });
    if (authorizationRequestId !== pending.id) return seeOther(signInPage({ request: requestId, error: 'expired' }));
    const location = await completeAuthorization(ctx, { requestId: pending.id, account });
    return seeOther(location, [cookie(CONTINUATION_COOKIE, '', 0), cookie(BINDING_COOKIE, '', 0)]);
  } catch (error) {
    if (error instanceof OAuthError) {
      const reason =
        error.extra.suberror === 'invalid_oob_value' ? 'code'
        : error.error === 'slow_down' ? 'too-many-tries'
        : error.error === 'expired_token' ? 'code-expired'
        : 'code-spent';
      return seeOther(signInPage({ request: requestId, step: 'code', error: reason, to: params.get('to') ?? '' }));
    }
    throw error;
  }
}

const routes: Record<string, { method: 'GET' | 'POST'; handle: (request: Request) => Promise<Response> }> = {
  '/identity/.well-known/openid-configuration': { method: 'GET', handle: async () => jsonResponse(openIdConfiguration(), { headers: { 'Cache-Control': 'public, max-age=300' } }) },
  '/identity/discovery/v2.0/keys': { method: 'GET', handle: async () => jsonResponse(await identityJwks({ db: db() }), { headers: { 'Cache-Control': 'public, max-age=300' } }) },
  '/identity/oauth2/v2.0/authorize': { method: 'GET', handle: authorize },
  '/identity/oauth2/v2.0/token': { method: 'POST', handle: token },
  '/identity/oauth2/v2.0/initiate': { method: 'POST', handle: initiate },
  '/identity/oauth2/v2.0/challenge': { method: 'POST', handle: challenge },
  '/identity/sign-in/email': { method: 'POST', handle: signInEmail },
  '/identity/sign-in/code': { method: 'POST', handle: signInCode },
};

export async function handleIdentity(request: Request): Promise<Response> {
  const route = routes[new URL(request.url).pathname.replace(/\/+$/, '')];
  try {
    if (!route) return oauthJson({ error: 'not_found', error_description: 'No such endpoint.' }, 404);
    if (route.method !== request.method) return oauthJson({ error: 'invalid_request', error_description: `Use ${route.method}.` }, 405);
    return await route.handle(request);
  } catch (error) {
    if (error instanceof OAuthError) return oauthErrorJson(error);
    logger.error({ err: error }, 'identity: unexpected failure');
    return oauthJson({ error: 'server_error', error_description: 'An unexpected error occurred.' }, 500);
  }
}
