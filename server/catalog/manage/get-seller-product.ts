import type { Db } from '../../db';
import { withOtherPrices } from '../offering-prices';
import { toSellerProduct, type SellerProduct } from './seller-catalog.schema';
import { findOwnProductOrThrow } from './seller-scope';

/** One of the seller's products with all its offerings (any status, listed or not). Another seller's id: NotFound. */
export async function getSellerProduct(ctx: { db: Db }, input: { sellerId: string; productId: string }): Promise<SellerProduct> {
  await findOwnProductOrThrow(ctx, input.sellerId, input.productId);
  const product = await ctx.db.product.findUniqueOrThrow({
    where: { id: input.productId },
    include: { offerings: { include: { features: { orderBy: { key: 'asc' } }, ...withOtherPrices }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } },
  });
  return toSellerProduct(product);
}
