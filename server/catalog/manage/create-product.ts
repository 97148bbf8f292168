import type { z } from 'zod';
import type { Tx } from '../../db';
import { publishCatalogChange } from '../catalog-cache';
import { createProductSchema, type CreateProductInput, type SellerScoped } from './catalog-edit.schema';
import { toSellerProduct, type SellerProduct } from './seller-catalog.schema';
import { assertProductNameFree } from './catalog-names';
import { findSellerOrThrow } from './seller-scope';

export async function createProduct(ctx: { db: Tx }, input: SellerScoped<CreateProductInput>): Promise<SellerProduct> {
  const fields = createProductSchema.parse(input);
  const seller = await findSellerOrThrow(ctx, input.sellerId);
  const product = await insertProduct(ctx, seller.id, fields);
  await publishCatalogChange(ctx, seller.issuerClientId);
  return toSellerProduct(product);
}

/**
 * The one writer of a new product: the name rule, then the row. `ctx.db` may be a transaction's
 * client (a product created with its offering in one step); the caller publishes the change after
 * its commit. `nameField` is the field a taken name is told on, as the caller's request names it.
 */
export async function insertProduct(ctx: { db: Tx }, sellerId: string, fields: z.output<typeof createProductSchema>, options: { nameField?: string } = {}) {
  await assertProductNameFree(ctx, { sellerId, name: fields.name, field: options.nameField });
  return ctx.db.product.create({ data: { ...fields, sellerId } });
}
