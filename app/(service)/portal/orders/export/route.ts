import { db, sellerOrdersQuerySchema, sellerOrdersCsv } from '@/app/core';
import { csvExportResponse } from '../csv-export-response';

export const dynamic = 'force-dynamic';

/** GET /portal/orders/export?q=&status=: the orders page's current filter, every page, as CSV. */
export async function GET(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const filter = sellerOrdersQuerySchema.omit({ page: true }).parse({ q: params.get('q') || undefined, status: params.get('status') || undefined });
  return csvExportResponse('orders', (sellerId) => sellerOrdersCsv({ db: db() }, { ...filter, sellerId }));
}
