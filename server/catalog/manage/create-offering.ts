import type { Db } from '../../db';
import { publishCatalogChange } from '../catalog-cache';
import { toMinorUnits } from '../money';
import { createOfferingSchema, type CreateOfferingInput, type SellerScoped } from './catalog-edit.schema';
import { toSellerOffering, type SellerOffering } from './seller-catalog.schema';
import { assertOfferingNameFree } from './catalog-names';
import { findOwnProductOrThrow, findSellerOrThrow } from './seller-scope';

/** Adds an offering to one of the seller's products. Classification rules: see the schema. */
export async function createOffering(ctx: { db: Db }, input: SellerScoped<CreateOfferingInput>): Promise<SellerOffering> {
  const { productId, baseRate, ...fields } = createOfferingSchema.parse(input);
  const seller = await findSellerOrThrow(ctx, input.sellerId);
  await findOwnProductOrThrow(ctx, seller.id, productId);
  await assertOfferingNameFree(ctx, { productId, name: fields.name });
  const offering = await ctx.db.offering.create({
    data: {
      ...fields,
      productId,
      sellerId: seller.id,
      priceMinor: baseRate === null ? null : toMinorUnits(baseRate, fields.currency),
    },
  });
  await publishCatalogChange(ctx, seller.issuerClientId);
  return toSellerOffering(offering);
}
