import { sellerCustomersCsv } from '../../orders/customers-csv';
import { listSellerCustomers, sellerCustomersQuerySchema } from '../../orders/list-seller-customers';
import { createTrpcRouter, sellerProcedure, sellerServerProcedure } from '../init';

/** The portal's customers page and its CSV download. */
export const sellerCustomersRouter = createTrpcRouter({
  list: sellerProcedure('orders:read').input(sellerCustomersQuerySchema).query(({ ctx, input }) => listSellerCustomers(ctx, { ...input, sellerId: ctx.seller.id })),
  /** The list's filter, every page, as CSV rows streamed from the database (for the portal's download route). */
  exportCsv: sellerServerProcedure('orders:read')
    .input(sellerCustomersQuerySchema.omit({ page: true }))
    .query(({ ctx, input }) => sellerCustomersCsv(ctx, { ...input, sellerId: ctx.seller.id })),
});
