import { z } from 'zod';
import { emailAddressSchema } from '../../identity/accounts';
import { requestPortalSignIn } from '../../identity/request-portal-sign-in';
import { createTrpcRouter, publicProcedure } from '../init';

export const authRouter = createTrpcRouter({
  requestSignInCode: publicProcedure
    .input(z.object({ email: emailAddressSchema }))
    .mutation(({ ctx, input }) => requestPortalSignIn(ctx, { email: input.email, clientIp: ctx.clientIp })),
});
