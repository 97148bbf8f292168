import { z } from 'zod';
import { emailAddressSchema } from '../../identity/accounts';
import { requestPortalSignIn } from '../../identity/request-portal-sign-in';
import { peekSignInLink } from '../../identity/sign-in-links';
import { createTrpcRouter, publicProcedure } from '../init';

export const authRouter = createTrpcRouter({
  requestSignInCode: publicProcedure
    .input(z.object({ email: emailAddressSchema }))
    .mutation(({ ctx, input }) => requestPortalSignIn(ctx, { email: input.email, clientIp: ctx.clientIp })),
  /** An e-mailed sign-in link's page: whether it still works and where it leads (reads only; Continue is next-auth's). */
  signInLink: publicProcedure.input(z.object({ token: z.string().max(200) })).query(({ ctx, input }) => peekSignInLink(ctx, { token: input.token })),
});
