import { OAuthError } from '../../identity/oauth-error';
import { oauthErrorResponse } from '../api-error';
import * as authorize from '../routes/identity/authorize';
import * as challenge from '../routes/identity/challenge';
import { oauthErrorJson } from '../routes/identity/identity-http';
import * as identityJwks from '../routes/identity/identity-jwks';
import * as initiate from '../routes/identity/initiate';
import * as openIdConfiguration from '../routes/identity/openid-configuration';
import * as signInCode from '../routes/identity/sign-in-code';
import * as signInEmail from '../routes/identity/sign-in-email';
import * as token from '../routes/identity/token';
import { createSurface } from '../surface';

/** The built-in sign-in authority at /identity: OAuth error bodies (RFC 6749 5.2), 404 and 405 included. */
export const createIdentitySurface = () =>
  createSurface('identity', { render: oauthErrorResponse, renderOwn: (thrown) => (thrown instanceof OAuthError ? oauthErrorJson(thrown) : null), limitPerIp: true }, (app) => {
    for (const operation of [openIdConfiguration, identityJwks, authorize, token, initiate, challenge, signInEmail, signInCode]) app.openapi(operation.route, operation.handler);
  });
