import { api, apiErrorOf, portalMe } from '@/app/trpc-server';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ exportId: string }> };

/**
 * GET /portal/export/<id>: the ZIP of one of the seller's Ready exports, as an attachment, for a
 * member whose role may export the store's data (401 signed out, 403 no seller or another role,
 * 404 not the seller's, not finished or expired).
 */
export async function GET(_request: Request, { params }: Params): Promise<Response> {
  const portal = await portalMe();
  if (!portal) return refusal(401, 'Your session has ended. Sign in again to download the export.');
  if (!portal.seller) return refusal(403, 'Only members of a seller can export its data. Register as a seller first.');
  const { exportId } = await params;
  try {
    const file = await api.dataExport.file({ exportId });
    return new Response(file.bytes, {
      headers: {
        'content-type': 'application/zip',
        'content-length': String(file.bytes.byteLength),
        'content-disposition': `attachment; filename="${file.filename}"`,
        'cache-control': 'no-store',
      },
    });
  } catch (error) {
    const refused = apiErrorOf(error);
    if (refused?.code === 'RoleForbidden') return refusal(403, refused.message);
    if (refused?.code === 'NotFound' || refused?.code === 'ValidationError') return refusal(404, refused.message);
    throw error;
  }
}

function refusal(status: 401 | 403 | 404, message: string): Response {
  return new Response(`${message}\n`, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
}
