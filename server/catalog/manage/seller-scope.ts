import type { Tx } from '../../db';
import { DomainError } from '../../errors';

// Every catalog edit is scoped to the seller it acts for. An id that belongs to another seller
// answers NotFound, exactly like an id that does not exist, so ids of others cannot be probed.

export async function findSellerOrThrow(ctx: { db: Tx }, sellerId: string) {
  const seller = await ctx.db.seller.findUnique({ where: { id: sellerId } });
  if (!seller) throw new DomainError('NotFound', 'No seller with that id.');
  return seller;
}

export async function findOwnProductOrThrow(ctx: { db: Tx }, sellerId: string, productId: string) {
  const product = await ctx.db.product.findFirst({ where: { id: productId, sellerId } });
  if (!product) throw new DomainError('NotFound', 'No product with that id in your catalog.');
  return product;
}

export async function findOwnOfferingOrThrow(ctx: { db: Tx }, sellerId: string, offeringId: string) {
  const offering = await ctx.db.offering.findFirst({ where: { id: offeringId, sellerId } });
  if (!offering) throw new DomainError('NotFound', 'No offering with that id in your catalog.');
  return offering;
}

