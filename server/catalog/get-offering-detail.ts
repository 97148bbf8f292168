import type { Db } from '../db';
import { DomainError } from '../errors';
import { offeringDetailSchema, type OfferingDetail } from './catalog.schemas';
import { toOfferingView, toProductView, toResolvedFeature } from './catalog-views';
import { listedOfferingWhere } from './listed-offerings';

/** One listed offering of one seller, with its features resolved for buyers. */
export async function getOfferingDetail(ctx: { db: Db }, issuerClientId: string, offeringId: string): Promise<OfferingDetail> {
  const offering = await ctx.db.offering.findFirst({
    where: { id: offeringId, seller: { issuerClientId }, ...listedOfferingWhere },
    include: { product: true, seller: true, features: { orderBy: { key: 'asc' } } },
  });
  if (!offering) throw new DomainError('NotFound', 'No listed offering with that id for this seller.');

  return offeringDetailSchema.parse({
    Offering: toOfferingView(offering, issuerClientId),
    Product: toProductView(offering.product, issuerClientId),
    IssuerClientId: issuerClientId,
    IsCheckoutReady: offering.seller.checkoutReady,
    ResolvedFeatures: offering.features.map(toResolvedFeature),
  });
}
