import { emailAddressSchema } from '../../../identity/accounts';
import { maskEmail, sendSignInCode, startEmailSignIn } from '../../../identity/email-sign-in';
import { OAuthError } from '../../../identity/oauth-error';
import { clientIpOf, CONTINUATION_COOKIE, type IdentityContext, identityRoute, pendingSignIn, redirectAnswer, seeOther, setSignInCookie, signInPage } from './identity-http';

/** The sign-in page's first form: the address to send a code to. */
export const route = identityRoute({
  method: 'post',
  path: '/sign-in/email',
  operationId: 'submitSignInEmail',
  summary: "The sign-in page's first form: the address to send a code to (303 to the page's code step)",
  form: {
    request: 'The pending authorization.',
    email: 'The e-mail address.',
  },
  success: redirectAnswer('To the code step, or to the page with an error.'),
});

export const handler = async (c: IdentityContext) => {
  const { params, requestId, ctx, pending } = await pendingSignIn(c);
  if (!pending) return seeOther(c, signInPage({ request: requestId, error: 'expired' }));
  const email = emailAddressSchema.safeParse(params.get('email') ?? '');
  if (!email.success) return seeOther(c, signInPage({ request: requestId, error: 'email' }));
  try {
    const started = await startEmailSignIn(ctx, { email: email.data, clientId: pending.clientId, authorizationRequestId: pending.id, clientIp: clientIpOf(c) });
    const sent = await sendSignInCode(ctx, { continuationToken: started.continuationToken, clientId: pending.clientId });
    setSignInCookie(c, CONTINUATION_COOKIE, sent.continuationToken);
    return seeOther(c, signInPage({ request: requestId, step: 'code', to: maskEmail(sent.email) }));
  } catch (error) {
    if (error instanceof OAuthError) {
      // The page's messages: too many codes for the address (slow_down), too many sign-ins from this network, e-mail down.
      const reason = error.status === 429 && error.error === 'temporarily_unavailable' ? 'busy' : error.error;
      return seeOther(c, signInPage({ request: requestId, error: reason }));
    }
    throw error;
  }
};
