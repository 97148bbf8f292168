import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { db } from '../../../db';
import { env } from '../../../env';
import { findPendingAuthorization } from '../../../identity/authorization-code-flow';
import { OAuthError } from '../../../identity/oauth-error';
import type { AppEnv } from '../../app-env';
import { CLIENT_IP_HEADER } from '../../client-ip-header';
import { jsonResponse } from '../../json';

// What the sign-in authority's operations share (one file per operation beside this one). OAuth
// endpoints answer standard OAuth error bodies ({ error, error_description }), not ApiError: OAuth
// client libraries read those.

export type IdentityContext = Context<AppEnv>;

export interface IdentityOperation {
  method: 'GET' | 'POST';
  /** Under /identity. */
  path: string;
  handler: (c: IdentityContext) => Promise<Response>;
}

export const BINDING_COOKIE = 'identity_binding';
export const CONTINUATION_COOKIE = 'identity_continuation';
const SIGN_IN_COOKIE_SECONDS = 15 * 60;

const noStore = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };
export const oauthJson = (body: unknown, status = 200) => jsonResponse(body, { status, headers: noStore });

/** An OAuth error body; a refusal by a limit (429) carries Retry-After. */
export function oauthErrorJson(error: OAuthError): Response {
  const headers: Record<string, string> = { ...noStore };
  if (error.retryAfterSeconds !== undefined) headers['Retry-After'] = String(error.retryAfterSeconds);
  return jsonResponse(error.toJSON(), { status: error.status, headers });
}

/** The client IP the entry server resolved (absent when the app is served without it, e.g. `next dev`). */
export const clientIpOf = (c: IdentityContext) => c.req.header(CLIENT_IP_HEADER) ?? undefined;

/** The form of a POST, whatever its declared type (OAuth clients send x-www-form-urlencoded). */
export async function formOf(c: IdentityContext): Promise<URLSearchParams> {
  return new URLSearchParams(await c.req.text());
}

export const readSignInCookie = (c: IdentityContext, name: string) => getCookie(c, name);

/** Sets (or, with an empty value, clears) one of the sign-in's cookies: this path only, HttpOnly, Lax. */
export function setSignInCookie(c: IdentityContext, name: string, value: string): void {
  setCookie(c, name, value, {
    path: '/identity',
    httpOnly: true,
    sameSite: 'Lax',
    maxAge: value === '' ? 0 : SIGN_IN_COOKIE_SECONDS,
    secure: env().publicBaseUrl.startsWith('https:'),
  });
}

/** 303 to `location`, never cached; the cookies set on the context go with it. */
export function seeOther(c: IdentityContext, location: string): Response {
  c.header('Cache-Control', noStore['Cache-Control']);
  c.header('Pragma', noStore.Pragma);
  return c.redirect(location, 303);
}

export const signInPage = (params: Record<string, string>) => `${env().publicBaseUrl}/identity/sign-in?${new URLSearchParams(params)}`;

/** A sign-in page form: its fields and the pending authorization it continues (null when gone or not this browser's). */
export async function pendingSignIn(c: IdentityContext) {
  const params = await formOf(c);
  const requestId = params.get('request') ?? '';
  const ctx = { db: db() };
  const pending = await findPendingAuthorization(ctx, requestId, readSignInCookie(c, BINDING_COOKIE));
  return { params, requestId, ctx, pending };
}

export function requireClient(params: URLSearchParams): string {
  const clientId = params.get('client_id');
  if (clientId !== env().IDENTITY_CLIENT_ID) throw new OAuthError('invalid_client', 'Unknown client_id.', 401);
  return clientId;
}
