import type { Db } from '../../db';
import { withOtherPrices } from '../offering-prices';
import { sellerCatalogSchema, toSellerProduct, type SellerCatalog } from './seller-catalog.schema';
import { findSellerOrThrow } from './seller-scope';

/** The seller's whole catalog for the portal: listed or not, any status, with features. */
export async function listSellerCatalog(ctx: { db: Db }, sellerId: string): Promise<SellerCatalog> {
  const seller = await findSellerOrThrow(ctx, sellerId);
  const products = await ctx.db.product.findMany({
    where: { sellerId },
    include: {
      offerings: {
        include: { features: { orderBy: { key: 'asc' } }, ...withOtherPrices },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      },
    },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return sellerCatalogSchema.parse({
    issuerClientId: seller.issuerClientId,
    isCheckoutReady: seller.checkoutReady,
    products: products.map(toSellerProduct),
  });
}
