import type { Db } from '../../db';
import { publishCatalogChange } from '../catalog-cache';
import { upsertFeatureSchema, type SellerScoped, type UpsertFeatureInput } from './catalog-edit.schema';
import { toSellerFeature, type SellerFeature } from './seller-catalog.schema';
import { findOwnOfferingOrThrow, findSellerOrThrow } from './seller-scope';

/** Creates the offering's feature with this key, or replaces every field of the existing one. */
export async function upsertFeature(ctx: { db: Db }, input: SellerScoped<UpsertFeatureInput>): Promise<SellerFeature> {
  const { offeringId, key, ...fields } = upsertFeatureSchema.parse(input);
  const seller = await findSellerOrThrow(ctx, input.sellerId);
  await findOwnOfferingOrThrow(ctx, seller.id, offeringId);
  const feature = await ctx.db.feature.upsert({
    where: { offeringId_key: { offeringId, key } },
    create: { ...fields, offeringId, key },
    update: fields,
  });
  await publishCatalogChange(ctx, seller.issuerClientId);
  return toSellerFeature(feature);
}
