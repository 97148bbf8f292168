import type { Db } from '../../db';
import { publishCatalogChange } from '../catalog-cache';
import { withOtherPrices } from '../offering-prices';
import { setOfferingRepeatPurchaseSchema, type SellerScoped, type SetOfferingRepeatPurchaseInput } from './catalog-edit.schema';
import { toSellerOffering, type SellerOffering } from './seller-catalog.schema';
import { findOwnOfferingOrThrow, findSellerOrThrow } from './seller-scope';

/**
 * Whether a buyer may buy (or claim) the offering again while holding it, and take its trial more
 * than once. Off by default: one trial per buyer, and a live license is not sold twice to its holder.
 */
export async function setOfferingRepeatPurchase(ctx: { db: Db }, input: SellerScoped<SetOfferingRepeatPurchaseInput>): Promise<SellerOffering> {
  const { offeringId, allowRepeatPurchase } = setOfferingRepeatPurchaseSchema.parse(input);
  const seller = await findSellerOrThrow(ctx, input.sellerId);
  await findOwnOfferingOrThrow(ctx, seller.id, offeringId);
  const offering = await ctx.db.offering.update({
    where: { id: offeringId },
    data: { allowRepeatPurchase },
    include: { features: { orderBy: { key: 'asc' } }, ...withOtherPrices },
  });
  await publishCatalogChange(ctx, seller.issuerClientId);
  return toSellerOffering(offering);
}
