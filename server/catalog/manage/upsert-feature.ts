import type { z } from 'zod';
import type { Db, Tx } from '../../db';
import { publishCatalogChange } from '../catalog-cache';
import { upsertFeatureSchema, type SellerScoped, type UpsertFeatureInput } from './catalog-edit.schema';
import { toSellerFeature, type SellerFeature } from './seller-catalog.schema';
import { findOwnOfferingOrThrow, findSellerOrThrow } from './seller-scope';

/** Creates the offering's feature with this key, or replaces every field of the existing one. */
export async function upsertFeature(ctx: { db: Db }, input: SellerScoped<UpsertFeatureInput>): Promise<SellerFeature> {
  const fields = upsertFeatureSchema.parse(input);
  const seller = await findSellerOrThrow(ctx, input.sellerId);
  await findOwnOfferingOrThrow(ctx, seller.id, fields.offeringId);
  const feature = await writeFeature(ctx, fields);
  await publishCatalogChange(ctx, seller.issuerClientId);
  return toSellerFeature(feature);
}

/**
 * The one writer of a feature row, by offering and key. The caller has checked that the offering
 * is the seller's; `ctx.db` may be a transaction's client, and the caller publishes after commit.
 */
export function writeFeature(ctx: { db: Tx }, input: z.output<typeof upsertFeatureSchema>) {
  const { offeringId, key, ...fields } = input;
  return ctx.db.feature.upsert({
    where: { offeringId_key: { offeringId, key } },
    create: { ...fields, offeringId, key },
    update: fields,
  });
}
