import { db } from '../../../db';
import { exchangeAuthorizationCode } from '../../../identity/authorization-code-flow';
import { redeemSignInCode } from '../../../identity/email-sign-in';
import { grantScope, issueTokens, refreshTokens } from '../../../identity/issue-tokens';
import { OAuthError } from '../../../identity/oauth-error';
import { formOf, type IdentityContext, identityRoute, jsonAnswer, oauthJson, requireClient } from './identity-http';

export const route = identityRoute({
  method: 'post',
  path: '/oauth2/v2.0/token',
  operationId: 'token',
  summary: 'Tokens: grant_type authorization_code (with code_verifier), refresh_token (rotating), or oob (native authentication)',
  form: {
    client_id: "The app's client id.",
    grant_type: '`authorization_code`, `refresh_token` or `oob`.',
    code: 'authorization_code.',
    code_verifier: 'authorization_code (PKCE).',
    redirect_uri: 'authorization_code.',
    refresh_token: 'refresh_token.',
    scope: 'Optional.',
    continuation_token: 'oob.',
    oob: 'oob: the one-time code.',
  },
  success: jsonAnswer('`access_token`, `refresh_token`, `expires_in`, `token_type`, `scope`.'),
  status401: true,
});

export const handler = async (c: IdentityContext) => {
  const params = await formOf(c);
  const ctx = { db: db() };
  const clientId = requireClient(params);
  switch (params.get('grant_type')) {
    case 'authorization_code':
      return oauthJson(
        await exchangeAuthorizationCode(ctx, {
          code: params.get('code') ?? '',
          codeVerifier: params.get('code_verifier'),
          redirectUri: params.get('redirect_uri'),
          clientId,
        }),
      );
    case 'refresh_token':
      return oauthJson(await refreshTokens(ctx, { refreshToken: params.get('refresh_token') ?? '', clientId, scope: params.get('scope') }));
    case 'oob': {
      const scope = grantScope(params.get('scope'));
      const { account } = await redeemSignInCode(ctx, { continuationToken: params.get('continuation_token') ?? '', code: params.get('oob') ?? '', clientId });
      return oauthJson(await issueTokens(ctx, { account, clientId, scope }));
    }
    default:
      throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code, refresh_token or oob.');
  }
};
