import type { Db } from '../db';
import { DomainError } from '../errors';
import type { OfferingDetail } from './catalog.schemas';
import { toOfferingView, toProductView, toResolvedFeature } from './catalog-views';
import { listedOfferingWhere } from './listed-offerings';
import { withOtherPrices } from './offering-prices';
import { findSellerByIssuerClientId } from '../sellers/find-seller-by-issuer-client-id';

/** One listed offering of one seller, with its features resolved for buyers. */
export async function getOfferingDetail(ctx: { db: Db }, issuerClientId: string, offeringId: string): Promise<OfferingDetail> {
  const found = await findSellerByIssuerClientId(ctx, issuerClientId);
  const offering = found && await ctx.db.offering.findFirst({
    where: { id: offeringId, sellerId: found.seller.id, ...listedOfferingWhere },
    include: { product: true, seller: true, features: { orderBy: { key: 'asc' } }, ...withOtherPrices },
  });
  if (!offering) throw new DomainError('NotFound', 'No listed offering with that id for this seller.');

  return {
    offering: toOfferingView(offering, offering.seller.issuerClientId),
    product: toProductView(offering.product, offering.seller.issuerClientId),
    issuerClientId: offering.seller.issuerClientId,
    isCheckoutReady: offering.seller.checkoutReady,
    resolvedFeatures: offering.features.map(toResolvedFeature),
  };
}
