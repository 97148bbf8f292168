import { z } from 'zod';
import { emailAddressSchema } from '../../identity/accounts';
import { requestPortalSignIn } from '../../identity/request-portal-sign-in';
import { findSellerMemberships } from '../../sellers/find-seller-memberships';
import { createTrpcRouter, protectedProcedure, publicProcedure } from '../init';

export const authRouter = createTrpcRouter({
  requestSignInCode: publicProcedure
    .input(z.object({ email: emailAddressSchema }))
    .mutation(({ ctx, input }) => requestPortalSignIn(ctx, input)),
  me: protectedProcedure.query(async ({ ctx }) => {
    const memberships = await findSellerMemberships(ctx, ctx.session.accountId);
    return {
      email: ctx.session.email,
      sellers: memberships.map(({ seller, role }) => ({ issuerClientId: seller.issuerClientId, contactName: seller.contactName, legalName: seller.legalName, checkoutReady: seller.checkoutReady, role })),
    };
  }),
});
