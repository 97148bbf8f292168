import type { Tx } from '../../db';
import { publishCatalogChange } from '../catalog-cache';
import { withOtherPrices } from '../offering-prices';
import { setOfferingListedSchema, type SellerScoped, type SetOfferingListedInput } from './catalog-edit.schema';
import { toSellerOffering, type SellerOffering } from './seller-catalog.schema';
import { findOwnOfferingOrThrow, findSellerOrThrow } from './seller-scope';

/**
 * Lists or unlists an offering. Buyers see it only while it is listed, active and of an active
 * product (server/catalog/listed-offerings.ts).
 */
export async function setOfferingListed(ctx: { db: Tx }, input: SellerScoped<SetOfferingListedInput>): Promise<SellerOffering> {
  const { offeringId, listed } = setOfferingListedSchema.parse(input);
  const seller = await findSellerOrThrow(ctx, input.sellerId);
  await findOwnOfferingOrThrow(ctx, seller.id, offeringId);
  const offering = await ctx.db.offering.update({
    where: { id: offeringId },
    data: { listed },
    include: { features: { orderBy: { key: 'asc' } }, ...withOtherPrices },
  });
  await publishCatalogChange(ctx, seller.issuerClientId);
  return toSellerOffering(offering);
}
