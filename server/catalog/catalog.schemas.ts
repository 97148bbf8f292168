import { z } from 'zod';

// Response shapes of the public catalog (spec "Storefront", "Product view", "Offering view",
// "Offering detail"). Every answer is parsed through these, so no column ever leaks.

export const productViewSchema = z.object({
  Id: z.string(),
  ClientId: z.string(),
  Name: z.string(),
  Description: z.string(),
  Status: z.number().int(),
  Platform: z.number().int(),
});

export const offeringViewSchema = z.object({
  Id: z.string(),
  ProductId: z.string(),
  ClientId: z.string(),
  Name: z.string(),
  Description: z.string().nullable(),
  Status: z.number().int(),
  LicenseClassification: z.number().int(),
  Category: z.number().int(),
  BaseRate: z.number().nullable(),
  Currency: z.string(),
  Interval: z.number().int().nullable(),
  IntervalUnit: z.number().int().nullable(),
});

export const storefrontSchema = z.object({
  ClientId: z.string(),
  IsCheckoutReady: z.boolean(),
  Products: z.array(productViewSchema),
  OfferingsByProduct: z.record(z.string(), z.array(offeringViewSchema)),
});

export const resolvedFeatureSchema = z.object({
  FeatureKey: z.string(),
  DisplayName: z.string(),
  Description: z.string(),
  Rate: z.number(),
  SampleSeconds: z.number().int().nullable(),
  RateLimit: z.number().int().nullable(),
  ServiceAccessLevel: z.enum(['Allowed', 'Denied']).nullable(),
});

export const offeringDetailSchema = z.object({
  Offering: offeringViewSchema,
  Product: productViewSchema,
  IssuerClientId: z.string(),
  IsCheckoutReady: z.boolean(),
  ResolvedFeatures: z.array(resolvedFeatureSchema),
});

export type ProductView = z.infer<typeof productViewSchema>;
export type OfferingView = z.infer<typeof offeringViewSchema>;
export type Storefront = z.infer<typeof storefrontSchema>;
export type ResolvedFeature = z.infer<typeof resolvedFeatureSchema>;
export type OfferingDetail = z.infer<typeof offeringDetailSchema>;
