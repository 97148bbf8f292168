import type { z } from 'zod';
import type { Tx } from '../../db';
import { publishCatalogChange } from '../catalog-cache';
import { withOtherPrices } from '../offering-prices';
import { createOfferingSchema, type CreateOfferingInput, type SellerScoped } from './catalog-edit.schema';
import { toSellerOffering, type SellerOffering } from './seller-catalog.schema';
import { assertOfferingNameFree } from './catalog-names';
import { createOtherPrices, offeringPriceColumns } from './offering-price-columns';
import { findOwnProductOrThrow, findSellerOrThrow } from './seller-scope';

/** Adds an offering to one of the seller's products. Classification and price rules: see the schema. */
export async function createOffering(ctx: { db: Tx }, input: SellerScoped<CreateOfferingInput>): Promise<SellerOffering> {
  const fields = createOfferingSchema.parse(input);
  const seller = await findSellerOrThrow(ctx, input.sellerId);
  await findOwnProductOrThrow(ctx, seller.id, fields.productId);
  const offering = await insertOffering(ctx, seller.id, fields);
  await publishCatalogChange(ctx, seller.issuerClientId);
  return toSellerOffering(offering);
}

/**
 * The one writer of a new offering: the name rule, then the row with its default price in minor
 * units and its other currencies' prices, in one statement. The caller has checked that the
 * product is the seller's. `ctx.db` may be a transaction's client (an offering created with its
 * product in one step); the caller publishes the change after commit.
 */
export async function insertOffering(ctx: { db: Tx }, sellerId: string, input: z.output<typeof createOfferingSchema>) {
  const { productId, baseRate, currency, prices, ...fields } = input;
  await assertOfferingNameFree(ctx, { productId, name: fields.name });
  const columns = offeringPriceColumns({ baseRate, currency, prices });
  return ctx.db.offering.create({
    data: {
      ...fields,
      productId,
      sellerId,
      priceMinor: columns.priceMinor,
      currency: columns.currency,
      prices: createOtherPrices(columns),
    },
    include: withOtherPrices,
  });
}
