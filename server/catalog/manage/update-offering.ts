import type { Db } from '../../db';
import { publishCatalogChange } from '../catalog-cache';
import { withOtherPrices } from '../offering-prices';
import { updateOfferingSchema, type SellerScoped, type UpdateOfferingInput } from './catalog-edit.schema';
import { toSellerOffering, type SellerOffering } from './seller-catalog.schema';
import { assertOfferingNameFree } from './catalog-names';
import { offeringPriceColumns, replaceOtherPrices } from './offering-price-columns';
import { findOwnOfferingOrThrow, findSellerOrThrow } from './seller-scope';

/**
 * Replaces the terms of one of the seller's offerings (the switches only when given). The whole shape is sent so the
 * classification rules are checked on the offering as it will be, not on a partial change. The
 * default price and the other currencies' prices change in one statement (one transaction).
 */
export async function updateOffering(ctx: { db: Db }, input: SellerScoped<UpdateOfferingInput>): Promise<SellerOffering> {
  const { offeringId, baseRate, currency, prices, ...fields } = updateOfferingSchema.parse(input);
  const seller = await findSellerOrThrow(ctx, input.sellerId);
  const current = await findOwnOfferingOrThrow(ctx, seller.id, offeringId);
  await assertOfferingNameFree(ctx, { productId: current.productId, name: fields.name, exceptOfferingId: offeringId });
  const columns = offeringPriceColumns({ baseRate, currency, prices });
  const offering = await ctx.db.offering.update({
    where: { id: offeringId },
    data: { ...fields, priceMinor: columns.priceMinor, currency: columns.currency, prices: replaceOtherPrices(columns) },
    include: { features: { orderBy: { key: 'asc' } }, ...withOtherPrices },
  });
  await publishCatalogChange(ctx, seller.issuerClientId);
  return toSellerOffering(offering);
}
