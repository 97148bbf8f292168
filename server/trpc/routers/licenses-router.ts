import { revokeLicenseCodeByBuyer, revokeLicenseCodeInputSchema } from '../../licensing/revoke-license-code-by-buyer';
import { createTrpcRouter, protectedProcedure } from '../init';

/** The buyer's license page. */
export const licensesRouter = createTrpcRouter({
  revokeCode: protectedProcedure
    .input(revokeLicenseCodeInputSchema)
    .mutation(({ ctx, input }) => revokeLicenseCodeByBuyer(ctx, { codeId: input.codeId, buyerAccountId: ctx.session.accountId })),
});
