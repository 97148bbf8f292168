import { issueBuyerCodeInputSchema, issueLicenseCodeByBuyer } from '../../licensing/issue-license-code-by-buyer';
import { revokeLicenseCodeByBuyer, revokeLicenseCodeInputSchema } from '../../licensing/revoke-license-code-by-buyer';
import { createTrpcRouter, protectedProcedure } from '../init';

/** The buyer's license page. */
export const licensesRouter = createTrpcRouter({
  revokeCode: protectedProcedure
    .input(revokeLicenseCodeInputSchema)
    .mutation(({ ctx, input }) => revokeLicenseCodeByBuyer(ctx, { codeId: input.codeId, buyerAccountId: ctx.session.accountId })),
  issueCode: protectedProcedure
    .input(issueBuyerCodeInputSchema)
    .mutation(({ ctx, input }) => issueLicenseCodeByBuyer(ctx, { ...input, buyerAccountId: ctx.session.accountId })),
});
