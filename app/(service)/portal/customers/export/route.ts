import { db, sellerCustomersQuerySchema, sellerCustomersCsv } from '@/app/core';
import { csvExportResponse } from '../../orders/csv-export-response';

export const dynamic = 'force-dynamic';

/** GET /portal/customers/export?q=&holding=: the customers page's current filter, every page, as CSV. */
export async function GET(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const filter = sellerCustomersQuerySchema.omit({ page: true }).parse({ q: params.get('q') || undefined, holding: params.get('holding') || undefined });
  return csvExportResponse('customers', (sellerId) => sellerCustomersCsv({ db: db() }, { ...filter, sellerId }));
}
