import { eraseOwnAccount, eraseOwnAccountSchema, previewBuyerErasure } from '../../identity/erase-buyer';
import { createTrpcRouter, protectedProcedure } from '../init';

/** The signed-in person's own account: what erasing it would do, and erasing it (docs/data-rights.md). */
export const accountRouter = createTrpcRouter({
  erasurePreview: protectedProcedure.query(({ ctx }) => previewBuyerErasure(ctx, { accountId: ctx.session.accountId })),
  erase: protectedProcedure
    .input(eraseOwnAccountSchema)
    .mutation(async ({ ctx, input }) => {
      const erased = await eraseOwnAccount(ctx, { ...input, accountId: ctx.session.accountId });
      // The page needs only that it happened: the pseudonym is no business of the browser's.
      return { erased: true as const, licensesKept: erased.kept.licenses, ordersKept: erased.kept.orders };
    }),
});
