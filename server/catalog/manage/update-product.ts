import type { Db } from '../../db';
import { publishCatalogChange } from '../catalog-cache';
import { updateProductSchema, type SellerScoped, type UpdateProductInput } from './catalog-edit.schema';
import { toSellerProduct, type SellerProduct } from './seller-catalog.schema';
import { assertProductNameFree } from './catalog-names';
import { findOwnProductOrThrow, findSellerOrThrow } from './seller-scope';

/** Replaces every editable field of one of the seller's products. */
export async function updateProduct(ctx: { db: Db }, input: SellerScoped<UpdateProductInput>): Promise<SellerProduct> {
  const { productId, ...fields } = updateProductSchema.parse(input);
  const seller = await findSellerOrThrow(ctx, input.sellerId);
  await findOwnProductOrThrow(ctx, seller.id, productId);
  await assertProductNameFree(ctx, { sellerId: seller.id, name: fields.name, exceptProductId: productId });
  const product = await ctx.db.product.update({ where: { id: productId }, data: fields });
  await publishCatalogChange(ctx, seller.issuerClientId);
  return toSellerProduct(product);
}
