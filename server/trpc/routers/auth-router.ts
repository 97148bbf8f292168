import { headers } from 'next/headers';
import { z } from 'zod';
import { DomainError } from '../../errors';
import { CLIENT_IP_HEADER } from '../../http/client-ip-header';
import { emailAddressSchema } from '../../identity/accounts';
import { OAuthError } from '../../identity/oauth-error';
import { requestPortalSignIn } from '../../identity/request-portal-sign-in';
import { createTrpcRouter, publicProcedure } from '../init';

/** The client IP the entry server resolved; undefined outside a request (in-process callers) or without the entry server. */
async function requestClientIp(): Promise<string | undefined> {
  try {
    return (await headers()).get(CLIENT_IP_HEADER) ?? undefined;
  } catch {
    return undefined;
  }
}

/** A sign-in limit's refusal (429, whichever OAuth error it carries) is RateLimited here: TOO_MANY_REQUESTS on tRPC. */
function asRateLimited(error: unknown): never {
  if (error instanceof OAuthError && error.status === 429) {
    const headers = error.retryAfterSeconds === undefined ? undefined : { 'Retry-After': String(error.retryAfterSeconds) };
    throw new DomainError('RateLimited', error.description, { headers });
  }
  throw error;
}

export const authRouter = createTrpcRouter({
  requestSignInCode: publicProcedure
    .input(z.object({ email: emailAddressSchema }))
    .mutation(async ({ ctx, input }) => requestPortalSignIn(ctx, { email: input.email, clientIp: await requestClientIp() }).catch(asRateLimited)),
});
