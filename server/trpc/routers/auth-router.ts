import { z } from 'zod';
import { DomainError } from '../../errors';
import { emailAddressSchema } from '../../identity/accounts';
import { OAuthError } from '../../identity/oauth-error';
import { requestPortalSignIn } from '../../identity/request-portal-sign-in';
import { createTrpcRouter, publicProcedure } from '../init';

/** A sign-in limit's refusal (429, whichever OAuth error it carries) is RateLimited here: TOO_MANY_REQUESTS on tRPC. */
function asRateLimited(error: unknown): never {
  if (error instanceof OAuthError && error.status === 429) {
    throw new DomainError('RateLimited', error.description, { retryAfterSeconds: error.retryAfterSeconds });
  }
  throw error;
}

export const authRouter = createTrpcRouter({
  requestSignInCode: publicProcedure
    .input(z.object({ email: emailAddressSchema }))
    .mutation(async ({ ctx, input }) => requestPortalSignIn(ctx, { email: input.email, clientIp: ctx.clientIp }).catch(asRateLimited)),
});
