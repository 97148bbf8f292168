import { z } from 'zod';
import { refundOrder } from '../../orders/refunds/refund-order';
import { refundOrderSchema } from '../../orders/refunds/refund.schema';
import { createTrpcRouter, sellerProcedure } from '../init';

// The portal's order page acts through the same refund service as the management API; the page
// makes one RequestId per refund, so a double submit is one refund.
export const sellerOrdersRouter = createTrpcRouter({
  refund: sellerProcedure
    .input(refundOrderSchema.extend({ orderId: z.string().min(1).max(100) }))
    .mutation(({ ctx, input }) => refundOrder(ctx, { ...input, sellerId: ctx.seller.id })),
});
