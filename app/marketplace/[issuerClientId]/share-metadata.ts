import type { Metadata } from 'next';

/**
 * A storefront page's title, description and share preview (Open Graph and Twitter), by absolute
 * addresses (a preview is fetched by someone else's server): the store's logo as the image when it
 * has one, else the service's icon.
 */
export function shareMetadata(input: { title: string; description: string; path?: string; seller: { displayName: string; logoPath: string | null; storefrontUrl: string } }): Metadata {
  const origin = new URL(input.seller.storefrontUrl).origin;
  const url = input.path ? new URL(input.path, origin).toString() : input.seller.storefrontUrl;
  const image = new URL(input.seller.logoPath ?? '/icon.svg', origin).toString();
  return {
    title: input.title,
    description: input.description,
    alternates: { canonical: url },
    openGraph: { type: 'website', title: input.title, description: input.description, url, siteName: input.seller.displayName, images: [{ url: image, alt: input.seller.displayName }] },
    twitter: { card: 'summary', title: input.title, description: input.description, images: [image] },
  };
}
