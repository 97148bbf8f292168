import type { Db } from '../../db';
import { publishCatalogChange } from '../catalog-cache';
import { appOfferingTerms, startSellingAppSchema, type SellerScoped, type StartSellingAppInput } from './catalog-edit.schema';
import { insertOffering } from './create-offering';
import { insertProduct } from './create-product';
import type { SellerOfferingWithProduct } from './get-seller-offering';
import { toSellerOffering, toSellerProduct } from './seller-catalog.schema';
import { findSellerOrThrow } from './seller-scope';
import { writeFeature } from './upsert-feature';

/**
 * Puts an app on sale in one step (the portal's "Sell an app"): a new product, its one offering and
 * that offering's features with their allowances, in one transaction, so a refusal of any part
 * leaves nothing behind. Each part goes through the writer of its detailed screen, with the same
 * rules and refusals; a taken product name is told on `Product.Name`.
 */
export async function startSellingApp(ctx: { db: Db }, input: SellerScoped<StartSellingAppInput>): Promise<SellerOfferingWithProduct> {
  const { product, offering, features } = startSellingAppSchema.parse(input);
  const seller = await findSellerOrThrow(ctx, input.sellerId);
  const { billing: _billing, ...offeringFields } = offering;
  const created = await ctx.db.$transaction(async (db) => {
    const tx = { db };
    const productRow = await insertProduct(tx, seller.id, product, { nameField: 'Product.Name' });
    const offeringRow = await insertOffering(tx, seller.id, { ...offeringFields, ...appOfferingTerms(offering), productId: productRow.id });
    // One at a time: a transaction is one connection.
    const featureRows = [];
    for (const feature of features) featureRows.push(await writeFeature(tx, { ...feature, offeringId: offeringRow.id }));
    return { productRow, offeringRow, featureRows };
  });
  // After the commit, as every catalog edit: a rolled-back attempt changes nobody's cache.
  await publishCatalogChange(ctx, seller.issuerClientId);
  const { productRow, offeringRow, featureRows } = created;
  return {
    product: toSellerProduct(productRow),
    offering: toSellerOffering({ ...offeringRow, features: featureRows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)) }),
  };
}
