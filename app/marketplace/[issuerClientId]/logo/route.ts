import { api, refusedWith } from '@/app/trpc-server';

/** The store's logo: the bytes the seller uploaded, with the type found in them, never sniffed by the browser. */
export async function GET(request: Request, { params }: { params: Promise<{ issuerClientId: string }> }) {
  const { issuerClientId } = await params;
  // An id no store can have (refused as input) has no logo either.
  const logo = await api.marketplace.logo({ issuerClientId }).catch((error: unknown) => {
    if (refusedWith(error, 'ValidationError')) return null;
    throw error;
  });
  if (!logo) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const version = logo.updatedAt.getTime().toString(36);
  const etag = `"${version}"`;
  const headers = {
    'content-type': logo.contentType,
    // Pages ask for the versioned address (logoPathOf), which a new upload changes: kept for good.
    'cache-control': new URL(request.url).searchParams.get('v') === version ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
    etag,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
  };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(logo.bytes), { headers });
}
