import type { Db } from '../db';
import { DomainError } from '../errors';
import { rasterImageType } from '../platform/images/image-type';
import { LOGO_MAX_BYTES } from './seller.schema';

function logoError(message: string): DomainError {
  return new DomainError('ValidationError', 'One or more fields failed validation.', { details: [{ Code: 'Invalid', Message: message, Field: 'Logo' }] });
}

/** Replaces the store's logo. SVG is refused: it can carry script, and a logo needs none. */
export async function setSellerLogo(ctx: { db: Db }, sellerId: string, bytes: Uint8Array): Promise<void> {
  if (bytes.length === 0) throw logoError('Choose an image file.');
  if (bytes.length > LOGO_MAX_BYTES) throw logoError(`The image is ${Math.ceil(bytes.length / 1024)} KB; use one of at most ${LOGO_MAX_BYTES / 1024} KB.`);
  const contentType = rasterImageType(bytes);
  if (!contentType) throw logoError('Use a PNG, JPEG or WebP image.');
  const data = { contentType, bytes: Buffer.from(bytes) };
  await ctx.db.sellerLogo.upsert({ where: { sellerId }, create: { sellerId, ...data }, update: data });
}

/**
 * Where pages load a store's logo: the address names the upload (its time), so a browser may keep
 * it for good and a new logo is a new address, seen at once everywhere (the route answers an
 * address with a version as immutable).
 */
export function logoPathOf(issuerClientId: string, logo: { updatedAt: Date } | null): string | null {
  return logo ? `/marketplace/${encodeURIComponent(issuerClientId)}/logo?v=${logo.updatedAt.getTime().toString(36)}` : null;
}

export async function removeSellerLogo(ctx: { db: Db }, sellerId: string): Promise<void> {
  await ctx.db.sellerLogo.deleteMany({ where: { sellerId } });
}

export async function readSellerLogo(ctx: { db: Db }, sellerId: string) {
  return ctx.db.sellerLogo.findUnique({ where: { sellerId } });
}
