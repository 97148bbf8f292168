import { db } from '../../../db';
import { startAuthorization } from '../../../identity/authorization-code-flow';
import { BINDING_COOKIE, clientIpOf, oauthJson, seeOther, setSignInCookie, signInPage, type IdentityOperation } from './identity-http';

export const operation: IdentityOperation = {
  method: 'GET',
  path: '/oauth2/v2.0/authorize',
  handler: async (c) => {
    const outcome = await startAuthorization({ db: db() }, new URL(c.req.url).searchParams, { clientIp: clientIpOf(c) });
    if (outcome.kind === 'error') return oauthJson(outcome.error.toJSON(), 400);
    if (outcome.kind === 'redirect') return seeOther(c, outcome.location);
    setSignInCookie(c, BINDING_COOKIE, outcome.browserBinding);
    return seeOther(c, signInPage({ request: outcome.requestId }));
  },
};
