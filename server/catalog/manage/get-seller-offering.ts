import type { Db } from '../../db';
import { withOtherPrices } from '../offering-prices';
import { toSellerOffering, toSellerProduct, type SellerOffering, type SellerProduct } from './seller-catalog.schema';
import { findOwnOfferingOrThrow } from './seller-scope';

export interface SellerOfferingWithProduct {
  offering: SellerOffering;
  /** The offering's product, without its other offerings. */
  product: SellerProduct;
}

/** One of the seller's offerings with its features and its product. Another seller's id: NotFound. */
export async function getSellerOffering(ctx: { db: Db }, input: { sellerId: string; offeringId: string }): Promise<SellerOfferingWithProduct> {
  await findOwnOfferingOrThrow(ctx, input.sellerId, input.offeringId);
  const offering = await ctx.db.offering.findUniqueOrThrow({
    where: { id: input.offeringId },
    include: { features: { orderBy: { key: 'asc' } }, product: true, ...withOtherPrices },
  });
  return { offering: toSellerOffering(offering), product: toSellerProduct(offering.product) };
}
