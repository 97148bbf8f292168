import { auditLogCsv } from '../../audit/audit-log-csv';
import { auditLogFilterSchema, auditLogQuerySchema, listAuditLog } from '../../audit/list-audit-log';
import { createTrpcRouter, sellerProcedure, sellerServerProcedure } from '../init';

export const auditRouter = createTrpcRouter({
  /** A page of the seller's audit log, newest first (`before`) or oldest first (`after`). */
  list: sellerProcedure('audit:read')
    .input(auditLogQuerySchema)
    .query(({ ctx, input }) => listAuditLog(ctx, { ...input, sellerId: ctx.seller.id })),
  /** The filter's entries, every page, as CSV rows streamed from the database (for the portal's download route). */
  exportCsv: sellerServerProcedure('audit:read')
    .input(auditLogFilterSchema)
    .query(({ ctx, input }) => auditLogCsv(ctx, { ...input, sellerId: ctx.seller.id })),
});
