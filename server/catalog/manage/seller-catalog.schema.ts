import { z } from 'zod';
import { deviceModeSchema, maxDevicesSchema, maxOfflineDaysSchema } from '../../../sdk/src/contract/device-rules';
import type { Feature, Offering, Product } from '@/generated/prisma/client';
import { priceViewSchema } from '../catalog.schemas';
import { toPriceViews } from '../catalog-views';
import { toBaseRate } from '../money';
import type { OtherPrice } from '../offering-prices';

// What the portal reads of a seller's own catalog: every product, every offering (listed or not,
// any status) and every feature. Rows are shaped through these schemas, so a new column never
// reaches the browser by accident. camelCase like the edit schemas, so a form round-trips.

const sellerFeatureSchema = z.object({
  id: z.string(),
  offeringId: z.string(),
  key: z.string(),
  displayName: z.string(),
  description: z.string(),
  rate: z.number(),
  sampleSeconds: z.number().int().nullable(),
  rateLimit: z.number().int().nullable(),
  accessLevel: z.enum(['Allowed', 'Denied']).nullable(),
  allowance: z.number().int().nullable(),
  allowancePeriodUnit: z.number().int().nullable(),
});

export const sellerOfferingSchema = z.object({
  id: z.string(),
  productId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.number().int(),
  classification: z.number().int(),
  category: z.number().int(),
  /** The default price: major units of `currency`; null for a free offering. */
  baseRate: z.number().nullable(),
  currency: z.string(),
  /** Every price, the default first (the one baseRate and currency name); empty when free. */
  prices: z.array(priceViewSchema),
  interval: z.number().int().nullable(),
  intervalUnit: z.number().int().nullable(),
  seatBased: z.boolean(),
  listed: z.boolean(),
  allowRepeatPurchase: z.boolean(),
  /** A paid subscription's free trial, in days; null: none. */
  trialDays: z.number().int().nullable(),
  /** Devices one seat may run on at once; null: any number. */
  maxDevices: maxDevicesSchema,
  /** NodeLocked: a device stays until deactivated; Floating: it holds a lease while it checks in. */
  deviceMode: deviceModeSchema,
  /** The longest offline license file its licenses may check out, in days; 0: none. */
  maxOfflineDays: maxOfflineDaysSchema,
  features: z.array(sellerFeatureSchema),
});

export const sellerProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.number().int(),
  platform: z.number().int(),
  offerings: z.array(sellerOfferingSchema),
});

export const sellerCatalogSchema = z.object({
  issuerClientId: z.string(),
  isCheckoutReady: z.boolean(),
  products: z.array(sellerProductSchema),
});

export type SellerFeature = z.infer<typeof sellerFeatureSchema>;
export type SellerOffering = z.infer<typeof sellerOfferingSchema>;
export type SellerProduct = z.infer<typeof sellerProductSchema>;
export type SellerCatalog = z.infer<typeof sellerCatalogSchema>;

export function toSellerFeature(feature: Feature): SellerFeature {
  return sellerFeatureSchema.parse({
    id: feature.id,
    offeringId: feature.offeringId,
    key: feature.key,
    displayName: feature.displayName,
    description: feature.description,
    rate: feature.rate.toNumber(),
    sampleSeconds: feature.sampleSeconds,
    rateLimit: feature.rateLimit,
    accessLevel: feature.accessLevel,
    allowance: feature.allowance,
    allowancePeriodUnit: feature.allowancePeriodUnit,
  });
}

/** An offering row read with its other prices (`withOtherPrices`) and, for the full view, its features. */
type SellerOfferingRow = Offering & { features?: Feature[]; prices: OtherPrice[] };

export function toSellerOffering(offering: SellerOfferingRow): SellerOffering {
  return sellerOfferingSchema.parse({
    id: offering.id,
    productId: offering.productId,
    name: offering.name,
    description: offering.description,
    status: offering.status,
    classification: offering.classification,
    category: offering.category,
    baseRate: toBaseRate(offering.priceMinor, offering.currency),
    currency: offering.currency,
    prices: toPriceViews(offering),
    interval: offering.interval,
    intervalUnit: offering.intervalUnit,
    seatBased: offering.seatBased,
    listed: offering.listed,
    allowRepeatPurchase: offering.allowRepeatPurchase,
    trialDays: offering.trialDays,
    maxDevices: offering.maxDevices,
    deviceMode: offering.deviceMode,
    maxOfflineDays: offering.maxOfflineDays,
    features: (offering.features ?? []).map(toSellerFeature),
  });
}

export function toSellerProduct(product: Product & { offerings?: SellerOfferingRow[] }): SellerProduct {
  return sellerProductSchema.parse({
    id: product.id,
    name: product.name,
    description: product.description,
    status: product.status,
    platform: product.platform,
    offerings: (product.offerings ?? []).map(toSellerOffering),
  });
}

/** The currency a new offering starts in: the one most of the seller's offerings use (the latest on a tie), else usd. */
export function preferredCurrency(catalog: Pick<SellerCatalog, 'products'>): string {
  const uses = new Map<string, number>();
  for (const offering of catalog.products.flatMap((product) => product.offerings)) {
    uses.set(offering.currency, (uses.get(offering.currency) ?? 0) + 1);
  }
  let preferred = 'usd';
  let most = 0;
  for (const [currency, count] of uses) {
    if (count >= most) [preferred, most] = [currency, count];
  }
  return preferred;
}
