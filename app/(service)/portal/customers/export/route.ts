import { kit } from '@/app/core';
import { api } from '@/app/trpc-server';
import { csvExportResponse } from '../../orders/csv-export-response';

export const dynamic = 'force-dynamic';

/** GET /portal/customers/export?q=&holding=: the customers page's current filter, every page, as CSV. */
export async function GET(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const filter = kit.sellerCustomersQuerySchema.omit({ page: true }).parse({ q: params.get('q') || undefined, holding: params.get('holding') || undefined });
  return csvExportResponse('customers', () => api.sellerCustomers.exportCsv(filter));
}
