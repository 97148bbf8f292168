import { db } from '../../../db';
import { emailAddressSchema } from '../../../identity/accounts';
import { startEmailSignIn } from '../../../identity/email-sign-in';
import { OAuthError } from '../../../identity/oauth-error';
import { clientIpOf, formOf, type IdentityContext, identityRoute, jsonAnswer, oauthJson, requireClient } from './identity-http';

export const route = identityRoute({
  method: 'post',
  path: '/oauth2/v2.0/initiate',
  operationId: 'initiate',
  summary: 'Native authentication: start a sign-in by e-mail',
  form: {
    client_id: "The app's client id.",
    username: 'The e-mail address.',
    challenge_type: '`oob redirect`.',
  },
  success: jsonAnswer('`continuation_token`, or `challenge_type: redirect`.'),
  status401: true,
});

export const handler = async (c: IdentityContext) => {
  const params = await formOf(c);
  const clientId = requireClient(params);
  const challengeTypes = (params.get('challenge_type') ?? '').split(/\s+/);
  // Native authentication: a client that cannot take a one-time code is told to use the browser.
  if (!challengeTypes.includes('oob')) return oauthJson({ challenge_type: 'redirect' });
  const email = emailAddressSchema.safeParse(params.get('username') ?? '');
  if (!email.success) throw new OAuthError('invalid_request', 'username must be an e-mail address.');
  const started = await startEmailSignIn({ db: db() }, { email: email.data, clientId, clientIp: clientIpOf(c) });
  return oauthJson({ continuation_token: started.continuationToken });
};
