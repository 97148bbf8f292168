import type { Db } from '../../db';
import { publishCatalogChange } from '../catalog-cache';
import { toMinorUnits } from '../money';
import { updateOfferingSchema, type SellerScoped, type UpdateOfferingInput } from './catalog-edit.schema';
import { toSellerOffering, type SellerOffering } from './seller-catalog.schema';
import { assertOfferingNameFree } from './catalog-names';
import { findOwnOfferingOrThrow, findSellerOrThrow } from './seller-scope';

/**
 * Replaces the terms of one of the seller's offerings (the switches only when given). The whole shape is sent so the
 * classification rules are checked on the offering as it will be, not on a partial change.
 */
export async function updateOffering(ctx: { db: Db }, input: SellerScoped<UpdateOfferingInput>): Promise<SellerOffering> {
  const { offeringId, baseRate, ...fields } = updateOfferingSchema.parse(input);
  const seller = await findSellerOrThrow(ctx, input.sellerId);
  const current = await findOwnOfferingOrThrow(ctx, seller.id, offeringId);
  await assertOfferingNameFree(ctx, { productId: current.productId, name: fields.name, exceptOfferingId: offeringId });
  const offering = await ctx.db.offering.update({
    where: { id: offeringId },
    data: { ...fields, priceMinor: baseRate === null ? null : toMinorUnits(baseRate, fields.currency) },
    include: { features: { orderBy: { key: 'asc' } } },
  });
  await publishCatalogChange(ctx, seller.issuerClientId);
  return toSellerOffering(offering);
}
