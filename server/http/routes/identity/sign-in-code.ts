import { completeAuthorization } from '../../../identity/authorization-code-flow';
import { redeemSignInCode } from '../../../identity/email-sign-in';
import { OAuthError } from '../../../identity/oauth-error';
import { BINDING_COOKIE, CONTINUATION_COOKIE, pendingSignIn, readSignInCookie, seeOther, setSignInCookie, signInPage, type IdentityOperation } from './identity-http';

/** The sign-in page's second form: the code from the e-mail. */
export const operation: IdentityOperation = {
  method: 'POST',
  path: '/sign-in/code',
  handler: async (c) => {
    const { params, requestId, ctx, pending } = await pendingSignIn(c);
    if (!pending) return seeOther(c, signInPage({ request: requestId, error: 'expired' }));
    try {
      const { account, authorizationRequestId } = await redeemSignInCode(ctx, {
        continuationToken: readSignInCookie(c, CONTINUATION_COOKIE) ?? '',
        code: params.get('code') ?? '',
        clientId: pending.clientId,
      });
      if (authorizationRequestId !== pending.id) return seeOther(c, signInPage({ request: requestId, error: 'expired' }));
      const location = await completeAuthorization(ctx, { requestId: pending.id, account });
      setSignInCookie(c, CONTINUATION_COOKIE, '');
      setSignInCookie(c, BINDING_COOKIE, '');
      return seeOther(c, location);
    } catch (error) {
      if (error instanceof OAuthError) {
        const reason =
          error.extra.suberror === 'invalid_oob_value' ? 'code'
          : error.error === 'slow_down' ? 'too-many-tries'
          : error.error === 'expired_token' ? 'code-expired'
          : 'code-spent';
        return seeOther(c, signInPage({ request: requestId, step: 'code', error: reason, to: params.get('to') ?? '' }));
      }
      throw error;
    }
  },
};
