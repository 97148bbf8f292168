import type { Seller } from '@/generated/prisma/client';
import type { Db } from '../db';

/**
 * The store an issuerClientId names, for buyers: its current id, or one it used before (apps embed
 * the id, so a seller who renames its storefront keeps answering to the old one). `current` says
 * which. A deleted store is found by neither: its storefront, offerings and purchases are gone.
 */
export async function findSellerByIssuerClientId(ctx: { db: Db }, issuerClientId: string): Promise<{ seller: Seller; current: boolean } | null> {
  const seller = await ctx.db.seller.findUnique({ where: { issuerClientId } });
  if (seller) return seller.closedAt ? null : { seller, current: true };
  const former = await ctx.db.sellerFormerId.findUnique({ where: { issuerClientId }, include: { seller: true } });
  return former && !former.seller.closedAt ? { seller: former.seller, current: false } : null;
}

/** Whether `issuerClientId` is the seller's current id or one it used before. */
export async function isIssuerClientIdOf(ctx: { db: Db }, seller: { id: string; issuerClientId: string }, issuerClientId: string): Promise<boolean> {
  if (issuerClientId === seller.issuerClientId) return true;
  const former = await ctx.db.sellerFormerId.findUnique({ where: { issuerClientId }, select: { sellerId: true } });
  return former?.sellerId === seller.id;
}
