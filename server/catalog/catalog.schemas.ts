import { z } from 'zod';
import { deviceModeSchema, maxDevicesSchema, maxOfflineDaysSchema } from '../../sdk/src/contract/device-rules';

// Response shapes of the public catalog (spec "Storefront", "Product view", "Offering view",
// "Offering detail"), camelCase as the services return them; the REST routes answer their PascalCase
// twins (server/wire/wire.ts, written by server/http/wire-json.ts), which write only the keys named
// here, so no column ever leaks.

export const productViewSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.number().int(),
  platform: z.number().int(),
});

/** One price of an offering (ours, beside the spec's fields): the default first, then one per other currency. */
export const priceViewSchema = z.object({
  /** Lower-case ISO 4217. */
  currency: z.string(),
  /** Major units of `currency`, with its own exponent (JPY 0 decimals, USD 2, KWD 3). */
  baseRate: z.number(),
  /** The price BaseRate and Currency name; exactly one. */
  isDefault: z.boolean(),
});

export const offeringViewSchema = z.object({
  id: z.string(),
  productId: z.string(),
  clientId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.number().int(),
  licenseClassification: z.number().int(),
  category: z.number().int(),
  baseRate: z.number().nullable(),
  currency: z.string(),
  interval: z.number().int().nullable(),
  intervalUnit: z.number().int().nullable(),
  /**
   * Ours, beside the spec's fields: a subscription's free trial that converts (days free, then
   * billed every interval). Present only on an offering that has one.
   */
  trialDays: z.number().int().min(1).max(730).optional(),
  /**
   * Ours, beside the spec's fields: every price of the offering, the default first (the one
   * BaseRate and Currency name), then the other currencies' by code. Empty when BaseRate is null.
   */
  prices: z.array(priceViewSchema),
  /**
   * Ours, beside the spec's fields: the device rules a license of this offering is sold with.
   * Devices one seat may run on at once (null: any number, no activation needed).
   */
  maxDevices: maxDevicesSchema,
  /** NodeLocked: a device stays activated until deactivated; Floating: it holds a lease that lapses without a heartbeat. */
  deviceMode: deviceModeSchema,
  /** The longest offline license file a license may check out, in days (0: no offline use). */
  maxOfflineDays: maxOfflineDaysSchema,
});

export const storefrontSchema = z.object({
  clientId: z.string(),
  isCheckoutReady: z.boolean(),
  products: z.array(productViewSchema),
  offeringsByProduct: z.record(z.string(), z.array(offeringViewSchema)),
});

export const resolvedFeatureSchema = z.object({
  featureKey: z.string(),
  displayName: z.string(),
  description: z.string(),
  rate: z.number(),
  sampleSeconds: z.number().int().nullable(),
  rateLimit: z.number().int().nullable(),
  serviceAccessLevel: z.enum(['Allowed', 'Denied']).nullable(),
});

export const offeringDetailSchema = z.object({
  offering: offeringViewSchema,
  product: productViewSchema,
  issuerClientId: z.string(),
  isCheckoutReady: z.boolean(),
  resolvedFeatures: z.array(resolvedFeatureSchema),
});

export type ProductView = z.infer<typeof productViewSchema>;
export type OfferingView = z.infer<typeof offeringViewSchema>;
export type PriceView = z.infer<typeof priceViewSchema>;
export type Storefront = z.infer<typeof storefrontSchema>;
export type ResolvedFeature = z.infer<typeof resolvedFeatureSchema>;
export type OfferingDetail = z.infer<typeof offeringDetailSchema>;
