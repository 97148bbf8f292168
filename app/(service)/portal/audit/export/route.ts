import { api, apiErrorOf } from '@/app/trpc-server';
import { csvExportResponse } from '../../orders/csv-export-response';
import { auditFilterOf } from '../audit-filter';

export const dynamic = 'force-dynamic';

/** GET /portal/audit/export?actor=&action=&target=&from=&to=: the audit page's current filter, every entry, as CSV. */
export async function GET(request: Request): Promise<Response> {
  const { filter } = auditFilterOf(Object.fromEntries(new URL(request.url).searchParams));
  try {
    return await csvExportResponse('audit-log', () => api.audit.exportCsv(filter));
  } catch (error) {
    const refused = apiErrorOf(error);
    if (refused?.code === 'RoleForbidden') {
      return new Response(`${refused.message}\n`, { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
    }
    throw error;
  }
}
