import type { Db } from '../../db';
import { DomainError } from '../../errors';
import { publishCatalogChange } from '../catalog-cache';
import { deleteFeatureSchema, type DeleteFeatureInput, type SellerScoped } from './catalog-edit.schema';
import { findSellerOrThrow } from './seller-scope';

export async function deleteFeature(ctx: { db: Db }, input: SellerScoped<DeleteFeatureInput>): Promise<{ featureId: string }> {
  const { featureId } = deleteFeatureSchema.parse(input);
  const seller = await findSellerOrThrow(ctx, input.sellerId);
  // Scoped in the statement itself: another seller's feature is never touched, and a feature
  // deleted meanwhile answers NotFound rather than a database error.
  const { count } = await ctx.db.feature.deleteMany({ where: { id: featureId, offering: { sellerId: seller.id } } });
  if (count === 0) throw new DomainError('NotFound', 'No feature with that id in your catalog.');
  await publishCatalogChange(ctx, seller.issuerClientId);
  return { featureId };
}
