import { getDataExportFile } from '../../sellers/data-export/get-data-export-file';
import { dataExportIdSchema } from '../../sellers/data-export/data-export.schema';
import { listDataExports } from '../../sellers/data-export/list-data-exports';
import { requestDataExport } from '../../sellers/data-export/request-data-export';
import { createTrpcRouter, sellerProcedure, sellerServerProcedure } from '../init';

// The portal's "Export your data" page: a request starts (or answers the running) export; the list
// is polled while one is Queued or Running; the ZIP goes out through the portal's download route.
export const dataExportRouter = createTrpcRouter({
  request: sellerProcedure('data:export').mutation(({ ctx }) => requestDataExport(ctx, { sellerId: ctx.seller.id, requestedById: ctx.session.accountId })),
  list: sellerProcedure('data:export').query(({ ctx }) => listDataExports(ctx, { sellerId: ctx.seller.id })),
  /** The ZIP of a Ready export, for the download route (app/(service)/portal/export/[exportId]/route.ts). */
  file: sellerServerProcedure('data:export').input(dataExportIdSchema).query(({ ctx, input }) => getDataExportFile(ctx, { ...input, sellerId: ctx.seller.id })),
});
