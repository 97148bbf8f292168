import { z } from 'zod';
import type { Db } from '../db';
import { DomainError } from '../errors';
import { isFreeOffering } from '../checkout/purchasable-offering';
import { storefrontUrl } from './storefront-url';
import { findSellerByIssuerClientId } from '../sellers/find-seller-by-issuer-client-id';
import { offeringViewSchema, productViewSchema, resolvedFeatureSchema } from './catalog.schemas';
import { toOfferingView, toProductView, toResolvedFeature } from './catalog-views';
import { describePrice } from './describe-offering';
import { listedOfferingWhere } from './listed-offerings';
import { withOtherPrices } from './offering-prices';
import { storefrontName } from './seller-profile';

// One listed offering told in full for someone deciding whether to buy it (the MCP endpoint's
// get_offering and start_purchase): the spec's offering detail, plus what the storefront page shows
// beside it (price line, seats, repeat rule), each feature's allowance, and where to buy it.

const offeringAllowanceSchema = z.object({
  featureKey: z.string(),
  /** Units one seat may use per period; null for unlimited. */
  allowance: z.number().int().nullable(),
  /** 0 day, 1 week, 2 month, 3 year; null when unlimited. */
  allowancePeriodUnit: z.number().int().nullable(),
});

export const listedOfferingSchema = z.object({
  offering: offeringViewSchema,
  product: productViewSchema,
  issuerClientId: z.string(),
  storeName: z.string(),
  isCheckoutReady: z.boolean(),
  price: z.string(),
  free: z.boolean(),
  seatBased: z.boolean(),
  allowRepeatPurchase: z.boolean(),
  resolvedFeatures: z.array(resolvedFeatureSchema),
  allowances: z.array(offeringAllowanceSchema),
  /** The hosted storefront, at this offering: a person opens it to buy. */
  purchaseUrl: z.string(),
});

export type ListedOffering = z.infer<typeof listedOfferingSchema>;

export async function describeListedOffering(ctx: { db: Db }, issuerClientId: string, offeringId: string): Promise<ListedOffering> {
  const found = await findSellerByIssuerClientId(ctx, issuerClientId);
  const row = found && (await ctx.db.offering.findFirst({
    where: { id: offeringId, sellerId: found.seller.id, ...listedOfferingWhere },
    include: { product: true, features: { orderBy: { key: 'asc' } }, ...withOtherPrices },
  }));
  if (!found || !row) throw new DomainError('NotFound', 'No listed offering with that id for this seller.');
  const { seller } = found;
  const offering = toOfferingView(row, seller.issuerClientId);
  const free = isFreeOffering(row);
  return {
    offering,
    product: toProductView(row.product, seller.issuerClientId),
    issuerClientId: seller.issuerClientId,
    storeName: storefrontName(seller),
    isCheckoutReady: seller.checkoutReady,
    price: describePrice(offering, { perSeat: row.seatBased && !free }),
    free,
    seatBased: row.seatBased,
    allowRepeatPurchase: row.allowRepeatPurchase,
    resolvedFeatures: row.features.map(toResolvedFeature),
    allowances: row.features.map((feature) => ({ featureKey: feature.key, allowance: feature.allowance, allowancePeriodUnit: feature.allowancePeriodUnit })),
    purchaseUrl: storefrontUrl(seller.issuerClientId, row.id),
  };
}
