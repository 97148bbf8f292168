import type { Db } from '../db';
import { DomainError } from '../errors';
import type { OfferingView, Storefront } from './catalog.schemas';
import { toOfferingView, toProductView } from './catalog-views';
import { listedOfferingWhere } from './listed-offerings';
import { withOtherPrices } from './offering-prices';
import { findSellerByIssuerClientId } from '../sellers/find-seller-by-issuer-client-id';

/** The purchase API's catalog view of one seller: only listed offerings, grouped by product. */
export async function getStorefront(ctx: { db: Db }, issuerClientId: string): Promise<Storefront> {
  const found = await findSellerByIssuerClientId(ctx, issuerClientId);
  if (!found) throw new DomainError('NotFound', 'No seller with that issuerClientId.');
  // A former id answers with the seller's current one, so apps learn it.
  const { seller } = found;

  const offerings = await ctx.db.offering.findMany({
    where: { sellerId: seller.id, ...listedOfferingWhere },
    include: { product: true, ...withOtherPrices },
    orderBy: [{ product: { createdAt: 'asc' } }, { createdAt: 'asc' }],
  });

  const products = new Map<string, ReturnType<typeof toProductView>>();
  const offeringsByProduct: Record<string, OfferingView[]> = {};
  for (const offering of offerings) {
    if (!products.has(offering.productId)) products.set(offering.productId, toProductView(offering.product, seller.issuerClientId));
    (offeringsByProduct[offering.productId] ??= []).push(toOfferingView(offering, seller.issuerClientId));
  }

  return {
    clientId: seller.issuerClientId,
    isCheckoutReady: seller.checkoutReady,
    products: [...products.values()],
    offeringsByProduct: offeringsByProduct,
  };
}
