import type { Metadata } from 'next';

/**
 * A storefront page's title, description and share preview (Open Graph and Twitter), by absolute
 * addresses (a preview is fetched by someone else's server): the product's first image when there
 * is one (a large card), else the store's logo, else the service's icon.
 */
export function shareMetadata(input: {
  title: string;
  description: string;
  path?: string;
  seller: { displayName: string; logoPath: string | null; storefrontUrl: string };
  image?: { path: string; width: number; height: number; alt: string } | null;
}): Metadata {
  const origin = new URL(input.seller.storefrontUrl).origin;
  const url = input.path ? new URL(input.path, origin).toString() : input.seller.storefrontUrl;
  const image = input.image
    ? { url: new URL(input.image.path, origin).toString(), width: input.image.width, height: input.image.height, alt: input.image.alt || input.title }
    : { url: new URL(input.seller.logoPath ?? '/icon.svg', origin).toString(), alt: input.seller.displayName };
  return {
    title: input.title,
    description: input.description,
    alternates: { canonical: url },
    openGraph: { type: 'website', title: input.title, description: input.description, url, siteName: input.seller.displayName, images: [image] },
    twitter: { card: input.image ? 'summary_large_image' : 'summary', title: input.title, description: input.description, images: [image.url] },
  };
}
