import { api, refusedWith } from '@/app/trpc-server';

/** A product image of the store: WebP the service made from the upload; its id names its bytes for good. */
export async function GET(_request: Request, { params }: { params: Promise<{ issuerClientId: string; imageId: string }> }) {
  const { issuerClientId, imageId } = await params;
  // An id no store or image can have (refused as input) names no image either.
  const image = await api.marketplace.productImage({ issuerClientId, imageId }).catch((error: unknown) => {
    if (refusedWith(error, 'ValidationError')) return null;
    throw error;
  });
  if (!image) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return new Response(new Uint8Array(image.bytes), {
    headers: {
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
}
