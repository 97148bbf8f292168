import { kit } from '@/app/core';
import { api } from '@/app/trpc-server';
import { csvExportResponse } from '../csv-export-response';

export const dynamic = 'force-dynamic';

/** GET /portal/orders/export?q=&status=: the orders page's current filter, every page, as CSV. */
export async function GET(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const filter = kit.sellerOrdersQuerySchema.omit({ page: true }).parse({ q: params.get('q') || undefined, status: params.get('status') || undefined });
  return csvExportResponse('orders', () => api.sellerOrders.exportCsv(filter));
}
