import { z } from 'zod';
import { getBuyerReceipt } from '../../orders/get-buyer-receipt';
import { listBuyerOrders } from '../../orders/list-buyer-orders';
import { createTrpcRouter, protectedProcedure } from '../init';

/** The buyer's orders and receipts: their own only (another buyer's order is NotFound). */
export const buyerOrdersRouter = createTrpcRouter({
  list: protectedProcedure
    .input(z.object({ page: z.number().int().optional().catch(undefined) }))
    .query(({ ctx, input }) => listBuyerOrders(ctx, { buyerAccountId: ctx.session.accountId, page: input.page })),
  receipt: protectedProcedure
    .input(z.object({ checkoutId: z.string().min(1).max(1000) }))
    .query(({ ctx, input }) => getBuyerReceipt(ctx, { checkoutId: input.checkoutId, buyerAccountId: ctx.session.accountId })),
});
