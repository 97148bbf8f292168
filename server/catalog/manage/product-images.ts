import type { Db } from '../../db';
import { DomainError } from '../../errors';
import { rasterImageType } from '../../platform/images/image-type';
import { requireOnDemand } from '../../platform/require-on-demand';
import { publishCatalogChange } from '../catalog-cache';
import { PRODUCT_IMAGE_UPLOAD_MAX_BYTES, PRODUCT_IMAGES_MAX } from './product-media-rules';
import { findOwnProductOrThrow, findSellerOrThrow } from './seller-scope';

// Pictures of a product on its offerings' pages: at most PRODUCT_IMAGES_MAX per product, uploaded
// as PNG, JPEG or WebP (recognised by their own bytes), then resized to fit PRODUCT_IMAGE_BOX and
// re-encoded as WebP, so what is stored and served is small, of one type, and carries none of the
// upload's metadata (a photo's EXIF, its location included). Stored in the database like the logo.

/** The box a stored image fits in (its aspect kept, never enlarged). */
const PRODUCT_IMAGE_BOX = { width: 1600, height: 1200 };
/** An upload whose header claims more pixels is refused before decoding (a decompression bomb). */
const MAX_INPUT_PIXELS = 40_000_000;
const ALT_MAX = 200;

export interface ProductImageView {
  id: string;
  position: number;
  width: number;
  height: number;
  alt: string;
}

function imageError(message: string, field = 'Image'): DomainError {
  return new DomainError('ValidationError', 'One or more fields failed validation.', { details: [{ Code: 'Invalid', Message: message, Field: field }] });
}

/** The upload resized and re-encoded; what cannot be decoded is refused as no image. */
async function storedImage(bytes: Uint8Array): Promise<{ bytes: Uint8Array<ArrayBuffer>; width: number; height: number }> {
  const sharp = requireOnDemand<typeof import('sharp').default>('sharp');
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ ...PRODUCT_IMAGE_BOX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: new Uint8Array(data), width: info.width, height: info.height };
  } catch {
    throw imageError(`The file could not be read as an image (or it has more than ${MAX_INPUT_PIXELS / 1_000_000} million pixels).`);
  }
}

/** Adds an image after the product's others. The count is checked under the product's row lock, so two uploads at once cannot pass the limit. */
export async function addProductImage(ctx: { db: Db }, input: { sellerId: string; productId: string; bytes: Uint8Array; alt?: string }): Promise<ProductImageView> {
  const seller = await findSellerOrThrow(ctx, input.sellerId);
  await findOwnProductOrThrow(ctx, seller.id, input.productId);
  if (input.bytes.length === 0) throw imageError('Choose an image file.');
  if (input.bytes.length > PRODUCT_IMAGE_UPLOAD_MAX_BYTES) throw imageError(`The image is ${Math.ceil(input.bytes.length / 1024 / 1024)} MB; use one of at most ${PRODUCT_IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024} MB.`);
  if (!rasterImageType(input.bytes)) throw imageError('Use a PNG, JPEG or WebP image.');
  const alt = (input.alt ?? '').trim();
  if (alt.length > ALT_MAX) throw imageError(`A description has at most ${ALT_MAX} characters.`, 'Alt');
  // Decoding and encoding is CPU work, done before the transaction takes its lock.
  const image = await storedImage(input.bytes);
  const created = await ctx.db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "Product" WHERE "id" = ${input.productId} FOR UPDATE`;
    const images = await tx.productImage.findMany({ where: { productId: input.productId }, select: { position: true } });
    if (images.length >= PRODUCT_IMAGES_MAX) throw imageError(`A product has at most ${PRODUCT_IMAGES_MAX} images: remove one first.`);
    const position = images.reduce((last, row) => Math.max(last, row.position + 1), 0);
    return tx.productImage.create({ data: { productId: input.productId, position, alt, ...image }, select: { id: true, position: true, width: true, height: true, alt: true } });
  });
  await publishCatalogChange(ctx, seller.issuerClientId);
  return created;
}

/** Removes one of the product's images; the others keep their order. */
export async function removeProductImage(ctx: { db: Db }, input: { sellerId: string; productId: string; imageId: string }): Promise<void> {
  const seller = await findSellerOrThrow(ctx, input.sellerId);
  await findOwnProductOrThrow(ctx, seller.id, input.productId);
  const removed = await ctx.db.productImage.deleteMany({ where: { id: input.imageId, productId: input.productId } });
  if (removed.count === 0) throw new DomainError('NotFound', 'No image with that id on this product.');
  await publishCatalogChange(ctx, seller.issuerClientId);
}

/** The images of the given products in their order (without their bytes), by product. */
export async function listProductImages(ctx: { db: Db }, productIds: string[]): Promise<Map<string, ProductImageView[]>> {
  const rows = await ctx.db.productImage.findMany({
    where: { productId: { in: productIds } },
    orderBy: [{ position: 'asc' }, { id: 'asc' }],
    select: { id: true, productId: true, position: true, width: true, height: true, alt: true },
  });
  const byProduct = new Map<string, ProductImageView[]>();
  for (const { productId, ...image } of rows) byProduct.set(productId, [...(byProduct.get(productId) ?? []), image]);
  return byProduct;
}

/** One of the seller's products' images, for its portal page; another seller's product is NotFound. */
export async function listSellerProductImages(ctx: { db: Db }, input: { sellerId: string; productId: string }): Promise<ProductImageView[]> {
  await findOwnProductOrThrow(ctx, input.sellerId, input.productId);
  return (await listProductImages(ctx, [input.productId])).get(input.productId) ?? [];
}

/** An image's bytes for the storefront's image route, when it is one of this store's (by its current id). */
export async function readProductImage(ctx: { db: Db }, input: { sellerId: string; imageId: string }): Promise<{ bytes: Uint8Array } | null> {
  const image = await ctx.db.productImage.findFirst({ where: { id: input.imageId, product: { sellerId: input.sellerId } }, select: { bytes: true } });
  return image ? { bytes: image.bytes } : null;
}
