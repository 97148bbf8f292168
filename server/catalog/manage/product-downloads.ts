import { z } from 'zod';
import { httpsAddressSchema } from '../../../sdk/src/contract/fields';
import type { Db, Tx } from '../../db';
import { DomainError } from '../../errors';
import { validationErrorFromZod } from '../../validation-error';
import { PRODUCT_DOWNLOADS_MAX } from './product-media-rules';
import { findOwnProductOrThrow } from './seller-scope';

// Where holders of a license of a product download it: one link per platform, entered by the
// seller (an https URL: the service hosts no files), at most PRODUCT_DOWNLOADS_MAX per product.
// Shown only to a buyer whose license of the product runs (Active or Trialing): on the license page,
// the success page and the delivery e-mail (downloadsForLicense).


const productDownloadInputSchema = z.object({
  platform: z.string().trim().min(1, 'Name the platform, e.g. Windows.').max(60, 'A platform is at most 60 characters.'),
  url: httpsAddressSchema('Enter the full https:// address of the download.'),
});

export interface ProductDownloadView {
  id: string;
  platform: string;
  url: string;
}

/** Adds a link after the product's others; the count is checked under the product's row lock. */
export async function addProductDownload(ctx: { db: Db }, input: { sellerId: string; productId: string; platform: string; url: string }): Promise<ProductDownloadView> {
  await findOwnProductOrThrow(ctx, input.sellerId, input.productId);
  const parsed = productDownloadInputSchema.safeParse(input);
  if (!parsed.success) throw validationErrorFromZod(parsed.error);
  const link = parsed.data;
  return ctx.db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "Product" WHERE "id" = ${input.productId} FOR UPDATE`;
    const links = await tx.productDownload.findMany({ where: { productId: input.productId }, select: { position: true } });
    if (links.length >= PRODUCT_DOWNLOADS_MAX) {
      throw new DomainError('ValidationError', 'One or more fields failed validation.', { details: [{ Code: 'Invalid', Message: `A product has at most ${PRODUCT_DOWNLOADS_MAX} download links: remove one first.`, Field: 'Url' }] });
    }
    const position = links.reduce((last, row) => Math.max(last, row.position + 1), 0);
    return tx.productDownload.create({ data: { productId: input.productId, position, platform: link.platform, url: link.url }, select: { id: true, platform: true, url: true } });
  });
}

export async function removeProductDownload(ctx: { db: Db }, input: { sellerId: string; productId: string; downloadId: string }): Promise<void> {
  await findOwnProductOrThrow(ctx, input.sellerId, input.productId);
  const removed = await ctx.db.productDownload.deleteMany({ where: { id: input.downloadId, productId: input.productId } });
  if (removed.count === 0) throw new DomainError('NotFound', 'No download link with that id on this product.');
}

/** One of the seller's products' download links, for its portal page. */
export async function listSellerProductDownloads(ctx: { db: Db }, input: { sellerId: string; productId: string }): Promise<ProductDownloadView[]> {
  await findOwnProductOrThrow(ctx, input.sellerId, input.productId);
  return ctx.db.productDownload.findMany({ where: { productId: input.productId }, orderBy: [{ position: 'asc' }, { id: 'asc' }], select: { id: true, platform: true, url: true } });
}

/** A product's download links in their order, in the caller's transaction (the delivery e-mail of a license just sold, which runs). */
export async function productDownloads(ctx: { db: Tx }, productId: string): Promise<ProductDownloadView[]> {
  return ctx.db.productDownload.findMany({ where: { productId }, ...productDownloadsSelect.downloads });
}

/** The license states whose holder may download: the license runs. */
const DOWNLOADING_STATUSES = ['Active', 'Trialing'];

/** The download links a license's holder sees: its product's, while the license runs; none otherwise. */
export function downloadsForLicense(license: { status: string; offering: { product: { downloads: ProductDownloadView[] } } }): ProductDownloadView[] {
  return DOWNLOADING_STATUSES.includes(license.status) ? license.offering.product.downloads : [];
}

/** What to select of a license's product for downloadsForLicense. */
export const productDownloadsSelect = { downloads: { orderBy: [{ position: 'asc' as const }, { id: 'asc' as const }], select: { id: true, platform: true, url: true } } };
