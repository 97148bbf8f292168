import type { Db } from '../../db';
import { publishCatalogChange } from '../catalog-cache';
import { createProductSchema, type CreateProductInput, type SellerScoped } from './catalog-edit.schema';
import { toSellerProduct, type SellerProduct } from './seller-catalog.schema';
import { assertProductNameFree } from './catalog-names';
import { findSellerOrThrow } from './seller-scope';

export async function createProduct(ctx: { db: Db }, input: SellerScoped<CreateProductInput>): Promise<SellerProduct> {
  const fields = createProductSchema.parse(input);
  const seller = await findSellerOrThrow(ctx, input.sellerId);
  await assertProductNameFree(ctx, { sellerId: seller.id, name: fields.name });
  const product = await ctx.db.product.create({ data: { ...fields, sellerId: seller.id } });
  await publishCatalogChange(ctx, seller.issuerClientId);
  return toSellerProduct(product);
}
