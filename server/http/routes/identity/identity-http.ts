import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { db } from '../../../db';
import { env } from '../../../env';
import { findPendingAuthorization } from '../../../identity/authorization-code-flow';
import { OAuthError } from '../../../identity/oauth-error';
import type { AppEnv } from '../../app-env';
import { CLIENT_IP_HEADER } from '../../client-ip-header';
import { jsonResponse } from '../../json';
import { describedJson } from '../../openapi';

// What the sign-in authority's operations share (one file per operation beside this one). OAuth
// endpoints answer standard OAuth error bodies ({ error, error_description }), not ApiError: OAuth
// client libraries read those (the identity surface's renderer).

export type IdentityContext = Context<AppEnv>;

const OAUTH_ERROR_BODY = {
  type: 'object' as const,
  properties: { error: { type: 'string' as const, description: 'The OAuth error code (RFC 6749 5.2).' }, error_description: { type: 'string' as const } },
  required: ['error'],
};
const oauthError = (description: string) => ({ description, content: { 'application/json': { schema: OAUTH_ERROR_BODY } } });
const OAUTH_FAILURES = {
  400: oauthError('An OAuth error: `invalid_request`, `invalid_grant`, `unsupported_grant_type`, …'),
  429: { ...oauthError('`slow_down` or `temporarily_unavailable`: a limit; see Retry-After.'), headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' as const } } } },
  500: oauthError('`server_error`.'),
  503: oauthError('`temporarily_unavailable`: the database cannot be reached; see Retry-After.'),
};
const FORM_FIELDS = (fields: Record<string, string>) => ({
  content: {
    'application/x-www-form-urlencoded': {
      schema: { type: 'object' as const, properties: Object.fromEntries(Object.entries(fields).map(([name, description]) => [name, { type: 'string' as const, description }])) },
    },
  },
});

/**
 * One operation of the sign-in authority in the API document (tag "Sign-in authority"). Forms are
 * read by the handler as OAuth clients send them, so they are documented here, not validated.
 */
export function identityRoute(config: {
  method: 'get' | 'post';
  path: string;
  operationId: string;
  summary: string;
  form?: Record<string, string>;
  success: RouteConfig['responses'];
  status401?: boolean;
}) {
  return createRoute({
    method: config.method,
    path: `/identity${config.path}`,
    operationId: config.operationId,
    summary: config.summary,
    tags: ['Sign-in authority'],
    security: [],
    ...(config.form ? { request: { body: FORM_FIELDS(config.form) } } : {}),
    responses: { ...config.success, ...OAUTH_FAILURES, ...(config.status401 ? { 401: oauthError('`invalid_client`: an unknown client_id.') } : {}) },
  });
}

export const jsonAnswer = (description: string) => ({ 200: describedJson(description) });
export const redirectAnswer = (description: string) => ({ 303: { description, headers: { Location: { description: 'Where the browser goes next.', schema: { type: 'string' as const } } } } });

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
