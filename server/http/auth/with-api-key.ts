import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import { requireApiKeyScope, type ApiKeyScope } from '../../api-keys/api-key-scopes';
import { authenticateApiKey } from '../../api-keys/authenticate-api-key';
import { db } from '../../db';
import type { ApiErrorCode } from '../../errors';
import type { AppEnv } from '../app-env';
import { readJsonBody } from '../middleware/read-json-body';
import { CLIENT_IP_HEADER } from '../client-ip-header';
import { runWithActingContext } from '../../platform/database/acting-context';
import { apiKeyActor } from '../../audit/acting-api-key';

/** The account API key travels in this header only; never in a URL (spec "Authentication" 2). */
export const API_KEY_HEADER = 'dub-apiKey';

/**
 * The seller's account API key, allowed the operation's scope: the handler gets the key's seller in
 * `c.var.apiKey`. No header: 401 ApiKeyMissing; a key that resolves to no seller (or expired): 403
 * ApiKeyInvalid; a restricted key without the scope: 403 ApiKeyScope naming it. One middleware per
 * scope, made once.
 */
function withApiKey(scope: ApiKeyScope) {
  return (byScope[scope] ??= createMiddleware<AppEnv>(async (c, next) => {
    // Header names are case-insensitive.
    const principal = await authenticateApiKey({ db: db() }, c.req.header(API_KEY_HEADER));
    requireApiKeyScope(principal.grant, scope);
    c.set('apiKey', principal);
    // What the operation changes is recorded in the seller's audit log as this key's doing.
    const actor = apiKeyActor(principal, {
      surface: 'ManagementApi',
      operation: `${c.req.method} ${routePath(c)}`,
      ipAddress: c.req.header(CLIENT_IP_HEADER) ?? null,
      userAgent: c.req.header('user-agent') ?? null,
      correlationId: c.get('correlationId') ?? null,
    });
    await runWithActingContext(actor, next);
  }));
}

const byScope: Partial<Record<ApiKeyScope, ReturnType<typeof createMiddleware<AppEnv>>>> = {};

/**
 * What a route under the account API key declares: the scope it needs (its OpenAPI security, so the
 * API reference shows it) and the middleware that checks it; `body` reads the JSON body first.
 */
export function apiKeyRoute(scope: ApiKeyScope, options: { body?: boolean } = {}) {
  return { security: [{ AccountApiKey: [scope] }], middleware: options.body ? [readJsonBody, withApiKey(scope)] : [withApiKey(scope)] };
}

/** What every operation under the account API key can answer about the key. */
export const API_KEY_CODES: ApiErrorCode[] = ['ApiKeyMissing', 'ApiKeyInvalid', 'ApiKeyScope'];
