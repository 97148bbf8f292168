import { db } from '../../../db';
import { maskEmail, sendSignInCode } from '../../../identity/email-sign-in';
import { formOf, oauthJson, requireClient, type IdentityOperation } from './identity-http';

export const operation: IdentityOperation = {
  method: 'POST',
  path: '/oauth2/v2.0/challenge',
  handler: async (c) => {
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
  },
};
