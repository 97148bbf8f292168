import { db } from '../../../db';
import { startAuthorization } from '../../../identity/authorization-code-flow';
import { BINDING_COOKIE, clientIpOf, type IdentityContext, identityRoute, oauthJson, redirectAnswer, seeOther, setSignInCookie, signInPage } from './identity-http';

export const route = identityRoute({
  method: 'get',
  path: '/oauth2/v2.0/authorize',
  operationId: 'authorize',
  summary: 'Start an authorization code flow with PKCE (query: client_id, redirect_uri, response_type=code, scope, state, code_challenge, code_challenge_method=S256): 303 to the sign-in page, or to the redirect URI with an error',
  success: redirectAnswer('To the sign-in page, or back to the redirect URI with an error.'),
});

export const handler = async (c: IdentityContext) => {
  const outcome = await startAuthorization({ db: db() }, new URL(c.req.url).searchParams, { clientIp: clientIpOf(c) });
  if (outcome.kind === 'error') return oauthJson(outcome.error.toJSON(), 400);
  if (outcome.kind === 'redirect') return seeOther(c, outcome.location);
  setSignInCookie(c, BINDING_COOKIE, outcome.browserBinding);
  return seeOther(c, signInPage({ request: outcome.requestId }));
};
