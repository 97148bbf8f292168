import { portalMe } from '@/app/trpc-server';

/**
 * A CSV download of the portal: the portal session and a seller membership first (401, 403), then
 * the seller's rows (the router's export, for the seller of the session) streamed as an attachment named `<name>-<UTC date>.csv`.
 */
export async function csvExportResponse(name: string, buildCsv: () => Promise<ReadableStream<Uint8Array>>): Promise<Response> {
  const portal = await portalMe();
  if (!portal) return refusal(401, 'Your session has ended. Sign in again to export.');
  if (!portal.seller) return refusal(403, 'Only members of a seller can export its data. Register as a seller first.');
  const filename = `${name}-${new Date().toISOString().slice(0, 10)}.csv`;
  return new Response(await buildCsv(), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    },
  });
}

function refusal(status: 401 | 403, message: string): Response {
  return new Response(`${message}\n`, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
}
