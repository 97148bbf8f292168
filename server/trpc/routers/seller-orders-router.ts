import { z } from 'zod';
import { refundOrder } from '../../orders/refunds/refund-order';
import { refundOrderSchema } from '../../orders/refunds/refund.schema';
import { getSellerOrder } from '../../orders/get-seller-order';
import { sellerOrdersQuerySchema, listSellerOrders } from '../../orders/list-seller-orders';
import { sellerOrdersCsv } from '../../orders/orders-csv';
import { createTrpcRouter, sellerProcedure, sellerServerProcedure } from '../init';

// The portal's order page acts through the same refund service as the management API; the page
// makes one RequestId per refund, so a double submit is one refund.
export const sellerOrdersRouter = createTrpcRouter({
  list: sellerProcedure('orders:read').input(sellerOrdersQuerySchema).query(({ ctx, input }) => listSellerOrders(ctx, { ...input, sellerId: ctx.seller.id })),
  detail: sellerProcedure('orders:read')
    .input(z.object({ orderId: z.string().min(1).max(1000) }))
    .query(({ ctx, input }) => getSellerOrder(ctx, { ...input, sellerId: ctx.seller.id })),
  /** The list's filter, every page, as CSV rows streamed from the database (for the portal's download route). */
  exportCsv: sellerServerProcedure('orders:read')
    .input(sellerOrdersQuerySchema.omit({ page: true }))
    .query(({ ctx, input }) => sellerOrdersCsv(ctx, { ...input, sellerId: ctx.seller.id })),
  refund: sellerProcedure('refunds')
    .input(refundOrderSchema.extend({ orderId: z.string().min(1).max(100) }))
    .mutation(({ ctx, input }) => refundOrder(ctx, { ...input, sellerId: ctx.seller.id })),
});
