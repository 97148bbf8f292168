import { completeAuthorization } from '../../../identity/authorization-code-flow';
import { redeemSignInCode } from '../../../identity/email-sign-in';
import { OAuthError } from '../../../identity/oauth-error';
import { BINDING_COOKIE, CONTINUATION_COOKIE, type IdentityContext, identityRoute, pendingSignIn, readSignInCookie, redirectAnswer, seeOther, setSignInCookie, signInPage } from './identity-http';

/** The sign-in page's second form: the code from the e-mail. */
export const route = identityRoute({
  method: 'post',
  path: '/sign-in/code',
  operationId: 'submitSignInCode',
  summary: "The sign-in page's second form: the code from the e-mail (303 back to the app, or to the page with an error)",
  form: {
    request: 'The pending authorization.',
    code: 'The one-time code.',
    to: 'The masked address shown.',
  },
  success: redirectAnswer('Back to the app with the authorization code, or to the page with an error.'),
});

export const handler = async (c: IdentityContext) => {
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
};
