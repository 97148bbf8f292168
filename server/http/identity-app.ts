import { Hono } from 'hono';
import { OAuthError } from '../identity/oauth-error';
import { logger } from '../platform/logging/logger';
import { oauthErrorResponse } from './api-error';
import type { AppEnv } from './app-env';
import { normalizeError } from '../wire/normalize-error';
import * as authorize from './routes/identity/authorize';
import * as challenge from './routes/identity/challenge';
import { oauthErrorJson, oauthJson, type IdentityOperation } from './routes/identity/identity-http';
import * as identityJwks from './routes/identity/identity-jwks';
import * as initiate from './routes/identity/initiate';
import * as openIdConfiguration from './routes/identity/openid-configuration';
import * as signInCode from './routes/identity/sign-in-code';
import * as signInEmail from './routes/identity/sign-in-email';
import * as token from './routes/identity/token';

const PREFIX = '/identity';
const OPERATIONS: IdentityOperation[] = [openIdConfiguration, identityJwks, authorize, token, initiate, challenge, signInEmail, signInCode].map((module) => module.operation);

/**
 * The built-in sign-in authority's HTTP face at /identity: one file per operation under
 * routes/identity, on Hono like every other endpoint, with OAuth's own error bodies (404 and 405
 * included) instead of ApiError. The REST app hands it every /identity path.
 */
export function createIdentityApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: false }).basePath(PREFIX);
  for (const operation of OPERATIONS) app.on(operation.method, operation.path, operation.handler);
  app.notFound((c) => {
    const path = c.req.path.replace(/\/+$/, '');
    const other = OPERATIONS.find((operation) => `${PREFIX}${operation.path}` === path);
    return other
      ? oauthJson({ error: 'invalid_request', error_description: `Use ${other.method}.` }, 405)
      : oauthJson({ error: 'not_found', error_description: 'No such endpoint.' }, 404);
  });
  app.onError((error) => {
    if (error instanceof OAuthError) return oauthErrorJson(error);
    // The same mapping as the REST app's: a database out of reach is 503 temporarily_unavailable
    // with Retry-After; anything else a redacted 500 server_error.
    const { error: refusal, unexpected } = normalizeError(error);
    if (unexpected) logger.error({ err: error }, 'identity: unexpected failure');
    return oauthErrorResponse(refusal);
  });
  return app;
}
