import { db } from '../../../db';
import { maskEmail, sendSignInCode } from '../../../identity/email-sign-in';
import { formOf, type IdentityContext, identityRoute, jsonAnswer, oauthJson, requireClient } from './identity-http';

export const route = identityRoute({
  method: 'post',
  path: '/oauth2/v2.0/challenge',
  operationId: 'challenge',
  summary: 'Native authentication: send the one-time code of a started sign-in',
  form: {
    client_id: "The app's client id.",
    continuation_token: 'From initiate.',
    challenge_type: '`oob` (or `redirect`).',
  },
  success: jsonAnswer('`continuation_token`, `challenge_type`, where the code went, its length.'),
  status401: true,
});

export const handler = async (c: IdentityContext) => {
  const params = await formOf(c);
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
};
