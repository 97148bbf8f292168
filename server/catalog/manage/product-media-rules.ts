// What a product may carry besides its offerings: images and download links (pages read these too).

/** Images one product may have (server/catalog/manage/product-images.ts). */
export const PRODUCT_IMAGES_MAX = 5;
/** The largest image upload taken, before resizing. */
export const PRODUCT_IMAGE_UPLOAD_MAX_BYTES = 4 * 1024 * 1024;

/** Where pages load a product image: its id names its bytes for good (an image is never changed, only removed). */
export function productImagePath(issuerClientId: string, imageId: string): string {
  return `/marketplace/${encodeURIComponent(issuerClientId)}/images/${encodeURIComponent(imageId)}`;
}

/** Download links one product may have (server/catalog/manage/product-downloads.ts). */
export const PRODUCT_DOWNLOADS_MAX = 10;
